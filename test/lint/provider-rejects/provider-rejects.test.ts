import { describe, expect, test } from "vitest";
import type { LoadedTool, ToolAgent } from "../../../src/config/tool-config.js";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import { mcpProviderRejects, providerRejects } from "../../../src/lint/provider-rejects/provider-rejects.js";
import type { ListedMcpTool } from "../../../src/mcp/list-mcp-tools.js";
import type { Profile } from "../../../src/profile.js";
import type { WireToolsOf } from "../../../src/providers/default-wire-tools.js";
import type { ProviderId } from "../../../src/providers/wire-tool.js";
import { tutorialTools } from "../../support/tutorial-tools.js";

const URL = "https://events.example.com/events";

function loaded(configs: LoadedTool["config"][], agent?: ToolAgent): LoadedTool[] {
  return configs.map((config, index) => ({
    config,
    source: { file: "tools/events.yaml", path: `[${index}]`, ...(agent ? { agent } : {}) },
  }));
}

const lines = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.severity} ${d.tool} ${d.path}: ${d.message}`);

async function judged(
  tools: LoadedTool[],
  providers?: ProviderId[],
  profile: Profile = "standard",
  wireToolsOf?: WireToolsOf,
): Promise<string[]> {
  return lines(
    await providerRejects(tools, {
      profile,
      ...(providers ? { providers } : {}),
      ...(wireToolsOf ? { wireToolsOf } : {}),
    }),
  );
}

describe("provider-rejects on loaded tools, per agent", () => {
  const API_PROFILES: ProviderId[] = ["openai", "anthropic", "gemini", "vertex", "bedrock", "mcp"];

  test.each(["standard", "flowise"] as const)(
    "the tutorial's tools pass every provider's API and the MCP spec (%s profile)",
    async (profile) => {
      expect(await judged(loaded(tutorialTools(URL)), API_PROFILES, profile)).toEqual([]);
    },
  );

  test("tooldeck's runtime sends a request tool's name as its profile makes it: standard's is legal", async () => {
    const [tool] = tutorialTools(URL);
    // Sent as get_events_ (standard) or get_events (flowise): no API refuses either.
    expect(await judged(loaded([{ ...tool, name: "get events!" }]))).toEqual([]);
    expect(await judged(loaded([{ ...tool, name: "get events!" }]), undefined, "flowise")).toEqual([]);
  });

  test("what nothing says the provider of: every provider's API that refuses it, as warnings", async () => {
    const [tool] = tutorialTools(URL);
    const tools = loaded([{ ...tool, name: "2fa_code", description: "d".repeat(1030) }]);
    expect(await judged(tools)).toEqual([
      "warning 2fa_code [0].description: openai [openai/description-length]: Invalid 'tools[0].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1030 instead.",
      "warning 2fa_code [0].name: gemini, vertex [gemini/name-pattern, vertex/name-pattern]: GenerateContentRequest.tools[0].function_declarations[0].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.",
    ]);
  });

  test("a provider chosen (--provider, providers:): its refusals only, as errors", async () => {
    const [tool] = tutorialTools(URL);
    const tools = loaded([{ ...tool, name: "2fa_code", description: "d".repeat(1030) }]);
    expect(await judged(tools, ["openai"])).toEqual([
      "error 2fa_code [0].description: openai [openai/description-length]: Invalid 'tools[0].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1030 instead.",
    ]);
  });

  test("the provider the flow says its agent's model is from: its refusals, as errors", async () => {
    const agent = { id: "flow.json#nodes[1]", label: "flow.json › Agent", provider: "gemini" as const };
    const [tool] = tutorialTools(URL);
    const tools = loaded([{ ...tool, name: "2fa_code" }], agent);
    expect(await judged(tools)).toEqual([
      "error 2fa_code [0].name: gemini [gemini/name-pattern]: GenerateContentRequest.tools[0].function_declarations[0].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.",
    ]);
    // A provider chosen on the command line outranks the flow's.
    expect(await judged(tools, ["openai"])).toEqual([]);
  });

  test("more tools than a provider takes: one finding on the agent's first tool, naming the agent", async () => {
    const [tool] = tutorialTools(URL);
    const many = Array.from({ length: 129 }, (_, i) => ({ ...tool, name: `get_events_${i}` }));
    expect(await judged(loaded(many), ["openai"])).toEqual([
      "error get_events_0 [0]: openai [openai/tool-count]: Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead. (the tools of tools/events.yaml)",
    ]);
    // The same tools given to two agents are two lists, each within the limit.
    const split = many.map((config, i) => ({
      config,
      source: { file: "tools/events.yaml", path: `[${i}]`, agent: { id: `a${i % 2}`, label: `a${i % 2}` } },
    }));
    expect(await judged(split, ["openai"])).toEqual([]);
  });

  test("what goes on the wire is the seam's: a captured form is judged as captured, at its schema path", async () => {
    const captured: WireToolsOf = (_provider, tools) =>
      Promise.resolve(
        tools.map((tool, index) => ({
          name: tool.name,
          description: tool.description,
          parameters: { type: "object", properties: {}, additionalProperties: false },
          path: `tools[0].functionDeclarations[${index}]`,
        })),
      );
    const [tool] = tutorialTools(URL);
    expect(await judged(loaded([tool]), ["gemini"], "standard", captured)).toEqual([
      "error get_events [0]: gemini [gemini/unknown-field]: Invalid JSON payload received. Unknown name \"additionalProperties\" at 'tools[0].function_declarations[0].parameters': Cannot find field. (at tools[0].functionDeclarations[0].parameters.additionalProperties)",
    ]);
  });

  test("tooldeck's own keywords a client strips are not held against a tool by default", async () => {
    // The runtime's schema carries $schema and additionalProperties: false; Gemini's client strips them.
    expect(await judged(loaded(tutorialTools(URL)), ["gemini", "vertex"])).toEqual([]);
  });

  test("an HTTP node is a flow's step, which no model is given: not judged", async () => {
    const node = {
      kind: "http",
      name: "get events!",
      method: "GET",
      url: URL,
    } as unknown as LoadedTool["config"];
    expect(await judged(loaded([node]), ["openai"])).toEqual([]);
  });
});

describe("provider-rejects on the tools MCP servers list", () => {
  const listed = (name: string): ListedMcpTool =>
    ({
      name,
      description: "Lists events.",
      inputSchema: { type: "object", properties: {} },
      source: { file: "mcp:node server.js", path: "tools[0]" },
    }) as ListedMcpTool;

  test("a dotted name: the MCP spec and Gemini take it; OpenAI, Anthropic and Bedrock refuse it", async () => {
    expect(
      lines(await mcpProviderRejects([listed("events.list")])).map((line) => line.split(" [")[0]),
    ).toEqual([
      "warning events.list tools[0].name: openai",
      "warning events.list tools[0].name: anthropic",
      "warning events.list tools[0].name: bedrock",
    ]);
  });

  test("a name with a space: the MCP spec's own words too", async () => {
    const found = lines(await mcpProviderRejects([listed("list events")], { providers: ["mcp"] }));
    expect(found).toEqual([
      "error list events tools[0].name: mcp [mcp/name-format]: Tool names SHOULD be between 1 and 128 characters in length (inclusive). The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)",
    ]);
  });
});
