import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reportedFileReader } from "../../src/cli/reported-file-reader.js";

/** A project folder and, beside it, a folder holding what the report must never read. */
function projectAndOutside() {
  const base = mkdtempSync(join(tmpdir(), "tooldeck-reported-"));
  const project = join(base, "project");
  const outside = join(base, "outside");
  mkdirSync(project);
  mkdirSync(outside);
  writeFileSync(join(project, "tool.yaml"), "name: t\n");
  writeFileSync(join(outside, "credentials.yaml"), "token: s3cr3t\n");
  return { project, outside };
}

describe("the files a report reads to place its findings", () => {
  test("a file inside the roots is read", () => {
    const { project } = projectAndOutside();
    expect(reportedFileReader([project])(join(project, "tool.yaml"))).toBe("name: t\n");
  });

  test("a finding naming a file outside the roots (a refused $ref target) reads nothing", () => {
    const { project, outside } = projectAndOutside();
    expect(reportedFileReader([project])(join(outside, "credentials.yaml"))).toBeUndefined();
    expect(reportedFileReader([project])(join(project, "..", "outside", "credentials.yaml"))).toBeUndefined();
  });

  test("a symlink inside the project to a file outside reads nothing", () => {
    const { project, outside } = projectAndOutside();
    symlinkSync(join(outside, "credentials.yaml"), join(project, "spec.yaml"));
    expect(reportedFileReader([project])(join(project, "spec.yaml"))).toBeUndefined();
  });

  test("stdin, a remote source and a missing file read nothing, without throwing", () => {
    const { project } = projectAndOutside();
    const read = reportedFileReader([project]);
    expect(read("<stdin>")).toBeUndefined();
    expect(read("flowise:My flow")).toBeUndefined();
    expect(read(join(project, "gone.yaml"))).toBeUndefined();
  });
});
