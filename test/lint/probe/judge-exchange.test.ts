import { expect, test } from "vitest";
import { judgeExchange } from "../../../src/lint/probe/judge-exchange.js";
import type { ToolResult } from "../../../src/runtime/tool-result.js";

const request = { method: "PUT", url: "http://api.test/events", headers: {} };
const notFound = {
  status: 404,
  statusText: "Not Found",
  headers: {},
  body: '{"error":"Endpoint not found"}',
};

test.each([
  [
    "a platform that words the error itself: what the LLM was left with is shown",
    '[{"error":"The resource you are requesting could not be found"}]',
    'PUT /events answered 404 {"error":"Endpoint not found"}; the LLM sees [{"error":"The resource you are requesting could not be found"}]',
  ],
  [
    "an output that holds the body: nothing more to show",
    'HTTP 404: {"error":"Endpoint not found"}',
    'PUT /events answered 404 {"error":"Endpoint not found"}',
  ],
  [
    "an empty output (n8n's Agent 2.2): nothing to show",
    "",
    'PUT /events answered 404 {"error":"Endpoint not found"}',
  ],
])("a non-2xx answer, %s", (_name, output, message) => {
  const result: ToolResult = { ok: false, output, request, response: notFound };
  expect(judgeExchange(result, undefined).map((finding) => finding.message)).toEqual([message]);
});
