import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** What a pull request's tooldeck.config.yaml writes to make the tutorial's failing check pass. */
const PULL_REQUEST_SETTINGS = `# quieter CI
rules:
  probe: off
  undisclosed-format: info
  operation-not-found: off
`;

const OFF = "rules turned off by tooldeck.config.yaml: operation-not-found, probe";
const DOWNGRADED = "rules downgraded by tooldeck.config.yaml: undisclosed-format (warning → info)";

/** A checkout: the tutorial's tools/ and the pull request's settings (null: none), and a trusted copy's path outside it. */
function checkout(settings: string | null = PULL_REQUEST_SETTINGS) {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-gates-"));
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  if (settings !== null) writeFileSync(join(dir, "tooldeck.config.yaml"), settings);
  const trusted = join(mkdtempSync(join(tmpdir(), "tooldeck-trusted-")), "tooldeck.config.yaml");
  return { dir, trusted };
}

const run = (dir: string, ...args: string[]) => tooldeckIn(dir, args);

describe("rules a config turns off or lowers are shown in every format", () => {
  test("stylish: under the summary line, --quiet too", async () => {
    const { dir } = checkout();
    const { exit, stdout } = await run(dir, "check", "tools");
    expect(exit).toBe(0);
    expect(stdout.trimEnd().split("\n").slice(-3)).toEqual([
      "✔ 2 problems (0 errors, 1 warning, 1 info) in 9 tools (profile standard)",
      OFF,
      DOWNGRADED,
    ]);
    const quiet = await run(dir, "lint", "tools", "--quiet");
    expect(quiet.stdout.trimEnd().split("\n").slice(-2)).toEqual([OFF, DOWNGRADED]);
  });

  test("json: a ruleOverrides field", async () => {
    const { dir } = checkout();
    const report = JSON.parse((await run(dir, "check", "tools", "--format", "json")).stdout);
    expect(report.ruleOverrides).toEqual({
      source: "tooldeck.config.yaml",
      off: ["operation-not-found", "probe"],
      downgraded: [{ rule: "undisclosed-format", from: "warning", to: "info" }],
    });
  });

  test("sarif: the run's configuration overrides and notifications", async () => {
    const { dir } = checkout();
    const sarif = JSON.parse((await run(dir, "check", "tools", "--format", "sarif")).stdout);
    const [invocation] = sarif.runs[0].invocations;
    const rules: { id: string }[] = sarif.runs[0].tool.driver.rules;
    expect(invocation.toolConfigurationNotifications).toEqual([
      { level: "warning", message: { text: OFF } },
      { level: "warning", message: { text: DOWNGRADED } },
    ]);
    expect(
      invocation.ruleConfigurationOverrides.map(
        (override: { descriptor: { id: string; index: number }; configuration: object }) => [
          override.descriptor.id,
          rules[override.descriptor.index]?.id,
          override.configuration,
        ],
      ),
    ).toEqual([
      ["operation-not-found", "operation-not-found", { enabled: false }],
      ["probe", "probe", { enabled: false }],
      ["undisclosed-format", "undisclosed-format", { level: "note" }],
    ]);
    expect(invocation.executionSuccessful).toBe(true);
  });

  test("junit: a property per line", async () => {
    const { dir } = checkout();
    const { stdout } = await run(dir, "check", "tools", "--format", "junit");
    expect(stdout).toContain(`<property name="rules-turned-off" value="${OFF}"/>`);
    expect(stdout).toContain(`<property name="rules-downgraded" value="${DOWNGRADED}"/>`);
  });

  test("github: a ::notice:: each, before the summary", async () => {
    const { dir } = checkout();
    const { stdout } = await run(dir, "check", "tools", "--format", "github");
    expect(stdout.trimEnd().split("\n").slice(-3)).toEqual([
      `::notice::${OFF}`,
      `::notice::${DOWNGRADED}`,
      "2 problems (0 errors, 1 warning, 1 info) in 9 tools (profile standard)",
    ]);
  });

  test("a config that only raises severities, and no config, add nothing", async () => {
    const stricter = checkout("rules:\n  undisclosed-format: error\n  operation-not-found: error\n");
    const json = JSON.parse((await run(stricter.dir, "check", "tools", "--format", "json")).stdout);
    expect(json.ruleOverrides).toBeUndefined();
    const none = checkout(null);
    const { stdout } = await run(none.dir, "check", "tools");
    expect(stdout).not.toContain("rules turned off");
    expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^✖ 3 problems/);
  });

  test("--config names its path as given", async () => {
    const { dir } = checkout(null);
    writeFileSync(join(dir, "ci.yaml"), "rules:\n  probe: off\n");
    const { stdout } = await run(dir, "check", "tools", "--config", "ci.yaml");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("rules turned off by ci.yaml: probe");
  });
});

describe("--config-required FILE pins the settings a CI workflow trusts", () => {
  test("the same settings (comments, layout and key order aside) run as usual", async () => {
    const { dir, trusted } = checkout();
    writeFileSync(trusted, "rules: { operation-not-found: 'off', probe: 'off', undisclosed-format: info }\n");
    for (const command of ["check", "lint"]) {
      const { exit, stdout } = await run(dir, command, "tools", "--config-required", trusted);
      expect(exit).toBe(0);
      expect(stdout).toContain(OFF);
    }
  });

  test("a pull request's changed config stops the run: exit 2, one line naming each difference", async () => {
    const { dir, trusted } = checkout();
    writeFileSync(trusted, "rules:\n  undisclosed-format: info\n");
    const { exit, stdout, stderr } = await run(dir, "check", "tools", "--config-required", trusted);
    expect(exit).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `tooldeck check: tooldeck.config.yaml differs from --config-required ${trusted} (rules.operation-not-found: off, required not set; rules.probe: off, required not set)\n`,
    );
  });

  test("a missing config stops the run too: removing it would drop the pinned gates", async () => {
    const { dir, trusted } = checkout();
    writeFileSync(trusted, "rules:\n  operation-not-found: error\n");
    rmSync(join(dir, "tooldeck.config.yaml"));
    const { exit, stderr } = await run(dir, "lint", "tools", "--config-required", trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: --config-required ${trusted}: no tooldeck.config.{json,yaml,yml} was found to compare with\n`,
    );
  });

  test("an unreadable required file is a load error naming it", async () => {
    const { dir } = checkout();
    const { exit, stderr } = await run(dir, "check", "tools", "--config-required", "missing.yaml");
    expect(exit).toBe(2);
    expect(stderr).toMatch(/^tooldeck check: missing\.yaml: .+\n$/);
  });
});

describe("presets and extended files are gates too", () => {
  test("a rule a preset turns off is listed, naming the preset", async () => {
    const { dir } = checkout("extends: [tooldeck:flowise]\nrules:\n  probe: off\n");
    const { stdout } = await run(dir, "check", "tools");
    expect(stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "rules turned off by tooldeck:flowise (extended by tooldeck.config.yaml): profile-portability",
      "rules turned off by tooldeck.config.yaml: probe",
    ]);
    const report = JSON.parse((await run(dir, "check", "tools", "--format", "json")).stdout);
    expect(report.ruleOverrides).toEqual({
      source: "tooldeck.config.yaml",
      off: ["profile-portability", "probe"],
      downgraded: [],
      setBy: { "profile-portability": "tooldeck:flowise" },
    });
  });

  test("--config-required compares the merged settings: a changed extended file stops the run", async () => {
    const { dir, trusted } = checkout("extends: ./ci/base.yaml\n");
    cpSync(packagePath("tools"), join(dir, "ci"), { recursive: true });
    writeFileSync(join(dir, "ci", "base.yaml"), "rules:\n  operation-not-found: off\n");
    writeFileSync(trusted, "rules:\n  operation-not-found: error\n");
    const { exit, stderr } = await run(dir, "lint", "tools", "--config-required", trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: tooldeck.config.yaml differs from --config-required ${trusted} (rules.operation-not-found: off, required error)\n`,
    );
  });

  test("--config-required compares overrides: files, tools and rules, not their reasons or layout", async () => {
    const override = "overrides:\n  - files: [flows/*.json]\n    rules: { probe: 'off' }\n    reason: ";
    const { dir, trusted } = checkout(`${override}staging\n`);
    writeFileSync(
      trusted,
      "overrides: [{ files: 'flows/*.json', rules: { probe: 'off' }, reason: other words }]\n",
    );
    // The same gates: the run goes on (and fails on the tutorial's error, exit 1).
    expect(await run(dir, "lint", "tools", "--config-required", trusted)).toMatchObject({
      exit: 1,
      stderr: "",
    });
    writeFileSync(
      join(dir, "tooldeck.config.yaml"),
      `${override}x\n  - { files: '**', rules: { operation-not-found: 'off' } }\n`,
    );
    const { exit, stderr } = await run(dir, "lint", "tools", "--config-required", trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: tooldeck.config.yaml differs from --config-required ${trusted} (overrides[1]: {"files":["**"],"rules":{"operation-not-found":"off"}}, required not set)\n`,
    );
  });
});
