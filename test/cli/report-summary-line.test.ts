import { copyFileSync, cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** The tutorial's tools beside 13 Flowise Custom Tool exports, as a team with many flows checks them. */
function projectWith13Exports(): string {
  const dir = hostileProject();
  cpSync(packagePath("tools", "request-tools.yaml"), join(dir, "tools", "request-tools.yaml"));
  mkdirSync(join(dir, "custom-tools"));
  for (let i = 1; i <= 13; i++)
    copyFileSync(
      packagePath("fixtures", "flowise", "custom-tool-agent", "update-event.tool.json"),
      join(dir, "custom-tools", `tool-${i}.json`),
    );
  return dir;
}

const LINT = ["lint", "tools/", "custom-tools/", "--fail-on", "none"];

describe("the summary line with 13 Flowise files", () => {
  test("stylish: one line under 120 characters that counts the files judged under flowise", async () => {
    const { stdout } = await tooldeckIn(projectWith13Exports(), LINT);
    const summary = stdout.trimEnd().split("\n").at(-1) ?? "";
    expect(summary).toBe(
      "✔ 14 problems (0 errors, 13 warnings, 1 info) in 17 tools (profile standard; flowise for 13 files)",
    );
    expect(summary.length).toBeLessThan(120);
  });

  test("html: the header's summary is the same short line", async () => {
    const { stdout } = await tooldeckIn(projectWith13Exports(), [...LINT, "--format", "html"]);
    const summary = /<p class="summary passed" title="([^"]*)">/.exec(stdout)?.[1] ?? "";
    expect(summary).toBe(
      "✔ 14 problems (0 errors, 13 warnings, 1 info) in 17 tools (profile standard; flowise for 13 files)",
    );
  });

  test("--explain names each of the 13 files, and json gives each tool its profile", async () => {
    const dir = projectWith13Exports();
    const explained = await tooldeckIn(dir, [...LINT, "--explain"]);
    const lines = explained.stderr.split("\n").filter((line) => line.startsWith("explain: profile "));
    expect(lines).toHaveLength(13);
    expect(lines).toContain("explain: profile flowise for custom-tools/tool-13.json");
    const json = JSON.parse((await tooldeckIn(dir, [...LINT, "--format", "json"])).stdout);
    const flowise = json.tools.filter((tool: { profile: string }) => tool.profile === "flowise");
    expect(flowise.map((tool: { file: string }) => tool.file).sort()).toEqual(
      Array.from({ length: 13 }, (_, i) => `custom-tools/tool-${i + 1}.json`).sort(),
    );
  });
});
