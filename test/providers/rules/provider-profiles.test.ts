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

describe("one schema sent by many tools", () => {
  const shared = {
    type: "object",
    properties: { tags: { type: "array" }, q: { type: "string", format: "uri" } },
  };
  const tool = (name: string, index: number, strict?: boolean) => ({
    name,
    description: "Finds events.",
    parameters: shared,
    path: PROVIDER_PROFILES.openai.toolPath(index),
    ...(strict === undefined ? {} : { strict }),
  });

  test("each tool sending it is refused, in its own name and place", () => {
    const found = judgeTools("openai", [tool("find", 0), tool("find_2", 1)]).map((v) => v.message);
    expect(found).toEqual([
      "Invalid schema for function 'find': In context=('properties', 'tags'), array schema missing items.",
      "Invalid schema for function 'find_2': In context=('properties', 'tags'), array schema missing items.",
    ]);
  });

  test("a schema a rule passes for a tool it does not judge is still judged for one it does", () => {
    // The first tool is not sent strict, so strict mode's rule says nothing of it: not a verdict on the schema.
    const found = judgeTools("openai", [tool("find", 0, false), tool("find_2", 1, true)])
      .filter((v) => v.rule === "openai-strict/additional-properties")
      .map((v) => `${v.tool} ${v.path}`);
    expect(found).toEqual(["1 tools[1].function.parameters"]);
  });

  test("Gemini's unknown fields are said for every tool sending them", () => {
    const gemini = (name: string, index: number) => ({
      name,
      parameters: { type: "object", properties: {}, additionalProperties: false },
      path: PROVIDER_PROFILES.gemini.toolPath(index),
    });
    const parameters = gemini("a", 0).parameters;
    const found = judgeTools("gemini", [
      { ...gemini("a", 0), parameters },
      { ...gemini("b", 1), parameters },
    ]).filter((v) => v.rule === "gemini/unknown-field");
    expect(found.map((v) => v.path)).toEqual([
      "tools[0].functionDeclarations[0].parameters.additionalProperties",
      "tools[0].functionDeclarations[1].parameters.additionalProperties",
    ]);
  });
});
