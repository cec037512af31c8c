import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { listConfigFiles } from "../../src/config/list-config-files.js";
import { writeFileAtomically } from "../../src/project-files/write-file-atomically.js";

const folder = () => mkdtempSync(join(tmpdir(), "tooldeck-atomic-"));

/** The id of a process that has exited: its temporary files are a dead writer's. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  if (pid === undefined) throw new Error("could not start node");
  return pid;
}

describe("writeFileAtomically", () => {
  test("creates a file, then replaces it whole; nothing else is left in the folder", () => {
    const dir = folder();
    const path = join(dir, "s.json");
    writeFileAtomically(path, "one\n");
    expect(readFileSync(path, "utf8")).toBe("one\n");
    writeFileAtomically(path, "two\n");
    expect(readFileSync(path, "utf8")).toBe("two\n");
    expect(readdirSync(dir)).toEqual(["s.json"]);
  });

  test("a rewritten file keeps its permissions", () => {
    const path = join(folder(), "private.yaml");
    writeFileSync(path, "a: 1\n");
    chmodSync(path, 0o600);
    writeFileAtomically(path, "a: 2\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toBe("a: 2\n");
  });

  test("a symlink planted in the file's place is replaced, never written through", () => {
    const dir = folder();
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "keep me\n");
    symlinkSync(victim, join(dir, "s.json"));
    symlinkSync(join(dir, "planted.json"), join(dir, "dangling.json"));
    writeFileAtomically(join(dir, "s.json"), "{}\n");
    writeFileAtomically(join(dir, "dangling.json"), "{}\n");
    expect(readFileSync(victim, "utf8")).toBe("keep me\n");
    expect(existsSync(join(dir, "planted.json"))).toBe(false);
    for (const name of ["s.json", "dangling.json"]) {
      expect(lstatSync(join(dir, name)).isSymbolicLink()).toBe(false);
      expect(readFileSync(join(dir, name), "utf8")).toBe("{}\n");
    }
  });

  test("a dead writer's temporary files are removed; a live writer's, another file's and look-alikes stay", () => {
    const dir = folder();
    const dead = deadPid();
    const kept = [
      `.s.json.${process.pid}.0123abcd.tmp`,
      `.other.json.${dead}.0123abcd.tmp`,
      `.s.json.${dead}.notahex.tmp`,
      `s.json.${dead}.0123abcd.tmp`,
      ".s.json.swp",
    ];
    for (const name of [...kept, `.s.json.${dead}.0123abcd.tmp`, `.s.json.${dead}.ffff0000.tmp`])
      writeFileSync(join(dir, name), "partial");
    writeFileAtomically(join(dir, "s.json"), "whole\n");
    expect(readdirSync(dir).sort()).toEqual([...kept, "s.json"].sort());
  });

  test("a temporary file is one no config walk reads", () => {
    const dir = folder();
    writeFileSync(join(dir, `.tools.yaml.${deadPid()}.0123abcd.tmp`), "kind: request\n");
    writeFileAtomically(join(dir, "tools.yaml"), "kind: request\n");
    writeFileSync(join(dir, `.tools.yaml.${process.pid}.0123abcd.tmp`), "kind: request\n");
    expect(listConfigFiles(dir, dir)).toEqual([join(dir, "tools.yaml")]);
  });

  test("a write that fails leaves the old file and no temporary file, and says why", () => {
    const dir = folder();
    mkdirSync(join(dir, "taken.json"));
    writeFileSync(join(dir, "taken.json", "inside"), "x");
    expect(() => writeFileAtomically(join(dir, "taken.json"), "{}\n")).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir)).toEqual(["taken.json"]);
    expect(readdirSync(join(dir, "taken.json"))).toEqual(["inside"]);
    expect(() => writeFileAtomically(join(dir, "missing", "s.json"), "{}\n")).toThrow(/ENOENT/);
  });
});
