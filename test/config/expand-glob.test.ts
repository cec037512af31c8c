import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
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

describe("expandGlob: braces, and the guards of the walk", () => {
  test.each([
    ["tools/{a,c}.*", ["tools/a.yaml", "tools/c.json"]],
    ["tools/{a,b}.{yaml,yml}", ["tools/a.yaml", "tools/b.yml"]],
    ["{tools/a,tools/nested/d}.yaml", ["tools/a.yaml", "tools/nested/d.yaml"]],
    ["tools/{nested,missing}/*.yaml", ["tools/nested/d.yaml"]],
    ["tools/@(a|b).*", ["tools/a.yaml", "tools/b.yml"]],
  ])("%s", (pattern, files) => {
    expect(matched(pattern)).toEqual(files);
  });

  test("isGlob and globBase read braces as picomatch does", () => {
    expect([isGlob("tools/{a,b}.yaml"), globBase("tools/{a,b}.yaml")]).toEqual([true, "tools"]);
    expect(globBase("{tools/a,more/b}.yaml")).toBe(".");
  });

  test("matches come in code-point order of their segments, folders among files by name", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-glob-order-"));
    for (const file of ["t/a-b.yaml", "t/a/x.yaml", "t/B.yaml", "t/b.yaml"]) {
      mkdirSync(join(dir, file, ".."), { recursive: true });
      writeFileSync(join(dir, file), "kind: request\n");
    }
    expect(expandGlob("t/**/*.yaml", dir).map((file) => file.replaceAll("\\", "/"))).toEqual([
      "t/B.yaml",
      "t/a/x.yaml",
      "t/a-b.yaml",
      "t/b.yaml",
    ]);
  });

  test("a symlink out of the project inside a hidden folder or node_modules is not even looked at", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-glob-hidden-"));
    const outside = mkdtempSync(join(tmpdir(), "tooldeck-glob-outside-"));
    writeFileSync(join(outside, "secret.yaml"), "kind: request\n");
    for (const folder of ["t/.git", "t/node_modules/pkg"]) {
      mkdirSync(join(dir, folder), { recursive: true });
      symlinkSync(outside, join(dir, folder, "out"));
    }
    writeFileSync(join(dir, "t", "a.yaml"), "kind: request\n");
    const refused: string[] = [];
    const files = expandGlob("t/**/*.yaml", dir, { roots: [dir], onRefused: (path) => refused.push(path) });
    expect({ files, refused }).toEqual({ files: [join("t", "a.yaml")], refused: [] });
  });

  test("a symlink out of the project is refused where the pattern walks", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-glob-link-"));
    const outside = mkdtempSync(join(tmpdir(), "tooldeck-glob-outside-"));
    writeFileSync(join(outside, "secret.yaml"), "kind: request\n");
    mkdirSync(join(dir, "t"));
    symlinkSync(outside, join(dir, "t", "out"));
    symlinkSync(join(outside, "secret.yaml"), join(dir, "t", "env.yaml"));
    const refused: string[] = [];
    const files = expandGlob("t/**/*.{yaml,json}", dir, {
      roots: [realpathSync(dir)],
      onRefused: (path) => refused.push(path),
    });
    expect({ files, refused: refused.sort() }).toEqual({
      files: [],
      refused: [join("t", "env.yaml"), join("t", "out")],
    });
  });

  test("a fan of symlinks (two links to the next folder, 24 deep: 16 million paths) walks each folder once", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-glob-fan-"));
    for (let level = 0; level <= 24; level++) {
      mkdirSync(join(dir, `f${level}`));
      writeFileSync(join(dir, `f${level}`, "x.yaml"), "kind: request\n");
      if (level > 0) {
        symlinkSync(join(dir, `f${level}`), join(dir, `f${level - 1}`, "a"));
        symlinkSync(join(dir, `f${level}`), join(dir, `f${level - 1}`, "b"));
      }
    }
    const files = expandGlob("f0/**/*.yaml", dir, { roots: [realpathSync(dir)] });
    // Each level once, through the first link (`a` sorts first): f1 and f10 are not taken for a loop.
    expect(files).toHaveLength(25);
    expect(files[0]).toBe(join("f0", ...Array(24).fill("a"), "x.yaml"));
    expect(files.at(-1)).toBe(join("f0", "x.yaml"));
  });

  test("a symlink loop is walked once", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-glob-loop-"));
    mkdirSync(join(dir, "t"));
    writeFileSync(join(dir, "t", "a.yaml"), "kind: request\n");
    symlinkSync(join(dir, "t"), join(dir, "t", "loop"));
    expect(expandGlob("t/**/*.yaml", dir, { roots: [realpathSync(dir)] })).toEqual([join("t", "a.yaml")]);
  });
});
