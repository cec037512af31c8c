import { describe, expect, test } from "vitest";
import { projectRelativePath, withoutProjectRoot } from "../../src/project-files/project-relative-path.js";

describe("a file as reports name it", () => {
  test.each([
    [
      "an absolute path inside the project",
      "/home/runner/app/tools/x.yaml",
      "/home/runner/app",
      "tools/x.yaml",
    ],
    ["a path given from a subfolder", "x.yaml", "/home/runner/app/tools", "tools/x.yaml"],
    ["a path given with ./", "./tools/x.yaml", "/home/runner/app", "tools/x.yaml"],
    ["the root itself", "/home/runner/app", "/home/runner/app", "."],
    [
      "a file outside the project: as it was named",
      "/opt/shared/x.yaml",
      "/home/runner/app",
      "/opt/shared/x.yaml",
    ],
    [
      "a sibling whose name starts like the root",
      "/home/runner/app2/x.yaml",
      "/home/runner/app",
      "/home/runner/app2/x.yaml",
    ],
    ["a Flowise chatflow", "flowise:Event agent", "/home/runner/app", "flowise:Event agent"],
    ["stdin", "<stdin>", "/home/runner/app", "<stdin>"],
    ["no file", "", "/home/runner/app", ""],
  ])("%s", (_, file, cwd, expected) => {
    expect(projectRelativePath(file, "/home/runner/app", cwd)).toBe(expected);
  });
});

describe("the root taken out of a text", () => {
  test.each([
    [
      "a path in a message",
      "cannot read /home/runner/app/tools/x.yaml: not found",
      "cannot read tools/x.yaml: not found",
    ],
    ["every path", "/home/runner/app/a.json and /home/runner/app/b.json", "a.json and b.json"],
    ["another folder ending like the root: kept", "/data/home/runner/app/x", "/data/home/runner/app/x"],
    ["a sibling folder: kept", "/home/runner/app2/x", "/home/runner/app2/x"],
    ["no path", "PUT /events is not an operation", "PUT /events is not an operation"],
  ])("%s", (_, text, expected) => {
    expect(withoutProjectRoot(text, "/home/runner/app")).toBe(expected);
  });
});
