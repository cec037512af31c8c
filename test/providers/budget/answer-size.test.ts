import { beforeAll, expect, test } from "vitest";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { answerSize } from "../../../src/providers/budget/answer-size.js";
import { schemaChars } from "../../../src/providers/budget/schema-size.js";

const ITEM = {
  type: "object",
  required: ["id", "name", "created_at"],
  properties: {
    id: { type: "integer" },
    name: { type: "string", example: "Team offsite" },
    created_at: { type: "string", format: "date-time" },
    notes: { type: "string" },
  },
};
const json = (schema: unknown) => ({
  200: { description: "ok", content: { "application/json": { schema } } },
});
const page = (extra: Record<string, unknown>) => ({ name: "per_page", in: "query", ...extra });

let index: OperationIndex;
beforeAll(async () => {
  index = createOperationIndex(
    await loadSpec({
      openapi: "3.1.0",
      info: { title: "Items", version: "1" },
      paths: {
        "/items": { get: { operationId: "list", responses: json({ type: "array", items: ITEM }) } },
        "/capped": {
          get: { operationId: "capped", responses: json({ type: "array", maxItems: 20, items: ITEM }) },
        },
        "/paged": {
          get: {
            operationId: "paged",
            parameters: [page({ schema: { type: "integer", maximum: 50 } })],
            responses: json({ type: "array", items: ITEM }),
          },
        },
        "/said": {
          get: {
            operationId: "said",
            parameters: [
              page({ description: "Results per page (max 100).", schema: { type: "integer", default: 30 } }),
            ],
            responses: json({
              type: "object",
              properties: { total: { type: "integer" }, items: { type: "array", items: ITEM } },
            }),
          },
        },
        "/wrapped": {
          get: {
            operationId: "wrapped",
            responses: json({ type: "object", properties: { records: { type: "array", items: ITEM } } }),
          },
        },
        "/one": { get: { operationId: "one", responses: json(ITEM) } },
        "/text": {
          get: {
            operationId: "text",
            responses: { 200: { description: "ok", content: { "text/plain": {} } } },
          },
        },
      },
    }),
  );
});
const op = (id: string) => index.byOperationId.get(id) ?? expect.unreachable(id);

test("a typical value: required properties, the example, a format's length", () => {
  // {"id":12345678,"name":"Team offsite","created_at":"2026-11-29T12:00:00Z"}: 8 + 14 + 22 characters of values.
  expect(schemaChars(ITEM)).toBe(1 + (2 + 4 + 8) + (4 + 4 + 14) + (10 + 4 + 22));
});

test("a nullable object counts as null, a oneOf as its smallest choice, a cycle once", () => {
  const node: Record<string, unknown> = { type: "object", properties: { id: { type: "integer" } } };
  (node.properties as Record<string, unknown>).parent = node;
  expect(
    schemaChars({
      type: "object",
      properties: { owner: { type: ["object", "null"], properties: { login: { type: "string" } } } },
    }),
  ).toBe(1 + 5 + 4 + 4);
  expect(schemaChars({ oneOf: [{ type: "boolean" }, ITEM] })).toBe(5);
  expect(schemaChars(node)).toBeGreaterThan(0);
});

test.each([
  { id: "list", expected: { kind: "unbounded", where: "the answer", itemChars: 74 } },
  { id: "wrapped", expected: { kind: "unbounded", where: "its records", itemChars: 74 } },
  {
    id: "capped",
    expected: { kind: "bounded", chars: 2 + 20 * 74, list: { count: 20, from: "maxItems 20" } },
  },
  {
    id: "paged",
    expected: { kind: "bounded", chars: 2 + 50 * 74, list: { count: 50, from: "per_page (at most 50)" } },
  },
  {
    id: "said",
    expected: { kind: "bounded", chars: 18 + 100 * 74, list: { count: 100, from: "per_page (at most 100)" } },
  },
  { id: "one", expected: { kind: "bounded", chars: 73 } },
])("$id: $expected.kind", ({ id, expected }) => {
  expect(answerSize(op(id))).toEqual(expected);
});

test("no JSON answer documented: no size", () => {
  expect(answerSize(op("text"))).toBeUndefined();
});

test("n8n's Field Containing Data names the list", () => {
  expect(answerSize(op("one"), "name")).toEqual({ kind: "bounded", chars: 73 });
  expect(answerSize(op("wrapped"), "records")).toMatchObject({ kind: "unbounded", where: "its records" });
});
