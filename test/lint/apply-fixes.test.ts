import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { applyFixes } from "../../src/lint/apply-fixes.js";
import type { ConfigChange, Diagnostic } from "../../src/lint/diagnostic.js";
import { toKeys } from "../../src/lint/edit-config-document.js";

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

  test("a Flowise export is never edited", () => {
    const content = JSON.stringify({ nodes: [{ data: { inputs: { requestsPutUrl: "x" } } }] });
    const path = file("flow.json", content);
    const outcome = applyFixes([
      diagnostic(path, "nodes[0].data.inputs", [{ path: "nodes[0].data.inputs.requestsPutUrl", value: "y" }]),
    ]);
    expect(outcome.fixed).toEqual([]);
    expect(outcome.skipped.map((s) => s.reason)).toEqual([
      "not in tooldeck's format (Flowise exports are not edited)",
    ]);
    expect(readFileSync(path, "utf8")).toBe(content);
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
