import { describe, expect, test } from "vitest";
import { editJsonText } from "../../../src/lint/edit-json-text.js";

const FLOW = `{
    "nodes": [
        {
            "data": {
                "inputs": {
                    "requestsGetUrl": "http://localhost:5566/events/{id}",
                    "requestsGetQueryParamsSchema": "{\\n  \\"id\\": { \\"type\\": \\"string\\", \\"in\\": \\"path\\" },\\n  \\"limit\\": { \\"type\\": \\"number\\", \\"in\\": \\"query\\" }\\n}",
                    "ratio": 1.0,
                    "note": "caf\\u00e9"
                }
            }
        }
    ]
}
`;

describe("editJsonText: only the edited values change", () => {
  test("a string set in place keeps the indentation, key order, number spellings and escapes", () => {
    const edited = editJsonText(FLOW, [
      { path: ["nodes", 0, "data", "inputs", "requestsGetUrl"], value: "http://localhost:5566/events/:id" },
    ]);
    expect(edited).toEqual({ ok: true, text: FLOW.replace("/events/{id}", "/events/:id") });
  });

  test("a key inside a JSON string is edited in that JSON, which keeps its own layout", () => {
    const edited = editJsonText(FLOW, [
      {
        path: ["nodes", 0, "data", "inputs", "requestsGetQueryParamsSchema", "id", "description"],
        value: "the event",
      },
      { path: ["nodes", 0, "data", "inputs", "requestsGetQueryParamsSchema", "limit"] },
    ]);
    if (!edited.ok) throw new Error(edited.reason);
    const inputs = JSON.parse(edited.text).nodes[0].data.inputs;
    expect(inputs.requestsGetQueryParamsSchema).toBe(
      '{\n  "id": { "type": "string", "in": "path", "description": "the event" }\n}',
    );
    expect(edited.text.split("\n").filter((line) => !line.includes("QueryParamsSchema"))).toEqual(
      FLOW.split("\n").filter((line) => !line.includes("QueryParamsSchema")),
    );
  });

  test("a key renamed keeps its value and place", () => {
    const edited = editJsonText('{"a": 1, "b": {"c": 2}, "d": 3}', [{ path: ["b"], renameTo: "e" }]);
    expect(edited).toEqual({ ok: true, text: '{"a": 1, "e": {"c": 2}, "d": 3}' });
  });

  test.each([
    ["the last item of a one-line list", '[{"name":"a"},{"name":"limit"}]', [1], '[{"name":"a"}]'],
    ["the first item of a one-line list", '[{"name":"limit"},{"name":"a"}]', [0], '[{"name":"a"}]'],
    ["a key of a one-line object", '{"a":1,"limit":2,"b":3}', ["limit"], '{"a":1,"b":3}'],
    [
      "an item of an indented list",
      '{\n  "p": [\n    {\n      "name": "a"\n    },\n    {\n      "name": "limit"\n    }\n  ]\n}\n',
      ["p", 1],
      '{\n  "p": [\n    {\n      "name": "a"\n    }\n  ]\n}\n',
    ],
  ])("removes %s", (_, text, path, expected) => {
    expect(editJsonText(text, [{ path }])).toEqual({ ok: true, text: expected });
  });

  test("a key added is written in the text's indentation", () => {
    const edited = editJsonText('{\n    "a": {\n        "b": 1\n    }\n}', [
      { path: ["a", "c"], value: true },
    ]);
    expect(edited).toEqual({ ok: true, text: '{\n    "a": {\n        "b": 1,\n        "c": true\n    }\n}' });
  });

  test.each([
    ["a schema string that is not JSON", '{"s": "{id: 1}"}', ["s", "id"], "s is not strict JSON"],
    ["a path that is not there", '{"a": {}}', ["a", "b", "c"], "a.b is not there"],
    ["a file with comments", '{"a": 1 // one\n}', ["a"], "the file is not strict JSON"],
  ])("refuses %s, saying why", (_, text, path, reason) => {
    expect(editJsonText(text, [{ path, value: 2 }])).toEqual({ ok: false, reason });
  });
});
