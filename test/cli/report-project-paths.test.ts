import { copyFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** A checkout in a temp folder: the tutorial's tools and one scenario, a Flowise export, a broken config. */
function checkout(): string {
  const dir = hostileProject({ "broken/bad.yaml": "[{kind: request, name: x\n" });
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  mkdirSync(join(dir, "flows"));
  copyFileSync(
    packagePath("fixtures", "flowise", "custom-tool-agent", "update-event.tool.json"),
    join(dir, "flows", "update-event.tool.json"),
  );
  mkdirSync(join(dir, "scenarios"));
  copyFileSync(packagePath("scenarios", "list-events.yaml"), join(dir, "scenarios", "list-events.yaml"));
  return dir;
}

const CHECK_FORMATS = ["stylish", "json", "sarif", "junit", "github", "html"] as const;

describe("every path in every report relative to the project root", () => {
  test.each(CHECK_FORMATS)(
    "check --format %s, every path named absolute: no report holds the checkout's path",
    async (format) => {
      const dir = checkout();
      const baseline = join(dir, "tooldeck.baseline.json");
      const named = [join(dir, "tools"), join(dir, "flows"), join(dir, "broken")];
      const spec = ["--spec", join(dir, "tools", "event-api.openapi.yaml")];
      await tooldeckIn(dir, ["check", ...named, ...spec, "--baseline", baseline, "--update-baseline"]);
      writeFileSync(
        join(dir, "tools", "more.json"),
        JSON.stringify([{ kind: "request", method: "GET", name: "more", url: "{{$vars.base_url}}/events" }]),
      );
      const run = await tooldeckIn(dir, [
        "check",
        ...named,
        join(dir, "tools", "more.json"),
        ...spec,
        "--baseline",
        baseline,
        "--format",
        format,
      ]);
      expect(run.stdout.length).toBeGreaterThan(0);
      expect(run.stdout).not.toContain(dir);
      // What the baseline leaves: the new file's findings and the broken file's.
      expect(run.stdout).toContain("tools/more.json");
      expect(run.stdout).toContain("broken/bad.yaml");
    },
  );

  test("json: files relative to the root, and still placed at their line", async () => {
    const dir = checkout();
    const run = await tooldeckIn(dir, ["lint", join(dir, "tools"), "--format", "json", "--fail-on", "none"]);
    const report = JSON.parse(run.stdout);
    expect(new Set(report.tools.map((tool: { file: string }) => tool.file))).toEqual(
      new Set(["tools/event-toolkit.yaml", "tools/request-tools.yaml"]),
    );
    const finding = report.diagnostics.find((d: { code: string }) => d.code === "operation-not-found");
    expect(finding).toMatchObject({ file: "tools/request-tools.yaml", line: 47, column: 3 });
  });

  test("run from a subfolder: stylish names files from the root, as GitHub and SARIF place them", async () => {
    const dir = checkout();
    const run = await tooldeckIn(join(dir, "tools"), ["lint", ".", "--fail-on", "none"]);
    expect(run.stdout).toContain("\ntools/request-tools.yaml\n");
    expect(run.stdout).toContain("at tools/request-tools.yaml:47:3 ([2].url)");
  });

  test.each(["text", "json", "junit", "html"])(
    "run --format %s, the scenario named absolute: its file and cassette relative",
    async (format) => {
      const dir = checkout();
      const scenario = join(dir, "scenarios", "list-events.yaml");
      const first = await tooldeckIn(dir, ["run", scenario, "--format", format]);
      const again = await tooldeckIn(dir, ["run", scenario, "--format", format]);
      for (const { exit, stdout } of [first, again]) {
        expect(exit).toBe(0);
        expect(stdout).not.toContain(dir);
        expect(stdout).toContain("scenarios/list-events.yaml");
      }
      if (format === "json" || format === "html")
        expect(again.stdout).toContain("scenarios/cassettes/list-events.standard.cassette.json");
      if (format === "text")
        expect(first.stdout).toContain(
          "    recorded scenarios/cassettes/list-events.flowise.cassette.json\n",
        );
    },
  );
});
