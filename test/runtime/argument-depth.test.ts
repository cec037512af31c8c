import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../src/config/request-tool-config.js";
import { MAX_DEPTH } from "../../src/json/json-depth.js";
import { toLangChainTools } from "../../src/runtime/langchain/to-langchain-tools.js";
import { createRequestTool } from "../../src/runtime/request/request-tool.js";
import type { ExecutableTool } from "../../src/runtime/tool-result.js";
import { createToolkit } from "../../src/runtime/toolkit/create-toolkit.js";
import { recordingFetch } from "../support/recording-fetch.js";

const REFUSED = `the arguments nest ${MAX_DEPTH} levels deep or more; nothing was sent`;

/** An object nesting `levels` objects, itself the first: what a hostile model's JSON parses to. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

const POST: RequestToolConfig = {
  kind: "request",
  method: "POST",
  name: "create_thing",
  description: "d",
  url: "http://api.test/things",
  headers: {},
};
const GET: RequestToolConfig = {
  kind: "request",
  method: "GET",
  name: "find_things",
  description: "d",
  url: "http://api.test/things",
  headers: {},
};

async function toolkitTool(
  profile: "standard" | "flowise",
  fetch: ReturnType<typeof recordingFetch>["fetch"],
) {
  const config = { kind: "openapi-toolkit", name: "events", spec: "event-api.openapi.yaml" } as const;
  const tools = await createToolkit(config, { profile, fetch, specBaseDir: "tools" });
  return tools.find((tool) => tool.name === "createEvent") as ExecutableTool;
}

describe("arguments nested too deep are refused before anything is built or sent", () => {
  test.each(["standard", "flowise"] as const)(
    "%s request tool: a body 20,000 levels deep",
    async (profile) => {
      const { fetch, requests } = recordingFetch();
      const tool = createRequestTool(
        { ...POST, bodySchema: { meta: { type: "object" } } },
        { profile, fetch },
      );
      const result = await tool.invoke({ body: { meta: nested(20_000) } });
      expect(result).toEqual({ ok: false, output: REFUSED, error: REFUSED });
      expect(requests).toEqual([]);
    },
  );

  test("standard request tool: query params 20,000 levels deep (sent as JSON in the query)", async () => {
    const { fetch, requests } = recordingFetch();
    const result = await createRequestTool(GET, { fetch }).invoke({ queryParams: { q: nested(20_000) } });
    expect(result.output).toBe(REFUSED);
    expect(requests).toEqual([]);
  });

  test("flowise request tool: arguments given as JSON text 20,000 levels deep", async () => {
    const { fetch, requests } = recordingFetch();
    const text = `{"body":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const result = await createRequestTool(POST, { profile: "flowise", fetch }).invoke(text);
    expect(result.output).toBe(REFUSED);
    expect(requests).toEqual([]);
  });

  test(`${MAX_DEPTH - 1} levels are sent; ${MAX_DEPTH} are refused`, async () => {
    const { fetch, requests } = recordingFetch();
    const tool = createRequestTool(POST, { fetch });
    // The arguments object is the first level, the body the second.
    expect((await tool.invoke({ body: nested(MAX_DEPTH - 2) })).ok).toBe(true);
    expect(requests).toHaveLength(1);
    expect((await tool.invoke({ body: nested(MAX_DEPTH - 1) })).output).toBe(REFUSED);
    expect(requests).toHaveLength(1);
  });

  test("a cycle nests endlessly: refused, not walked forever", async () => {
    const { fetch, requests } = recordingFetch();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await createRequestTool(POST, { fetch }).invoke({ body: cyclic })).output).toBe(REFUSED);
    expect(requests).toEqual([]);
  });

  test.each(["standard", "flowise"] as const)(
    "%s toolkit tool: a RequestBody 20,000 levels deep",
    async (profile) => {
      const { fetch, requests } = recordingFetch();
      const tool = await toolkitTool(profile, fetch);
      const result = await tool.invoke({
        RequestBody: { name: "x", date: "2025-01-01T00:00:00Z", location: nested(20_000) },
      });
      expect(result.ok).toBe(false);
      expect(result.output).toContain(REFUSED);
      expect(requests).toEqual([]);
    },
  );

  test.each(["standard", "flowise"] as const)(
    "%s, inside an agent: a ToolMessage with status error",
    async (profile) => {
      const { fetch } = recordingFetch();
      const [tool] = toLangChainTools([
        createRequestTool({ ...POST, bodySchema: { meta: { type: "object" } } }, { profile, fetch }),
      ]);
      const message = await tool?.invoke({
        type: "tool_call",
        id: "call_1",
        name: tool.name,
        args: { body: { meta: nested(20_000) } },
      });
      expect(message).toMatchObject({ status: "error", content: REFUSED });
    },
  );
});
