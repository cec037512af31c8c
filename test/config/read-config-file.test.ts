import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readConfigFile } from "../../src/config/read-config-file.js";

const folder = mkdtempSync(join(tmpdir(), "tooldeck-read-"));

function file(name: string, content: string): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

describe("readConfigFile", () => {
  test.each([
    ["JSON", "a.json", '{"a": 1}', { a: 1 }],
    ["JSON after a byte-order mark", "bom.json", '\uFEFF{"a": 1}', { a: 1 }],
    ["YAML (.yaml)", "a.yaml", "a: 1\nb: [x]\n", { a: 1, b: ["x"] }],
    ["YAML (.yml), dates kept as text", "a.yml", "date: 2024-07-15\n", { date: "2024-07-15" }],
    ["YAML that is JSON", "j.yaml", '{"a": 1}', { a: 1 }],
  ])("reads %s", (_label, name, content, value) => {
    expect(readConfigFile(file(name, content))).toEqual({ ok: true, value });
  });

  test.each([
    ["an empty file", "empty.json", "", "empty file"],
    ["a blank YAML file", "blank.yaml", "  \n\n", "empty file"],
    [
      "a YAML syntax error, with its place",
      "bad.yaml",
      "a: [1\nb: 2",
      "invalid YAML (deficient indentation at line 2, column 1)",
    ],
    [
      "several YAML documents",
      "multi.yaml",
      "a: 1\n---\nb: 2\n",
      "invalid YAML (expected a single document in the stream, but found more)",
    ],
  ])("%s is a one-line message", (_label, name, content, message) => {
    expect(readConfigFile(file(name, content))).toEqual({ ok: false, message });
  });

  test("a folder, a device or a missing file is not read", () => {
    const path = join(folder, "dir.json");
    mkdirSync(path);
    expect(readConfigFile(path)).toEqual({ ok: false, message: "is not a regular file" });
    expect(readConfigFile("/dev/zero")).toEqual({ ok: false, message: "is not a regular file" });
    expect(readConfigFile(join(folder, "missing.json"))).toEqual({
      ok: false,
      message: "cannot read file: no such file or folder (ENOENT)",
    });
  });
});
