import { describe, expect, test } from "vitest";
import type { ConfigChange } from "../../src/lint/diagnostic.js";
import { whyFixChangesTool } from "../../src/lint/fix-safety.js";
import { requestTool } from "./support/test-rule.js";

const fix = (...changes: ConfigChange[]) => ({ description: "a fix", changes });
const id = { type: "string", in: "path", required: true } as const;
const limit = { type: "number", in: "query" } as const;

describe("whyFixChangesTool: a fix keeps the method family, the resource and the arguments", () => {
  test.each([
    ["PUT → PATCH, the same update", "PUT", "PATCH", undefined],
    ["PATCH → PUT", "PATCH", "PUT", undefined],
    ["POST → GET: a create becomes a read", "POST", "GET", "it turns a create (POST) into a read (GET)"],
    ["PUT → GET: an update becomes a read", "PUT", "GET", "it turns an update (PUT) into a read (GET)"],
    ["DELETE → GET", "DELETE", "GET", "it turns a delete (DELETE) into a read (GET)"],
    ["GET → POST: a read becomes a write", "GET", "POST", "it turns a read (GET) into a create (POST)"],
    ["POST → PUT", "POST", "PUT", "it turns a create (POST) into an update (PUT)"],
  ] as const)("%s", (_, from, to, why) => {
    expect(whyFixChangesTool(requestTool({ method: from }), fix({ path: "method", value: to }))).toBe(why);
  });

  test.each([
    ["an item of the same collection", "{{$vars.base_url}}/events/:id", undefined],
    ["a placeholder renamed", "{{$vars.base_url}}/events/{eventId}", undefined],
    [
      "another collection",
      "{{$vars.base_url}}/users",
      "it points the tool at another resource (/users instead of /events)",
    ],
    ["another host", "https://evil.example/events", "it sends the tool to https://evil.example"],
  ])("the URL: %s", (_, url, why) => {
    const tool = requestTool({ method: "PATCH", url: "{{$vars.base_url}}/events" });
    expect(whyFixChangesTool(tool, fix({ path: "url", value: url }))).toBe(why);
  });

  test("a param renamed is carried over; one removed is dropped", () => {
    const tool = requestTool({ url: "{{$vars.base_url}}/events/:id", queryParamsSchema: { id, limit } });
    expect(
      whyFixChangesTool(tool, fix({ path: "queryParamsSchema.id", renameTo: "eventId" })),
    ).toBeUndefined();
    expect(whyFixChangesTool(tool, fix({ path: "queryParamsSchema.limit" }))).toBe(
      "it drops the argument limit the model could send",
    );
    expect(whyFixChangesTool(tool, fix({ path: "bodySchema" }))).toBeUndefined();
  });

  test("a body field removed is dropped too", () => {
    const tool = requestTool({
      method: "POST",
      bodySchema: { name: { type: "string" }, date: { type: "string" } },
    });
    expect(whyFixChangesTool(tool, fix({ path: "bodySchema.date" }))).toBe(
      "it drops the argument date the model could send",
    );
  });

  test("a description, a type or `in` changed keeps the tool", () => {
    const tool = requestTool({ queryParamsSchema: { limit } });
    expect(
      whyFixChangesTool(
        tool,
        fix(
          { path: "queryParamsSchema.limit.description", value: "at most 10" },
          { path: "queryParamsSchema.limit.type", value: "integer" },
        ),
      ),
    ).toBeUndefined();
  });

  test("written as an attacker: param names that walk into prototypes change nothing outside the copy", () => {
    const hostile = JSON.parse(
      '{"__proto__": {"type": "string", "in": "query"}, "constructor": {"type": "string"}}',
    );
    const tool = requestTool({ queryParamsSchema: hostile });
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    expect(whyFixChangesTool(tool, fix({ path: "queryParamsSchema.__proto__" }))).toBe(
      "it drops the argument __proto__ the model could send",
    );
    whyFixChangesTool(tool, fix({ path: "queryParamsSchema.__proto__.polluted", value: true }));
    whyFixChangesTool(tool, fix({ path: "__proto__.polluted", value: true }));
    whyFixChangesTool(tool, fix({ path: "constructor.prototype.polluted", value: true }));
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
