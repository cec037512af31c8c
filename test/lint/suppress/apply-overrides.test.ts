import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import type { SettingsOverride } from "../../../src/lint/settings/settings-override.js";
import { applyOverrides } from "../../../src/lint/suppress/apply-overrides.js";

const finding = (code: string, tool: string, file: string): Diagnostic => ({
  code,
  severity: "error",
  tool,
  file,
  path: "[0].url",
  message: "m",
});

const EXPORT = finding("operation-not-found", "update_event", "flows/agent.json");
const OTHER_TOOL = finding("operation-not-found", "get_events", "flows/agent.json");
const CHATFLOW = finding("probe", "get_events", "flowise:Event agent");
const YAML = finding("operation-not-found", "update_event", "tools/t.yaml");

const base = { dir: "/repo", cwd: "/repo" };
const override = (fields: Partial<SettingsOverride>, index = 0): SettingsOverride => ({
  files: ["flows/*.json"],
  rules: { "operation-not-found": "off" },
  origin: `tooldeck.config.yaml overrides[${index}]`,
  ...fields,
});

describe("applyOverrides", () => {
  test.each([
    ["a glob and a rule: its files' findings of that rule", [override({})], [EXPORT, OTHER_TOOL], [YAML]],
    ["tools narrow it", [override({ tools: ["update_event"] })], [EXPORT], [OTHER_TOOL, YAML]],
    ["another rule: nothing", [override({ rules: { probe: "off" } })], [], [EXPORT, OTHER_TOOL, YAML]],
    [
      "a chatflow by its name",
      [override({ files: ["flowise:*"], rules: { probe: "off" } })],
      [CHATFLOW],
      [EXPORT],
    ],
    [
      "the last override that sets the rule decides",
      [
        override({}),
        override(
          { files: ["flows/**"], tools: ["get_events"], rules: { "operation-not-found": "error" } },
          1,
        ),
      ],
      [EXPORT],
      [OTHER_TOOL, YAML],
    ],
  ])("%s", (_label, overrides, suppressed, kept) => {
    const all = [EXPORT, OTHER_TOOL, CHATFLOW, YAML].filter(
      (d) => suppressed.includes(d) || kept.includes(d),
    );
    const outcome = applyOverrides(all, overrides, base);
    expect(outcome.suppressed.map(({ suppression, ...diagnostic }) => diagnostic)).toEqual(suppressed);
    expect(outcome.kept).toEqual(kept);
  });

  test("a suppression names the override and its reason", () => {
    const outcome = applyOverrides([EXPORT], [override({ reason: "v2 adds PUT" }, 2)], base);
    expect(outcome.suppressed[0]?.suppression).toEqual({
      kind: "override",
      by: "tooldeck.config.yaml overrides[2]",
      reason: "v2 adds PUT",
    });
  });

  test("a level replaces the severity, and nothing is suppressed", () => {
    const outcome = applyOverrides(
      [EXPORT],
      [override({ rules: { "operation-not-found": "warning" } })],
      base,
    );
    expect(outcome).toEqual({ kept: [{ ...EXPORT, severity: "warning" }], suppressed: [] });
  });

  test("globs are relative to the settings' folder, whatever the working directory and spelling", () => {
    const fromSub = { ...EXPORT, file: "../flows/agent.json" };
    expect(
      applyOverrides([fromSub], [override({})], { dir: "/repo", cwd: "/repo/sub" }).suppressed,
    ).toHaveLength(1);
    const dotted = { ...EXPORT, file: "./flows/agent.json" };
    expect(applyOverrides([dotted], [override({})], base).suppressed).toHaveLength(1);
    expect(applyOverrides([EXPORT], [override({})], { dir: "/repo/flows", cwd: "/repo" }).suppressed).toEqual(
      [],
    );
  });
});
