import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MAX_FILE_BYTES, readProjectFile } from "../../src/project-files/read-project-file.js";
import { hostileProject } from "../support/hostile-project.js";

describe("readProjectFile", () => {
  test("reads a file inside the roots", () => {
    const dir = hostileProject({ "tools/a.yaml": "name: a\n" });
    expect(readProjectFile(join(dir, "tools/a.yaml"), { roots: [dir] })).toBe("name: a\n");
  });

  test.each([
    ["an absolute path out", "/etc/passwd"],
    ["a relative path out", "../../../../../../../../etc/passwd"],
  ])("%s is refused, naming the roots and the flag", (_, path) => {
    const dir = hostileProject();
    const named = path.startsWith("/") ? path : join(dir, "tools", path);
    expect(() => readProjectFile(named, { roots: [dir] })).toThrow(
      `is outside the project (${dir}); widen it with --root`,
    );
  });

  test("a symlink inside the project to a file outside it is refused; --root widens", () => {
    const outside = hostileProject({ "secret.txt": "TOKEN=do-not-print-me\n" });
    const dir = hostileProject();
    symlinkSync(join(outside, "secret.txt"), join(dir, "notes.yaml"));
    expect(() => readProjectFile(join(dir, "notes.yaml"), { roots: [dir] })).toThrow(
      /^is outside the project/,
    );
    expect(readProjectFile(join(dir, "notes.yaml"), { roots: [dir, outside] })).toContain("TOKEN");
  });

  test("/proc/self/environ behind a symlink is refused and its content is in no message", () => {
    process.env.TOOLDECK_TEST_SECRET = "do-not-print-me";
    const dir = hostileProject();
    symlinkSync("/proc/self/environ", join(dir, "env.json"));
    let message = "";
    try {
      readProjectFile(join(dir, "env.json"), { roots: [dir] });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`is outside the project (${dir}); widen it with --root`);
  });

  test.each([
    ["a device", "/dev/zero"],
    ["a folder", "/dev"],
  ])("%s is not a regular file, even inside the roots", (_, path) => {
    expect(() => readProjectFile(path, { roots: ["/dev"] })).toThrow("is not a regular file");
  });

  test("a FIFO is refused without waiting for a writer", () => {
    const dir = hostileProject();
    execFileSync("mkfifo", [join(dir, "api.yaml")]);
    expect(() => readProjectFile(join(dir, "api.yaml"), { roots: [dir] })).toThrow("is not a regular file");
  });

  test("a file one byte over 50 MB is refused (counted while reading)", () => {
    const dir = hostileProject({ "big.yaml": "" });
    truncateSync(join(dir, "big.yaml"), MAX_FILE_BYTES + 1);
    expect(() => readProjectFile(join(dir, "big.yaml"), { roots: [dir] })).toThrow("is larger than 50 MB");
  });

  test("a file larger than a read chunk comes back whole, multi-byte characters included", () => {
    const dir = hostileProject();
    const text = `title: ${"é€😀".repeat(400_000)}\n`;
    writeFileSync(join(dir, "api.yaml"), text);
    expect(readProjectFile(join(dir, "api.yaml"), { roots: [dir] })).toBe(text);
  });

  test("a file whose stat size says 0 (a /proc file) is read whole as it arrives", () => {
    // The read starts from the size stat gives; a pseudo-file reports 0 and still has content.
    const read = readProjectFile("/proc/self/cmdline", { roots: ["/proc"] });
    expect(read.length).toBeGreaterThan(1);
    expect(read).toBe(readFileSync("/proc/self/cmdline", "utf8"));
  });

  test("a missing file says so", () => {
    const dir = hostileProject();
    mkdirSync(join(dir, "tools"));
    expect(() => readProjectFile(join(dir, "tools/nope.yaml"), { roots: [dir] })).toThrow(
      "cannot read file: no such file or folder (ENOENT)",
    );
  });
});
