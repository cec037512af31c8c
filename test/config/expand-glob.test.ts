import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { expandGlob, globBase, isGlob } from "../../src/config/expand-glob.js";

let base: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "tooldeck-glob-"));
  for (const file of [
    "tools/a.yaml",
    "tools/b.yml",
    "tools/c.json",
    "tools/nested/d.yaml",
    "tools/nested/deep/e.yaml",
  ]) {
    mkdirSync(join(base, file, ".."), { recursive: true });
    writeFileSync(join(base, file), "kind: request\n");
  }
  mkdirSync(join(base, "tools", "node_modules"), { recursive: true });
  writeFileSync(join(base, "tools", "node_modules", "x.yaml"), "kind: request\n");
});

const matched = (pattern: string) =>
  expandGlob(pattern, base, { roots: [base] }).map((file) => file.replaceAll("\\", "/"));

describe("expandGlob: the config files a quoted pattern names", () => {
  test.each([
    ["tools/*.yaml", ["tools/a.yaml"]],
    ["tools/?.y*ml", ["tools/a.yaml", "tools/b.yml"]],
    ["tools/[ab].*", ["tools/a.yaml", "tools/b.yml"]],
    ["tools/**/*.yaml", ["tools/a.yaml", "tools/nested/d.yaml", "tools/nested/deep/e.yaml"]],
    ["tools/nested/**", ["tools/nested/d.yaml", "tools/nested/deep/e.yaml"]],
    ["tools/*.toml", []],
    ["missing/**/*.yaml", []],
  ])("%s", (pattern, files) => {
    expect(matched(pattern).sort()).toEqual(files);
  });

  test("node_modules is never walked into", () => {
    expect(matched("tools/**/x.yaml")).toEqual([]);
  });

  test("isGlob and globBase tell a pattern and the folder it starts from", () => {
    expect([isGlob("tools/*.yaml"), isGlob("tools/a.yaml")]).toEqual([true, false]);
    expect([globBase("tools/nested/**/*.yaml"), globBase("*.yaml")]).toEqual(["tools/nested", "."]);
  });
});
