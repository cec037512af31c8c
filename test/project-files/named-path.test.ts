import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  confineNamedPath,
  linkOutOfProject,
  namedFileRoots,
  outsideLinkMessage,
} from "../../src/project-files/named-path.js";
import { hostileProject } from "../support/hostile-project.js";

/** `<outside>/secret/`, and a project beside it whose `tools/` is real; links are added per test. */
function projectBesideSecrets() {
  const outside = hostileProject({ "secret/token.yaml": "token: do-not-print-me\n" });
  const dir = hostileProject({ "tools/a.yaml": "name: a\n", "config/tools/b.yaml": "name: b\n" });
  return { outside, dir };
}

describe("linkOutOfProject", () => {
  test.each([
    ["tools"],
    ["tools/"],
    ["./tools/a.yaml"],
    ["config/tools/b.yaml"],
    ["missing/x.yaml"],
    ["tools/../config"],
  ])("%s, with no symlink out, is the user's to name", (path) => {
    const { dir } = projectBesideSecrets();
    expect(linkOutOfProject(path, [dir], dir)).toBeUndefined();
  });

  test("a folder that is a symlink up out of the project is named with what it says", () => {
    const { dir } = projectBesideSecrets();
    symlinkSync("../..", join(dir, "vendor"));
    for (const path of ["vendor", "vendor/", "./vendor/tmp/x.yaml", "vendor/.."])
      expect(linkOutOfProject(path, [dir], dir)).toEqual({ link: "vendor", target: "../.." });
  });

  test("a file that is an absolute symlink out is refused, named as written", () => {
    const { outside, dir } = projectBesideSecrets();
    symlinkSync(join(outside, "secret", "token.yaml"), join(dir, "tools", "vars.yaml"));
    expect(linkOutOfProject("tools/vars.yaml", [dir], dir)).toEqual({
      link: "tools/vars.yaml",
      target: join(outside, "secret", "token.yaml"),
    });
  });

  test("a symlink inside the project to a folder inside it is followed, deeper links judged too", () => {
    const { outside, dir } = projectBesideSecrets();
    symlinkSync("config/tools", join(dir, "linked"));
    symlinkSync(join(outside, "secret"), join(dir, "config", "tools", "out"));
    expect(linkOutOfProject("linked/b.yaml", [dir], dir)).toBeUndefined();
    expect(linkOutOfProject("linked/out/token.yaml", [dir], dir)).toEqual({
      link: "linked/out",
      target: join(outside, "secret"),
    });
  });

  test("`..` after a symlink is the parent of its target, as the kernel reads it", () => {
    const { outside, dir } = projectBesideSecrets();
    symlinkSync("config/tools", join(dir, "linked"));
    // Lexically `secret` in the project; really config/secret, a symlink out.
    symlinkSync(join(outside, "secret"), join(dir, "config", "secret"));
    expect(linkOutOfProject("linked/../secret", [dir], dir)).toEqual({
      link: "linked/../secret",
      target: join(outside, "secret"),
    });
  });

  test("a root given (--root) takes the target in", () => {
    const { outside, dir } = projectBesideSecrets();
    symlinkSync(join(outside, "secret"), join(dir, "shared"));
    expect(linkOutOfProject("shared/token.yaml", [dir], dir)).toBeDefined();
    expect(linkOutOfProject("shared/token.yaml", [dir, outside], dir)).toBeUndefined();
    expect(linkOutOfProject("shared/token.yaml", [dir, join(dir, "shared")], dir)).toBeUndefined();
  });

  test("outside the project, a path as written is named; a symlink there may lead only down", () => {
    const { outside, dir } = projectBesideSecrets();
    const elsewhere = hostileProject({ "real/x.yaml": "name: x\n" });
    symlinkSync("real", join(elsewhere, "down"));
    symlinkSync("/", join(elsewhere, "up"));
    expect(linkOutOfProject(join(outside, "secret"), [dir], dir)).toBeUndefined();
    expect(linkOutOfProject(join(elsewhere, "down", "x.yaml"), [dir], dir)).toBeUndefined();
    expect(linkOutOfProject(join(elsewhere, "up", "etc"), [dir], dir)).toEqual({
      link: join(elsewhere, "up"),
      target: "/",
    });
  });

  test("a dangling symlink is left to the reader, which says the file is missing", () => {
    const { dir } = projectBesideSecrets();
    symlinkSync("/nowhere/at/all", join(dir, "gone.yaml"));
    expect(linkOutOfProject("gone.yaml", [dir], dir)).toBeUndefined();
  });
});

describe("confineNamedPath and namedFileRoots", () => {
  test("refuse with one load error in the issue's words", () => {
    const { dir } = projectBesideSecrets();
    mkdirSync(join(dir, "a"));
    symlinkSync("../../..", join(dir, "a", "tools"));
    expect(() => confineNamedPath("a/tools/", [dir], dir)).toThrow(
      expect.objectContaining({
        code: "load",
        message: "a/tools is a symlink to ../../.. outside the project; pass --root to widen it",
      }),
    );
    expect(outsideLinkMessage({ link: "tools", target: "../../.." })).toBe(
      "tools is a symlink to ../../.. outside the project; pass --root to widen it",
    );
  });

  test("a named file's roots are the project and its own folder as written", () => {
    const { outside, dir } = projectBesideSecrets();
    expect(namedFileRoots("tools/a.yaml", [dir], dir)).toEqual([dir, join(dir, "tools")]);
    expect(namedFileRoots(join(outside, "secret", "token.yaml"), [dir], dir)).toEqual([
      dir,
      join(outside, "secret"),
    ]);
  });
});
