import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import { judgeTools } from "../../../src/providers/rules/judge-tools.js";
import { allProviderRules, PROVIDER_PROFILES } from "../../../src/providers/rules/provider-profiles.js";
import { PROVIDER_IDS } from "../../../src/providers/wire-tool.js";

describe("the provider profiles", () => {
  test("every provider id has a profile, and each rule a source, a confirmed date and a unique id", () => {
    expect(Object.keys(PROVIDER_PROFILES).sort()).toEqual([...PROVIDER_IDS].sort());
    const rules = allProviderRules();
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.id).toMatch(/^[a-z-]+\/[a-z-]+$/);
      expect(rule.source).toMatch(/^https:\/\//);
      expect(rule.confirmed).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(rule.confirmed <= "2026-11-29").toBe(true);
    }
  });

  test.each(PROVIDER_IDS)("%s accepts a plain, closed tool list, and an empty one", (provider) => {
    const parameters = {
      type: "object",
      properties: { id: { type: "string", description: "the event's id" } },
      required: ["id"],
      additionalProperties: false,
    };
    // Gemini's Schema has no additionalProperties: its client strips it (what the wire capture shows).
    const sent = provider === "gemini" ? { ...parameters, additionalProperties: undefined } : parameters;
    const tools = ["get_event", "list_events"].map((name, index) => ({
      name,
      description: "Reads events.",
      parameters: JSON.parse(JSON.stringify(sent)),
      path: PROVIDER_PROFILES[provider].toolPath(index),
    }));
    expect(judgeTools(provider, tools)).toEqual([]);
    expect(judgeTools(provider, [])).toEqual([]);
  });

  test("docs/providers.md lists every rule with its source and confirmed date", () => {
    const docs = readFileSync(packagePath("docs", "providers.md"), "utf8");
    for (const rule of allProviderRules()) {
      const row = docs.split("\n").find((line) => line.startsWith(`| \`${rule.id}\` |`));
      expect(row, rule.id).toBeDefined();
      expect(row).toContain(`<${rule.source}> | ${rule.confirmed} |`);
    }
  });
});
