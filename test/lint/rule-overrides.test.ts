import { describe, expect, test } from "vitest";
import type { RuleInfo } from "../../src/lint/report.js";
import { RULE_CATALOG } from "../../src/lint/rule-catalog.js";
import { describeRuleOverrides, ruleOverrides } from "../../src/lint/rule-overrides.js";

const CATALOG: RuleInfo[] = [
  { id: "operation-not-found", severity: "error", otherSeverities: ["warning"], description: "", docs: "" },
  { id: "undisclosed-format", severity: "warning", description: "", docs: "" },
  { id: "profile-portability", severity: "info", description: "", docs: "" },
  { id: "probe", severity: "error", otherSeverities: ["warning", "info"], description: "", docs: "" },
];

describe("ruleOverrides", () => {
  test.each([
    ["nothing set", {}, undefined],
    ["only raised or kept", { "undisclosed-format": "error", "profile-portability": "info" }, undefined],
    [
      "off, in the catalog's order",
      { probe: "off", "operation-not-found": "off" },
      { off: ["operation-not-found", "probe"], downgraded: [] },
    ],
    [
      "below the heaviest severity a rule reports",
      { "operation-not-found": "warning", "undisclosed-format": "info", probe: "warning" },
      {
        off: [],
        downgraded: [
          { rule: "operation-not-found", from: "error", to: "warning" },
          { rule: "undisclosed-format", from: "warning", to: "info" },
          { rule: "probe", from: "error", to: "warning" },
        ],
      },
    ],
    // An info rule cannot be lowered; turned off, it is listed.
    [
      "an info rule turned off",
      { "profile-portability": "off" },
      { off: ["profile-portability"], downgraded: [] },
    ],
  ] as const)("%s", (_, settings, expected) => {
    const found = ruleOverrides(settings, CATALOG, "tooldeck.config.yaml");
    expect(found).toEqual(expected && { source: "tooldeck.config.yaml", ...expected });
  });

  test("the lines every format prints", () => {
    const overrides = ruleOverrides(
      { probe: "off", "undisclosed-format": "info", "operation-not-found": "off" },
      RULE_CATALOG,
      "tooldeck.config.yaml",
    );
    expect(describeRuleOverrides(overrides)).toEqual([
      { kind: "off", text: "rules turned off by tooldeck.config.yaml: operation-not-found, probe" },
      {
        kind: "downgraded",
        text: "rules downgraded by tooldeck.config.yaml: undisclosed-format (warning → info)",
      },
    ]);
    expect(describeRuleOverrides(undefined)).toEqual([]);
  });
});
