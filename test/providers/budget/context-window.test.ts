import { expect, test } from "vitest";
import { budgetLimit, DEFAULT_CONTEXT_BUDGET } from "../../../src/providers/budget/context-window.js";

test.each([
  {
    name: "nothing said: the default",
    given: {},
    expected: { tokens: DEFAULT_CONTEXT_BUDGET, source: "the default" },
  },
  {
    name: "the flag wins over the settings",
    given: { flag: 8000, setting: { tokens: 50_000, source: "contextBudget in tooldeck.config.yaml" } },
    expected: { tokens: 8000, source: "--context-budget" },
  },
  {
    name: "the settings win over the providers",
    given: {
      setting: { tokens: 50_000, source: "contextBudget in tooldeck.config.yaml" },
      providers: ["gemini"] as const,
    },
    expected: { tokens: 50_000, source: "contextBudget in tooldeck.config.yaml" },
  },
  {
    name: "the smallest window of the providers",
    given: { providers: ["gemini", "anthropic"] as const },
    expected: { tokens: 200_000, source: "anthropic's context window" },
  },
  {
    name: "MCP names no window",
    given: { providers: ["mcp"] as const },
    expected: { tokens: 128_000, source: "the default" },
  },
])("$name", ({ given, expected }) => {
  expect(budgetLimit(given)).toEqual(expected);
});
