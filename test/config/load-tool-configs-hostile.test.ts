import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { MAX_EXPANDED_VALUES } from "../../src/project-files/bounded-expansion.js";
import { hostileProject, yamlAliasBomb, yamlMergeKeyBomb } from "../support/hostile-project.js";

const OK_TOOL = "kind: request\nmethod: GET\nname: ok\ndescription: d\nurl: http://x/\n";
const EXPANDS = `expands to more than ${MAX_EXPANDED_VALUES} values (YAML aliases or shared $refs); refusing to load it`;

describe("a tools folder stays inside the project", () => {
  test("tools/env.json → /proc/self/environ is refused and its content is shown nowhere", () => {
    process.env.TOOLDECK_TEST_SECRET = "do-not-print-me";
    const dir = hostileProject({ "tools/ok.yaml": OK_TOOL });
    symlinkSync("/proc/self/environ", join(dir, "tools", "env.json"));
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(loaded.errors).toEqual([
      {
        file: join(dir, "tools", "env.json"),
        path: "",
        message: `symlink points outside the project (${dir}); widen it with --root`,
      },
    ]);
    expect(JSON.stringify(loaded)).not.toContain("do-not-print-me");
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["ok"]);
  });

  test("a symlinked folder outside the project is not walked; --root widens it", () => {
    const outside = hostileProject({ "stolen.yaml": OK_TOOL.replace("name: ok", "name: stolen") });
    const dir = hostileProject({ "tools/ok.yaml": OK_TOOL });
    symlinkSync(outside, join(dir, "tools", "linked"));
    const refused = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(refused.errors.map((error) => [error.file, error.message])).toEqual([
      [join(dir, "tools", "linked"), `symlink points outside the project (${dir}); widen it with --root`],
    ]);
    const widened = loadToolConfigs([join(dir, "tools")], { roots: [dir, outside] });
    expect(widened.errors).toEqual([]);
    expect(widened.tools.map((tool) => tool.config.name)).toEqual(["stolen", "ok"]);
  });

  test("a named folder that is itself a symlink out is a load error naming it, and is not walked", () => {
    const outside = hostileProject({ "stolen.yaml": OK_TOOL.replace("name: ok", "name: stolen") });
    const dir = hostileProject({ "ok.yaml": OK_TOOL });
    symlinkSync(outside, join(dir, "tools"));
    const refused = loadToolConfigs(["tools/", "ok.yaml"], { cwd: dir, roots: [dir] });
    expect(refused.errors).toEqual([
      {
        file: "tools/",
        path: "",
        message: `tools is a symlink to ${outside} outside the project; pass --root to widen it`,
      },
    ]);
    expect(refused.tools.map((tool) => tool.config.name)).toEqual(["ok"]);
    const widened = loadToolConfigs(["tools/"], { cwd: dir, roots: [dir, outside] });
    expect(widened.errors).toEqual([]);
    expect(widened.tools.map((tool) => tool.config.name)).toEqual(["stolen"]);
  });

  test("a symlink loop is walked once", () => {
    const dir = hostileProject({ "tools/ok.yaml": OK_TOOL });
    symlinkSync(join(dir, "tools"), join(dir, "tools", "loop"));
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["ok"]);
  });

  test("a toolkit whose spec path leads out of the project is refused at load", () => {
    const dir = hostileProject({
      "tools/kit.yaml": "kind: openapi-toolkit\nname: kit\nspec: ../../../../../../../../etc/passwd\n",
    });
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors).toEqual([
      {
        file: join(dir, "tools", "kit.yaml"),
        path: "spec",
        message: `"/etc/passwd" is outside the project (${dir}); widen it with --root`,
      },
    ]);
  });
});

describe("expansion is bounded", () => {
  test.each([
    ["a billion-laughs alias bomb", yamlAliasBomb(9)],
    ["a merge-key bomb", yamlMergeKeyBomb(8)],
  ])("%s in a tool config is one load error", (_, bomb) => {
    const dir = hostileProject({ "tools/bomb.yaml": `${bomb}\nkind: request\n`, "tools/ok.yaml": OK_TOOL });
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(loaded.errors).toEqual([{ file: join(dir, "tools", "bomb.yaml"), path: "", message: EXPANDS }]);
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["ok"]);
  });
});
