import { describe, expect, test } from "vitest";
import type { LoadedTool } from "../../src/config/tool-config.js";
import { lint } from "../../src/index.js";
import { check } from "../../src/lint/check.js";
import { compareDiagnostics, type Diagnostic } from "../../src/lint/diagnostic.js";
import type { WireToolsOf } from "../../src/providers/default-wire-tools.js";
import { tutorialTools } from "../support/tutorial-tools.js";

const URL = "https://events.example.com/events";

function loaded(configs: LoadedTool["config"][]): LoadedTool[] {
  return configs.map((config, index) => ({
    config,
    source: { file: "tools/events.yaml", path: `[${index}]` },
  }));
}

const gateAndBudget = (diagnostics: Diagnostic[]) =>
  diagnostics
    .filter((d) => d.code === "provider-rejects" || d.code === "context-budget")
    .map((d) => `${d.severity} ${d.code} ${d.tool} ${d.path}: ${d.message}`);

const [getEvents, createEvent] = tutorialTools(URL);
/** A tool OpenAI refuses (description over 1,024 characters) and one Gemini refuses (a name starting with a digit). */
const refused = loaded([
  { ...getEvents, description: "d".repeat(1030) },
  { ...createEvent, name: "2fa_code" },
]);

describe("the library's lint runs the provider gate and the context budget as check does", () => {
  test("no provider named: every provider's API that refuses a tool, as warnings", async () => {
    expect(gateAndBudget(await lint(refused))).toEqual([
      "warning provider-rejects 2fa_code [1].name: gemini, vertex [gemini/name-pattern, vertex/name-pattern]: GenerateContentRequest.tools[0].function_declarations[1].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.",
      "warning provider-rejects get_events [0].description: openai [openai/description-length]: Invalid 'tools[0].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1030 instead.",
    ]);
  });

  test("providers named: their refusals only, as errors; the same findings check reports", async () => {
    const options = { profile: "standard", providers: ["gemini"] } as const;
    const linted = await lint(refused, options);
    expect(gateAndBudget(linted)).toEqual([
      "error provider-rejects 2fa_code [1].name: gemini [gemini/name-pattern]: GenerateContentRequest.tools[0].function_declarations[1].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.",
    ]);
    const checked = await check(
      { tools: refused, errors: [], warnings: [], specs: [], skipped: [] },
      options,
    );
    expect(gateAndBudget(linted)).toEqual(gateAndBudget(checked.diagnostics));
  });

  test("the agent's definitions are measured against contextBudget", async () => {
    const contextBudget = { tokens: 800, source: "--context-budget" };
    expect(gateAndBudget(await lint(loaded(tutorialTools(URL)), { contextBudget }))).toEqual([
      "warning context-budget get_events [0]: the 4 tool definitions of tools/events.yaml cost 486 tokens, more than half of the context budget of 800 (--context-budget)",
    ]);
    // The default budget (128,000 tokens) has room for them.
    expect(gateAndBudget(await lint(loaded(tutorialTools(URL))))).toEqual([]);
  });

  test("what goes on the wire is the seam's, as check's wireToolsOf", async () => {
    const closed: WireToolsOf = (_provider, tools) =>
      Promise.resolve(
        tools.map((tool, index) => ({
          name: tool.name,
          parameters: { type: "object", properties: {}, additionalProperties: false },
          path: `tools[0].functionDeclarations[${index}]`,
        })),
      );
    const linted = await lint(loaded([getEvents]), { providers: ["gemini"], wireToolsOf: closed });
    expect(gateAndBudget(linted).map((line) => line.split(": ")[1])).toEqual([
      "gemini [gemini/unknown-field]",
    ]);
  });

  test("settings turn the gate and the measure off, or set their severity", async () => {
    const contextBudget = { tokens: 300, source: "--context-budget" };
    const off = await lint(refused, {
      contextBudget,
      settings: { "provider-rejects": "off", "context-budget": "off" },
    });
    expect(gateAndBudget(off)).toEqual([]);
    const info = await lint(refused, { providers: ["openai"], settings: { "provider-rejects": "info" } });
    expect(gateAndBudget(info).map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "info provider-rejects get_events",
    ]);
  });

  test("the findings are sorted by file, then severity, the gate's among the rules'", async () => {
    const linted = await lint(refused, { providers: ["openai"] });
    expect(linted.some((d) => d.code === "provider-rejects")).toBe(true);
    expect(linted).toEqual([...linted].sort(compareDiagnostics));
  });
});
