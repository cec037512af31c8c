import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const TOOLS = readFileSync(packagePath("tools", "request-tools.yaml"), "utf8");

/**
 * A checkout: the tutorial's tools/, the pull request's request-tools.yaml (the tutorial's, edited by
 * `edit`), its tooldeck.config.yaml (null: none), and the tutorial's Flowise chatflow in flows/.
 */
function checkout(edit: (tools: string) => string = (tools) => tools, settings: string | null = null) {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-accept-"));
  mkdirSync(join(dir, ".git"));
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  writeFileSync(join(dir, "tools", "request-tools.yaml"), edit(TOOLS));
  mkdirSync(join(dir, "flows"));
  cpSync(packagePath("fixtures", "flowise", "requests-chatflow.json"), join(dir, "flows", "chatflow.json"));
  if (settings !== null) writeFileSync(join(dir, "tooldeck.config.yaml"), settings);
  return dir;
}

/** The tutorial's update_event url, with a comment above it. */
const disableAboveUpdateUrl = (comment: string) => (tools: string) =>
  tools.replace(/(name: update_event\n(?:.*\n)*?)( {2}url:)/, `$1  ${comment}\n$2`);

const json = async (dir: string, ...args: string[]) =>
  JSON.parse((await tooldeckIn(dir, ["check", ...args, "--format", "json"])).stdout);

describe("accepting findings: a comment, an override, a baseline", () => {
  test("a disable comment in a YAML config accepts its finding, listed with its reason", async () => {
    const dir = checkout(
      disableAboveUpdateUrl("# tooldeck-disable-next-line operation-not-found -- PUT arrives in API v2"),
    );
    const { exit, stdout } = await tooldeckIn(dir, ["check", "tools"]);
    expect(exit).toBe(0);
    expect(stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "✔ 2 problems (0 errors, 2 warnings, 0 infos) in 9 tools; 1 suppressed (profile standard)",
      "suppressed: 1 by a comment in tools/request-tools.yaml",
    ]);
    const report = await json(dir, "tools");
    expect(report.suppressed).toEqual([
      expect.objectContaining({
        code: "operation-not-found",
        tool: "update_event",
        file: "tools/request-tools.yaml",
        line: 48,
        suppression: {
          kind: "inline",
          by: "tools/request-tools.yaml:47",
          line: 47,
          reason: "PUT arrives in API v2",
        },
        related: [expect.objectContaining({ code: "probe" })],
      }),
    ]);
  });

  test("--no-inline-config: comments are not obeyed", async () => {
    const dir = checkout(disableAboveUpdateUrl("# tooldeck-disable-next-line operation-not-found"));
    const { exit, stdout } = await tooldeckIn(dir, ["check", "tools", "--no-inline-config"]);
    expect(exit).toBe(1);
    expect(stdout).toContain("✖ 3 problems (1 error, 2 warnings, 0 infos) in 9 tools (profile standard)");
  });

  test("a wrong rule name in a comment is an error, not silence: exit 2, and the finding stays", async () => {
    const dir = checkout(disableAboveUpdateUrl("# tooldeck-disable-next-line operation-not-fund"));
    const { exit, stdout } = await tooldeckIn(dir, ["check", "tools"]);
    expect(exit).toBe(2);
    expect(stdout).toContain(
      '    error   line 47: tooldeck-disable-next-line names no rule "operation-not-fund", did you mean operation-not-found?  config-invalid',
    );
    expect(stdout).toContain("PUT /events is not an operation of Event Management API");
  });

  test("overrides accept findings of a Flowise export, which holds no comments", async () => {
    const dir = checkout(
      undefined,
      [
        "overrides:",
        "  - files: flows/*.json",
        "    tools: [find_events, requests_post]",
        "    rules: { flowise-private-host: 'off', flowise-error-body-hidden: 'off', probe: warning }",
        "    reason: our Flowise runs with HTTP_SECURITY_CHECK=false",
        "",
      ].join("\n"),
    );
    const report = await json(dir, "flows");
    // The probes Flowise's policy refused are the evidence of flowise-private-host: accepted with it.
    expect(report.summary).toBe("2 problems (0 errors, 1 warning, 1 info) in 2 tools; 4 suppressed");
    expect(
      report.diagnostics.map((d: { code: string; severity: string }) => `${d.code} ${d.severity}`),
    ).toEqual(["flowise-body-ignored warning", "tool-description info"]);
    expect(
      report.suppressed.map((d: { code: string; related?: { code: string }[] }) =>
        [d.code, ...(d.related ?? []).map((r) => r.code)].join(" + "),
      ),
    ).toEqual([
      "flowise-private-host + probe",
      "flowise-private-host + probe",
      "flowise-error-body-hidden",
      "flowise-error-body-hidden",
    ]);
    expect(
      new Set(report.suppressed.map((d: { suppression: object }) => JSON.stringify(d.suppression))),
    ).toEqual(
      new Set([
        JSON.stringify({
          kind: "override",
          by: "tooldeck.config.yaml overrides[0]",
          reason: "our Flowise runs with HTTP_SECURITY_CHECK=false",
        }),
      ]),
    );
  });

  test("a wrong rule name in an override is a load error naming it", async () => {
    const dir = checkout(
      undefined,
      "overrides:\n  - files: flows/*.json\n    rules: { flowise-privat-host: 'off' }\n",
    );
    const { exit, stderr } = await tooldeckIn(dir, ["lint", "flows"]);
    expect(exit).toBe(2);
    expect(stderr).toMatch(
      /^tooldeck lint: tooldeck\.config\.yaml: overrides\[0\]\.rules\.flowise-privat-host: no such rule, did you mean flowise-private-host\? \(rules: /,
    );
  });

  test("a baseline: old findings pass, a new one fails, SARIF lists every accepted one", async () => {
    const dir = checkout();
    const written = await tooldeckIn(dir, [
      "check",
      "tools",
      "--baseline",
      "tooldeck.baseline.json",
      "--update-baseline",
    ]);
    expect(written.exit).toBe(0);
    expect(written.stderr).toContain("note: wrote tooldeck.baseline.json (3 findings accepted)\n");
    expect(written.stdout).toContain("✔ no problems in 9 tools; 3 suppressed (profile standard)");

    // The pull request moves every line down and empties a description: only its findings count (the
    // description the model reads, and Bedrock's refusal of an empty one).
    writeFileSync(
      join(dir, "tools", "request-tools.yaml"),
      `# a comment that moves every line\n\n${TOOLS.replace("description: Use this when you need to get events", "description: ''")}`,
    );
    const after = await tooldeckIn(dir, ["check", "tools", "--baseline", "tooldeck.baseline.json"]);
    expect(after.exit).toBe(0);
    expect(after.stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "✔ 2 problems (0 errors, 2 warnings, 0 infos) in 9 tools; 3 suppressed (profile standard)",
      "suppressed: 3 by the baseline tooldeck.baseline.json",
    ]);
    expect(after.stdout).toContain("tool-description");
    expect(after.stdout).toContain("provider-rejects");

    const sarif = JSON.parse(
      (await tooldeckIn(dir, ["check", "tools", "--baseline", "tooldeck.baseline.json", "--format", "sarif"]))
        .stdout,
    );
    const results: { ruleId: string; suppressions?: object[] }[] = sarif.runs[0].results;
    expect(results.filter((result) => !result.suppressions).map((result) => result.ruleId)).toEqual([
      "tool-description",
      "provider-rejects",
    ]);
    expect(results.filter((result) => result.suppressions).map((result) => result.suppressions)).toEqual(
      Array(3).fill([
        { kind: "external", status: "accepted", justification: "in the baseline tooldeck.baseline.json" },
      ]),
    );
  });

  test("a fixed finding leaves a stale entry, which the report says", async () => {
    const dir = checkout();
    await tooldeckIn(dir, ["lint", "tools", "--baseline", "b.json", "--update-baseline"]);
    writeFileSync(join(dir, "tools", "request-tools.yaml"), TOOLS.replace(/ {4}limit:\n(?: {6}.*\n)+/, ""));
    const report = await json(dir, "tools", "--baseline", "b.json", "--no-probe");
    expect(report.baseline).toEqual({ file: "b.json", hidden: 2, stale: 1 });
    const { stdout } = await tooldeckIn(dir, ["lint", "tools", "--baseline", "b.json"]);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      "the baseline b.json has 1 entry that no finding matches (fixed or changed): --update-baseline drops them",
    );
  });

  test.each([
    [
      ["--update-baseline"],
      "tooldeck check: --update-baseline writes the file --baseline names: add --baseline FILE\n",
    ],
    [
      ["--baseline", "missing.json"],
      "tooldeck check: missing.json: cannot read file: no such file or folder (ENOENT) (write it with --update-baseline)\n",
    ],
  ])("%j is a one-line error", async (args, message) => {
    const dir = checkout();
    const { exit, stderr } = await tooldeckIn(dir, ["check", "tools", ...args]);
    expect(exit).toBe(2);
    expect(stderr).toBe(message);
    expect(existsSync(join(dir, "missing.json"))).toBe(false);
  });
});
