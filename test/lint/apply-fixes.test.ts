import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { applyFixes, toKeys } from "../../src/lint/apply-fixes.js";
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
