import { expect, test } from "vitest";
import { judgeExchange } from "../../../src/lint/probe/judge-exchange.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../src/openapi/operation-index.js";
import type { ToolResult } from "../../../src/runtime/tool-result.js";

/** An operation that documents only 200 and 401, as many real descriptions do. */
const spec = async () =>
  createOperationIndex(
    await loadSpec({
      openapi: "3.1.0",
      info: { title: "Events API", version: "1" },
      servers: [{ url: "https://api.example-events.com" }],
      paths: {
        "/events": {
          get: { responses: { 200: { description: "ok" }, 401: { description: "no key" } } },
        },
      },
    }),
  );

/** A call answered 429, a status the description does not document. */
const answered429: ToolResult = {
  ok: false,
  output: "HTTP 429",
  request: { method: "GET", url: "https://api.example-events.com/events", headers: {} },
  response: { status: 429, statusText: "Too Many Requests", headers: {}, body: "" },
};

const messages = (findings: { message: string }[]) => findings.map((finding) => finding.message);

test("a status the description does not document, from a real service, is drift the tool meets", async () => {
  expect(messages(judgeExchange(answered429, await spec()))).toContain(
    "GET /events answered 429, which its description does not document",
  );
});

test("the same status from one of tooldeck's emulators is the emulator's doing, not the tool's (issue 38)", async () => {
  const findings = messages(judgeExchange(answered429, await spec(), { emulated: true }));
  expect(findings).toEqual(["GET /events answered 429"]);
});
