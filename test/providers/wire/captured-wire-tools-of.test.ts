import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";
import { profileOfSource } from "../../../src/config/source-profile.js";
import type { LoadedTool } from "../../../src/config/tool-config.js";
import { groupBy } from "../../../src/json/group-by.js";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import { lint } from "../../../src/lint/lint-tools.js";
import { mcpProviderRejects } from "../../../src/lint/provider-rejects/provider-rejects.js";
import type { ListedMcpTool } from "../../../src/mcp/list-mcp-tools.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { Profile } from "../../../src/profile.js";
import { createCapturedWireToolsOf, matchSentTools } from "../../../src/providers/wire/index.js";
import type { WireChoice } from "../../../src/providers/wire-choice.js";
import type { ProviderId } from "../../../src/providers/wire-tool.js";
import { hostileProject } from "../../support/hostile-project.js";

/** The loaded tools of files, each under its platform's profile (a Flowise export: flowise, n8n: n8n). */
function loaded(files: string[], roots: string[] = [packagePath()]): LoadedTool[] {
  const result = loadToolConfigs(files, { roots });
  if (result.errors.length > 0) throw new Error(JSON.stringify(result.errors));
  return result.tools;
}

/** The provider-rejects findings of tools, each file under its own profile, as one line each. */
async function gate(
  tools: LoadedTool[],
  providers: ProviderId[],
  wire: WireChoice | Parameters<typeof lint>[1],
): Promise<string[]> {
  const found: Diagnostic[] = [];
  for (const [profile, group] of groupBy(tools, profileOfSource)) {
    const options = typeof wire === "string" ? { wire } : wire;
    found.push(...(await lint(group, { profile: profile as Profile, providers, ...options })));
  }
  return found
    .filter((d) => d.code === "provider-rejects")
    .map((d) => `${d.severity} ${d.tool} ${d.path}: ${d.message}`);
}

const FLOWISE = packagePath("fixtures/flowise/requests-chatflow.json");
const N8N = packagePath("fixtures/n8n/event-assistant.json");

/** The n8n fixture with its `limit` parameter renamed `strict`, a name ChatGoogleGenerativeAI deletes. */
function n8nWithStrictKey(): { file: string; dir: string } {
  const text = readFileSync(N8N, "utf8").replace("$fromAI('limit'", "$fromAI('strict'");
  const dir = hostileProject({ "event-assistant.json": text });
  return { file: join(dir, "event-assistant.json"), dir };
}

describe("--wire captured: each agent judged as ChatGoogleGenerativeAI really sends it", () => {
  test("a Flowise request tool and an n8n tool: the client strips additionalProperties as the default assumes, so both forms pass", async () => {
    const tools = loaded([FLOWISE, N8N]);
    // Flowise's free-form queryParams (additionalProperties: { type: string }) would be refused by
    // Gemini; the client deletes it, and so does the default form: the capture confirms it.
    expect(await gate(tools, ["gemini", "vertex"], "default")).toEqual([]);
    expect(await gate(tools, ["gemini", "vertex"], "captured")).toEqual([]);
  });

  test("an n8n $fromAI key named strict: the client deletes the parameter, which only the capture shows", async () => {
    const { file, dir } = n8nWithStrictKey();
    const tools = loaded([file], [dir]);
    expect(await gate(tools, ["gemini"], "default")).toEqual([]);
    expect(await gate(tools, ["gemini"], "captured")).toEqual([
      "error get_events nodes[1]: gemini [gemini/client-drops-parameter]: ChatGoogleGenerativeAI (@langchain/google-genai) removes the parameter strict from the schema it sends: the model can never give it",
    ]);
  });

  test("a tooldeck request tool with free-form query parameters: its schema carries no propertyNames (Gemini refuses it), captured or not", async () => {
    const crm = packagePath("fixtures/real-repo/tools/crm.tools.yaml");
    const tools = loaded([crm]).filter((tool) => tool.config.name === "get_contact");
    expect(await gate(tools, ["gemini"], "default")).toEqual([]);
    expect(await gate(tools, ["gemini"], "captured")).toEqual([]);
  });
});

/** A tool an MCP server lists, as `--mcp` reads it. */
function listed(name: string, inputSchema: Record<string, unknown>, index: number): ListedMcpTool {
  return {
    name,
    description: `${name} tool`,
    inputSchema,
    source: { file: "mcp:events", path: `tools[${index}]` },
  };
}

const QUERY = { type: "object", properties: { q: { type: "string" } } };

describe("what the client does to the list", () => {
  test("ChatAnthropic leaves out a tool whose root is an anyOf: a finding on that tool, and the next tool's finding stays its own", async () => {
    const tools = [
      listed("search", QUERY, 0),
      listed("either_id", { anyOf: [{ type: "object", properties: { id: { type: "string" } } }] }, 1),
      listed("bad key", { type: "object", properties: { "a key": { type: "string" } } }, 2),
    ];
    const found = await mcpProviderRejects(tools, {
      providers: ["anthropic"],
      wireToolsOf: createCapturedWireToolsOf(),
    });
    expect(found.map((d) => `${d.tool} ${d.path}: ${d.message}`)).toEqual([
      "bad key tools[2].name: anthropic [anthropic/name-pattern]: tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
      "bad key tools[2]: anthropic [anthropic/property-key]: tools.1.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$' (at tools[1].input_schema.properties.a key)",
      "either_id tools[1]: anthropic [anthropic/client-drops-tool]: ChatAnthropic (@langchain/anthropic) leaves either_id out of the request it sends: the model is never given it",
    ]);
  });

  test("ChatGoogleGenerativeAI refuses a list with an empty enum value: every call fails, a finding on the agent", async () => {
    const blank = listed(
      "pick",
      { type: "object", properties: { kind: { type: "string", enum: ["", "a"] } } },
      0,
    );
    const found = await mcpProviderRejects([blank], {
      providers: ["gemini"],
      wireToolsOf: createCapturedWireToolsOf(),
    });
    expect(found.map((d) => `${d.severity} ${d.tool}: ${d.message}`)).toEqual([
      'error pick: gemini [gemini/client-refuses]: ChatGoogleGenerativeAI (@langchain/google-genai) refuses to send the tools of mcp:events, so every call fails before gemini is reached: Invalid enum: empty string not allowed in tool "pick" at path "kind". Gemini API rejects empty strings in enums.',
    ]);
  });
});

describe("when the capture cannot be made: one note, and the default form judged", () => {
  /** The Flowise chatflow's tools with a description OpenAI refuses, as the agent of `file`. */
  const tooLong = (file = "requests-chatflow.json") =>
    loaded([FLOWISE]).map((tool) => ({
      source: { ...tool.source, file },
      config: { ...tool.config, description: "d".repeat(1030) },
    }));

  test("a provider package that is not installed: a note naming it, once per provider however many agents", async () => {
    const notes: string[] = [];
    const missing = (name: string) =>
      name === "@langchain/openai"
        ? Promise.reject(new Error(`Cannot find package '${name}'`))
        : import(name);
    const wireToolsOf = createCapturedWireToolsOf({
      importPackage: missing,
      onNote: (note) => notes.push(note),
    });
    const twoAgents = [...tooLong(), ...tooLong("other-chatflow.json")];
    const found = await gate(twoAgents, ["openai", "anthropic"], { wireToolsOf });
    expect(found).toEqual(await gate(twoAgents, ["openai", "anthropic"], "default"));
    // The chatflow's two tools, in each of the two agents.
    expect(found.filter((line) => line.includes("[openai/description-length]"))).toHaveLength(4);
    expect(notes).toEqual([
      "openai: judged the default wire form, not the captured one: capturing what a provider is sent needs the optional package @langchain/openai, which could not be loaded: npm install @langchain/openai",
    ]);
  });

  test("a capture that fails: a note with its error, and the default form's findings", async () => {
    const notes: string[] = [];
    const wireToolsOf = createCapturedWireToolsOf({
      capture: () => Promise.reject(new Error("socket hang up")),
      onNote: (note) => notes.push(note),
    });
    const found = await gate(tooLong(), ["openai"], { wireToolsOf });
    expect(found).toEqual(await gate(tooLong(), ["openai"], "default"));
    expect(found.every((line) => line.includes("[openai/description-length]"))).toBe(true);
    expect(notes).toEqual([
      "openai: judged the default wire form, not the captured one: capturing what ChatOpenAI (@langchain/openai) sends failed: socket hang up",
    ]);
  });
});

describe("matching a request's tools to the tools given", () => {
  test.each([
    { given: ["a", "b", "c"], sent: ["a", "b", "c"], match: { given: [0, 1, 2], dropped: [] } },
    { given: ["a", "b", "c"], sent: ["a", "c"], match: { given: [0, 2], dropped: [1] } },
    { given: ["a", "a", "b"], sent: ["a", "b", "a"], match: { given: [0, 2, 1], dropped: [] } },
    // Renamed in place: paired in order with the given tools no name matched.
    { given: ["a", "b", "c"], sent: ["a", "B", "c"], match: { given: [0, 1, 2], dropped: [] } },
    // Renamed and one left out: the renamed answers to none, both given are left out.
    { given: ["a", "b", "c"], sent: ["a", "X"], match: { given: [0, undefined], dropped: [1, 2] } },
  ])("$given sent as $sent", ({ given, sent, match }) => {
    expect(matchSentTools(given, sent)).toEqual(match);
  });
});
