import { describe, expect, test } from "vitest";
import { loadConfigValue } from "../../../../src/config/load-config-document.js";
import { emptyLoadResult } from "../../../../src/config/load-result.js";
import { createLoadSink } from "../../../../src/config/load-sink.js";

const AGENT = { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1, parameters: {} };
const getItem = {
  name: "Get Item",
  type: "n8n-nodes-base.httpRequestTool",
  typeVersion: 4.2,
  parameters: {
    url: "={{ $vars.base_url }}/items/{{ $fromAI('id', 'The item id') }}",
    toolDescription: "Get an item",
  },
};

function tool(name: string, extra: Record<string, unknown> = {}) {
  return { ...getItem, name, ...extra };
}

function wire(...names: string[]) {
  return Object.fromEntries(
    names.map((name) => [name, { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] }]),
  );
}

function load(value: unknown) {
  const result = emptyLoadResult();
  loadConfigValue(value, "", createLoadSink(result, "w.json"));
  return result;
}

describe("an n8n workflow export", () => {
  test("a connected HTTP Request tool: the node, its settings, its credential references and its agent", () => {
    const node = tool("Get Item", {
      credentials: { httpHeaderAuth: { id: "7", name: "Items API", data: { value: "leaked" } } },
      retryOnFail: true,
      maxTries: 2,
      onError: "continueRegularOutput",
    });
    const result = load({ nodes: [AGENT, node], connections: wire("Get Item") });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.tools).toEqual([
      {
        config: {
          kind: "n8n-http-tool",
          name: "Get Item",
          type: "n8n-nodes-base.httpRequestTool",
          typeVersion: 4.2,
          parameters: getItem.parameters,
          credentials: { httpHeaderAuth: { id: "7", name: "Items API" } },
          retryOnFail: true,
          maxTries: 2,
          onError: "continueRegularOutput",
          agent: { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
        },
        source: {
          file: "w.json",
          path: "nodes[1]",
          format: "n8n",
          agent: { id: "w.json#nodes[0]", label: "w.json › Agent" },
        },
      },
    ]);
  });

  test("tools in the reverse of the nodes' order (reference fact 4)", () => {
    const result = load({
      nodes: [tool("Zeta"), AGENT, tool("Alpha"), tool("Mid")],
      connections: wire("Zeta", "Alpha", "Mid"),
    });
    expect(result.tools.map((loaded) => loaded.config.name)).toEqual(["Mid", "Alpha", "Zeta"]);
  });

  test("the legacy toolHttpRequest and a sub-agent tool or MCP Server Trigger as target", () => {
    const legacy = {
      name: "Legacy",
      type: "@n8n/n8n-nodes-langchain.toolHttpRequest",
      typeVersion: 1.1,
      parameters: { url: "https://api.example.com/{id}" },
    };
    const mcp = { name: "MCP", type: "@n8n/n8n-nodes-langchain.mcpTrigger", typeVersion: 1, parameters: {} };
    const result = load({
      nodes: [mcp, legacy, tool("Current")],
      connections: {
        Legacy: { ai_tool: [[{ node: "MCP", type: "ai_tool", index: 0 }]] },
        Current: { ai_tool: [[{ node: "MCP", type: "ai_tool", index: 0 }]] },
      },
    });
    expect(
      result.tools.map((loaded) => [
        loaded.config.name,
        loaded.config.kind === "n8n-http-tool" && loaded.config.agent.type,
      ]),
    ).toEqual([
      ["Current", "@n8n/n8n-nodes-langchain.mcpTrigger"],
      ["Legacy", "@n8n/n8n-nodes-langchain.mcpTrigger"],
    ]);
  });

  test.each([
    [
      "another tool type",
      { name: "Send", type: "n8n-nodes-base.gmailTool", typeVersion: 2.1, parameters: {} },
      "Send",
      '"Send" (n8n-nodes-base.gmailTool) is a tool of a type tooldeck does not model',
    ],
    [
      "a sub-agent",
      { name: "Helper", type: "@n8n/n8n-nodes-langchain.agentTool", typeVersion: 2.2, parameters: {} },
      "Helper",
      '"Helper" (@n8n/n8n-nodes-langchain.agentTool) is a sub-agent, itself not modelled (its own HTTP tools are read)',
    ],
    [
      "a disabled HTTP tool",
      tool("Off", { disabled: true }),
      "Off",
      '"Off" (n8n-nodes-base.httpRequestTool) is a disabled tool, which n8n does not give the agent',
    ],
    [
      "an HTTP tool of version 3",
      tool("Old", { typeVersion: 3 }),
      "Old",
      '"Old" (n8n-nodes-base.httpRequestTool) is httpRequestTool 3, not 4.x',
    ],
  ])("%s is said, not dropped in silence", (_name, node, name, reason) => {
    const result = load({ nodes: [AGENT, node], connections: wire(name) });
    expect(result.tools).toEqual([]);
    expect(result.notes).toEqual([{ file: "w.json", path: "nodes[1]", message: `not modelled: ${reason}` }]);
    expect(result.warnings).toEqual([]);
    expect(result.skipped).toHaveLength(1);
  });

  test("an HTTP tool connected to nothing (an empty ai_tool) is said", () => {
    const result = load({ nodes: [AGENT, tool("Loose")], connections: { Loose: { ai_tool: [[]] } } });
    expect(result.notes?.map((note) => note.message)).toEqual([
      'not modelled: "Loose" (n8n-nodes-base.httpRequestTool) is an HTTP tool connected to no agent, sub-agent tool or MCP Server Trigger',
    ]);
  });

  test("an HTTP tool wired to a node that is no agent is said", () => {
    const other = {
      name: "Agent",
      type: "@n8n/n8n-nodes-langchain.toolExecutor",
      typeVersion: 1,
      parameters: {},
    };
    expect(
      load({ nodes: [other, tool("T")], connections: wire("T") }).notes?.map((note) => note.message),
    ).toEqual([
      'not modelled: "T" (n8n-nodes-base.httpRequestTool) is a tool of @n8n/n8n-nodes-langchain.toolExecutor, which tooldeck does not model',
    ]);
  });

  test("a $fromAI schema n8n refuses is a load error with n8n's message (reference fact 12)", () => {
    const node = tool("Bad", { parameters: { url: "={{ $fromAI('my key') }}" } });
    expect(load({ nodes: [AGENT, node], connections: wire("Bad") }).errors).toEqual([
      {
        file: "w.json",
        path: "nodes[1].parameters.url",
        message: "Parameter key `my key` is invalid (n8n stops the workflow before calling the model)",
      },
    ]);
  });

  test("a Flowise flow (nodes and edges) is not read as an n8n workflow", () => {
    const result = load({ nodes: [], edges: [] });
    expect(result.tools).toEqual([]);
    expect(result.notes).toEqual([]);
  });

  test("a hostile export: junk nodes and links, inherited names, never a throw", () => {
    const result = load({
      nodes: [
        null,
        5,
        { name: "__proto__", type: "n8n-nodes-base.httpRequestTool" },
        AGENT,
        tool("constructor", { parameters: "x" }),
      ],
      connections: {
        __proto__: { ai_tool: "x" },
        constructor: { ai_tool: [null, [7, { node: 1 }, { node: "Agent" }]] },
        toString: { ai_tool: [[{ node: "Agent" }]] },
      },
    });
    expect(result.errors.map((error) => error.path)).toEqual(["nodes[0]", "nodes[1]"]);
    expect(
      result.tools.map((loaded) => [
        loaded.config.name,
        loaded.config.kind === "n8n-http-tool" && loaded.config.parameters,
      ]),
    ).toEqual([["constructor", {}]]);
  });
});

describe("kind: n8n-http-tool in a tools/ file", () => {
  test("a node copied from n8n, with kind and agent", () => {
    const result = load({
      kind: "n8n-http-tool",
      ...getItem,
      agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 2.2 },
    });
    expect(result.errors).toEqual([]);
    expect(result.tools[0]?.config).toMatchObject({
      kind: "n8n-http-tool",
      name: "Get Item",
      agent: { typeVersion: 2.2 },
    });
  });

  test("a typo is an error at its path; a refused schema too", () => {
    expect(
      load({ kind: "n8n-http-tool", ...getItem, agent: { type: "x", typeVersion: 1 }, extra: 1 }).errors.map(
        (error) => error.path,
      ),
    ).toEqual(["agent.type", ""]);
    const refused = load({
      kind: "n8n-http-tool",
      ...getItem,
      parameters: { url: "={{ $fromAI('k', 'a') }}{{ $fromAI('k', 'b') }}" },
      agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3 },
    });
    expect(refused.errors.map((error) => error.message)).toEqual([
      "Duplicate key 'k' found with different description or type (n8n stops the workflow before calling the model)",
    ]);
  });
});
