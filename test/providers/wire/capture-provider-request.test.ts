import { beforeAll, describe, expect, test } from "vitest";
import { isToolDeckError } from "../../../src/errors.js";
import {
  type CapturedRequest,
  type CaptureResult,
  captureProviderRequest,
  captureWireRequest,
  isRefusedCapture,
  wireToolsOfCapture,
} from "../../../src/providers/wire/index.js";
import { toLangChainTools } from "../../../src/runtime/langchain/to-langchain-tools.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { platformTools } from "./platform-tools.js";

/** What the real LangChain provider classes send for a Flowise request tool, a Custom Tool and an n8n `$fromAI` tool. */
let tools: ExecutableTool[];
beforeAll(async () => {
  tools = await platformTools();
});

function requestOf(result: CaptureResult): CapturedRequest {
  if (isRefusedCapture(result)) throw new Error(`refused: ${result.refused}`);
  return result;
}

const schemaOf = (name: string) => tools.find((tool) => tool.name === name)?.inputSchema;

/** A schema as ChatGoogleGenerativeAI sends it: `$schema` and every `additionalProperties` removed. */
const FIND_EVENTS_FOR_GEMINI = {
  type: "object",
  properties: {
    queryParams: { type: "object", description: "Optional query parameters to include in the request" },
  },
};

describe("ChatOpenAI (@langchain/openai), Chat Completions", () => {
  test("sends each tool as a function with tooldeck's schema untouched, $schema and additionalProperties included, and no strict flag", async () => {
    const captured = requestOf(await captureWireRequest("openai", tools));
    expect(captured.endpoint).toBe("POST /v1/chat/completions");
    expect(captured.body.tools).toEqual(
      tools.map((tool) => ({
        type: "function",
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      })),
    );
    expect(schemaOf("find_events")).toMatchObject({
      $schema: "http://json-schema.org/draft-07/schema#",
      additionalProperties: false,
    });
  });

  test("openai-strict adds strict: true and rewrites nothing: an optional key stays optional, as OpenAI's strict mode refuses", async () => {
    const captured = requestOf(await captureWireRequest("openai-strict", tools));
    const n8n = wireToolsOfCapture(captured).find((tool) => tool.name === "get_events");
    expect(n8n).toMatchObject({
      path: "tools[2].function",
      strict: true,
      parameters: schemaOf("get_events"),
    });
    expect(n8n?.parameters).not.toHaveProperty("required");
  });

  test("through the Responses API each tool is flat, with strict: null when none was asked", async () => {
    const captured = requestOf(await captureWireRequest("openai", tools, { openaiApi: "responses" }));
    expect(captured.endpoint).toBe("POST /v1/responses");
    expect(captured.body.tools).toEqual(
      tools.map((tool) => ({
        type: "function",
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
        strict: null,
      })),
    );
    expect(wireToolsOfCapture(captured)[0]).not.toHaveProperty("strict");
  });
});

describe("ChatAnthropic (@langchain/anthropic)", () => {
  test("sends input_schema untouched ($schema, additionalProperties kept); anthropic-strict adds strict: true", async () => {
    const plain = requestOf(await captureWireRequest("anthropic", tools));
    expect(plain.endpoint).toBe("POST /v1/messages");
    expect(plain.body.tools).toEqual(
      tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
    );
    const strict = requestOf(await captureWireRequest("anthropic-strict", tools));
    expect(wireToolsOfCapture(strict).map((tool) => tool.strict)).toEqual([true, true, true]);
  });

  test("drops a tool whose schema's root is an anyOf without a word: the capture names it", async () => {
    const either = tool("either_id", { anyOf: [{ type: "object", properties: { id: { type: "string" } } }] });
    const captured = requestOf(await captureWireRequest("anthropic", [...tools, either]));
    expect(wireToolsOfCapture(captured).map((each) => each.name)).toEqual(tools.map((each) => each.name));
    expect(captured.dropped).toEqual(["either_id"]);
  });
});

describe("ChatGoogleGenerativeAI (@langchain/google-genai), for gemini and vertex", () => {
  test.each(["gemini", "vertex"] as const)(
    "%s: one tools entry of functionDeclarations, $schema and every additionalProperties removed",
    async (provider) => {
      const captured = requestOf(await captureWireRequest(provider, tools));
      expect(captured.endpoint).toBe("POST /v1beta/models/gemini-2.5-flash:generateContent");
      expect(captured.body.tools).toHaveLength(1);
      const sent = wireToolsOfCapture(captured);
      expect(sent.map((each) => each.path)).toEqual([
        "tools[0].functionDeclarations[0]",
        "tools[0].functionDeclarations[1]",
        "tools[0].functionDeclarations[2]",
      ]);
      // Flowise's free-form query parameters lose their value type: Gemini is sent an empty object.
      expect(sent[0]?.parameters).toEqual(FIND_EVENTS_FOR_GEMINI);
      expect(sent[2]?.parameters).toEqual({
        type: "object",
        properties: {
          limit: { type: "number", description: "Limit the number of items to get", default: 10 },
        },
      });
    },
  );

  test("keeps what it does not know Gemini refuses: propertyNames, type arrays, anyOf, format", async () => {
    const schema = {
      type: "object",
      propertyNames: { pattern: "^[a-z]+$" },
      properties: {
        when: { type: "string", format: "date-time" },
        count: { type: ["number", "null"] },
        id: { anyOf: [{ type: "string" }, { type: "integer" }] },
      },
      additionalProperties: false,
    };
    const captured = requestOf(await captureWireRequest("gemini", [tool("keeps", schema)]));
    const { additionalProperties: _dropped, ...sent } = schema;
    expect(wireToolsOfCapture(captured)[0]?.parameters).toEqual(sent);
  });

  test("sends no parameters for a tool whose schema has no properties", async () => {
    const captured = requestOf(
      await captureWireRequest("gemini", [tool("ping", { type: "object", properties: {} })]),
    );
    expect(wireToolsOfCapture(captured)[0]?.sent).toEqual({ name: "ping", description: "ping tool" });
  });

  test("refuses an empty string in an enum itself, before sending: the capture gives its message", async () => {
    const blank = tool("pick", { type: "object", properties: { kind: { type: "string", enum: ["", "a"] } } });
    const result = await captureWireRequest("gemini", [blank]);
    expect(result).toEqual({
      provider: "gemini",
      refused:
        'Invalid enum: empty string not allowed in tool "pick" at path "kind". Gemini API rejects empty strings in enums.',
    });
  });
});

describe("ChatBedrockConverse (@langchain/aws)", () => {
  test("sends each tool as a toolSpec with the schema untouched under inputSchema.json", async () => {
    const captured = requestOf(await captureWireRequest("bedrock", tools));
    expect(captured.endpoint).toBe("POST /model/anthropic.claude-3-5-sonnet-20240620-v1:0/converse");
    expect(captured.body.toolConfig).toEqual({
      tools: tools.map((tool) => ({
        toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema } },
      })),
    });
    expect(wireToolsOfCapture(captured)[1]).toMatchObject({
      path: "toolConfig.tools[1].toolSpec",
      parameters: schemaOf("update_event"),
    });
  });
});

describe("an MCP host (tooldeck's MCP server)", () => {
  test("tools/list gives each tool's schema untouched, with the method's hints", async () => {
    const captured = requestOf(await captureWireRequest("mcp", tools));
    expect(captured.endpoint).toBe("tools/list");
    expect(wireToolsOfCapture(captured)).toEqual(
      tools.map((each, i) => ({
        name: each.name,
        description: each.description,
        parameters: each.inputSchema,
        path: `tools[${i}]`,
        sent: expect.objectContaining({ inputSchema: each.inputSchema, annotations: expect.any(Object) }),
      })),
    );
  });

  test("a schema whose type is not object is the MCP SDK client's refusal, on one line", async () => {
    expect(await captureWireRequest("mcp", [tool("untyped", {})])).toEqual({
      provider: "mcp",
      refused: 'tools[0].inputSchema.type: Invalid input: expected "object"',
    });
  });

  test("two tools of one name are the server's refusal", async () => {
    const [first] = tools;
    if (!first) throw new Error("no tools");
    expect(await captureWireRequest("mcp", [first, first])).toEqual({
      provider: "mcp",
      refused: "two tools are named 'find_events': an MCP server needs unique names",
    });
  });
});

describe("what no class changes", () => {
  test.each(["openai", "openai-strict", "anthropic", "gemini", "bedrock", "mcp"] as const)(
    "%s: 130 tools, a 2,000-character description and a 100-character dotted name reach the provider as they are",
    async (provider) => {
      const many = Array.from({ length: 130 }, (_, i) =>
        tool(i === 0 ? `events.${"x".repeat(93)}` : `tool_${i}`, {
          type: "object",
          properties: { q: { type: "string" } },
        }),
      );
      const [first] = many;
      if (first) first.description = "d".repeat(2000);
      const sent = wireToolsOfCapture(requestOf(await captureWireRequest(provider, many)));
      expect(sent.map((each) => [each.name, each.description])).toEqual(
        many.map((each) => [each.name, each.description]),
      );
    },
  );
});

describe("loading the provider packages", () => {
  test("a provider package that is not installed is one line naming it", async () => {
    const missing = async (name: string) => {
      throw new Error(`Cannot find package '${name}'`);
    };
    const capture = captureProviderRequest("anthropic", toLangChainTools(tools), { importPackage: missing });
    await expect(capture).rejects.toThrow(
      "capturing what a provider is sent needs the optional package @langchain/anthropic, which could not be loaded: npm install @langchain/anthropic",
    );
    await capture.catch((error: unknown) => expect(isToolDeckError(error)).toBe(true));
  });

  test("the model can be named", async () => {
    const captured = requestOf(await captureWireRequest("openai", tools, { model: "gpt-4.1" }));
    expect(captured.body.model).toBe("gpt-4.1");
  });
});

/** A tool with a hand-written schema, as a config would give it. */
function tool(name: string, inputSchema: Record<string, unknown>): ExecutableTool {
  return {
    name,
    description: `${name} tool`,
    inputSchema,
    invoke: () => Promise.reject(new Error("a capture never runs a tool")),
  };
}
