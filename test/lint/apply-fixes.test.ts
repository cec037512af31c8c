import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { toKeys } from "../../src/config/json-path.js";
import { applyFixes } from "../../src/lint/apply-fixes.js";
import type { ConfigChange, Diagnostic } from "../../src/lint/diagnostic.js";

function diagnostic(file: string, configPath: string, changes: ConfigChange[]): Diagnostic {
  return {
    code: "x",
    severity: "error",
    tool: "t",
    file,
    path: configPath,
    message: "m",
    fix: { description: "change it", changes, configPath },
  };
}

function file(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "tooldeck-fix-")), name);
  writeFileSync(path, content);
  return path;
}

describe("applyFixes", () => {
  test("JSON stays JSON; a value set, another removed", () => {
    const path = file("t.json", JSON.stringify([{ kind: "request", method: "PUT", maxOutputLength: 0 }]));
    const outcome = applyFixes([
      diagnostic(path, "[0]", [{ path: "[0].method", value: "PATCH" }, { path: "[0].maxOutputLength" }]),
    ]);
    expect(outcome.fixed).toEqual([{ file: path, fixes: ["t: change it"] }]);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual([{ kind: "request", method: "PATCH" }]);
  });

  test("a key renamed keeps its value, its place and its comment", () => {
    const path = file(
      "t.yaml",
      "kind: request\nqueryParamsSchema:\n  # the to-do\n  id:\n    type: string\n  q:\n    type: string\n",
    );
    applyFixes([
      diagnostic(path, "", [
        { path: "queryParamsSchema.id", renameTo: "todoId" },
        { path: "queryParamsSchema.todoId.type", value: "integer" },
      ]),
    ]);
    expect(readFileSync(path, "utf8")).toBe(
      "kind: request\nqueryParamsSchema:\n  # the to-do\n  todoId:\n    type: integer\n  q:\n    type: string\n",
    );
  });

  test.each([
    [
      "a flow map edited in place stays one line, however long",
      "kind: request\nbodySchema:\n  due: { type: string, description: when }\n",
      [{ path: "bodySchema.due.description", value: `when it is due, ${"an ISO 8601 date ".repeat(6)}` }],
      `kind: request\nbodySchema:\n  due: { type: string, description: "when it is due, ${"an ISO 8601 date ".repeat(6)}" }\n`,
    ],
    [
      "unpadded flow collections stay unpadded, lists included",
      "kind: request\nheaders: {Accept: text/plain}\nbodySchema:\n  tags: {type: array}\nx: [a, b]\n",
      [{ path: "bodySchema.tags.required", value: true }],
      "kind: request\nheaders: {Accept: text/plain}\nbodySchema:\n  tags: {type: array, required: true}\nx: [a, b]\n",
    ],
    [
      "a map added beside flow maps is a flow map",
      "kind: request\nbodySchema:\n  title: { type: string }\n",
      [{ path: "bodySchema.due", value: { type: "string", required: true } }],
      "kind: request\nbodySchema:\n  title: { type: string }\n  due: { type: string, required: true }\n",
    ],
    [
      "a map added beside block maps is a block map",
      "kind: request\nheaders: {}\nbodySchema:\n  title:\n    type: string\n",
      [{ path: "queryParamsSchema", value: { id: { type: "string" } } }],
      "kind: request\nheaders: {}\nbodySchema:\n  title:\n    type: string\nqueryParamsSchema:\n  id:\n    type: string\n",
    ],
  ])("layout: %s", (_, content, changes, expected) => {
    const path = file("t.yaml", content);
    applyFixes([diagnostic(path, "", changes)]);
    expect(readFileSync(path, "utf8")).toBe(expected);
  });

  test("a fix that does not name the export's platform is not written into it", () => {
    const content = JSON.stringify({ nodes: [{ data: { inputs: { requestsPutUrl: "x" } } }] });
    const path = file("flow.json", content);
    const outcome = applyFixes([
      diagnostic(path, "nodes[0].data.inputs", [{ path: "nodes[0].data.inputs.requestsPutUrl", value: "y" }]),
    ]);
    expect(outcome.fixed).toEqual([]);
    expect(outcome.skipped.map((s) => s.reason)).toEqual([
      "not in tooldeck's format (no kind where the config was read)",
    ]);
    expect(readFileSync(path, "utf8")).toBe(content);
  });

  test("a fixed file is replaced whole (no temporary file left); a symlinked config is fixed where it lies", () => {
    const target = file("shared.yaml", "kind: request # the one tool\nmethod: PUT\n");
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-fix-"));
    const link = join(dir, "t.yaml");
    symlinkSync(target, link);
    const outcome = applyFixes([diagnostic(link, "", [{ path: "method", value: "PATCH" }])]);
    expect(outcome.fixed).toEqual([{ file: link, fixes: ["t: change it"] }]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("kind: request # the one tool\nmethod: PATCH\n");
    expect(readdirSync(dirname(target))).toEqual(["shared.yaml"]);
  });

  test("a file that cannot be read is skipped, saying so", () => {
    const outcome = applyFixes([diagnostic("/nonexistent/t.yaml", "", [{ path: "method", value: "PATCH" }])]);
    expect(outcome.skipped.map((s) => s.reason)).toEqual(["the file cannot be read"]);
  });

  test.each([
    ["[2].queryParamsSchema.id", [2, "queryParamsSchema", "id"]],
    ["url", ["url"]],
    ["", []],
  ])("toKeys(%j)", (path, keys) => {
    expect(toKeys(path)).toEqual(keys);
  });
});
