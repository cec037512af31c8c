import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { hostileProject } from "../../../support/hostile-project.js";

const tool = (id: string, name: string) => ({
  id,
  name,
  description: `Use this to ${name}`,
  schema: JSON.stringify([
    { id: 1, property: "q", description: "the query", type: "string", required: true },
  ]),
  func: "const fetch = require('node-fetch');\nreturn (await fetch('https://api.example.com/' + $q)).text();",
});
const flow = (name: string, ...toolIds: string[]) => ({
  id: `${name}-id`,
  name,
  flowData: JSON.stringify({
    nodes: toolIds.map((id, index) => ({
      id: `customTool_${index}`,
      data: { name: "customTool", inputs: { selectedTool: id } },
    })),
  }),
});

function load(document: unknown) {
  const dir = hostileProject({ "tools/export.json": JSON.stringify(document) });
  return loadToolConfigs(["tools/"], { cwd: dir, roots: [dir] });
}

describe("Flowise's Export data file", () => {
  test("loads every chatflow's and agentflow's tools, each flow its own agent, the tools linked by id", () => {
    const loaded = load({
      ChatFlow: [flow("Events", "t1"), flow("Search", "t1", "t2")],
      AgentFlow: [flow("Agent", "t2")],
      Tool: [tool("t1", "get_events"), tool("t2", "search")],
      Variable: [{ name: "base_url", value: "https://api.example.com", type: "static" }],
      ChatMessage: [{ id: "m1" }],
    });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((t) => [t.source.agent?.label, t.config.name, t.source.path])).toEqual([
      ["tools/export.json › Events", "get_events", "ChatFlow[0].flowData.nodes[0].data.inputs"],
      ["tools/export.json › Search", "get_events", "ChatFlow[1].flowData.nodes[0].data.inputs"],
      ["tools/export.json › Search", "search", "ChatFlow[1].flowData.nodes[1].data.inputs"],
      ["tools/export.json › Agent", "search", "AgentFlow[0].flowData.nodes[0].data.inputs"],
    ]);
  });

  test.each([
    {
      name: "a document-store-only export says what it is",
      document: { DocumentStore: [{ id: "d" }], DocumentStoreFileChunk: [{ id: "c" }] },
      message: `a Flowise "Export data" file holding DocumentStore, DocumentStoreFileChunk: no chatflow, agentflow or tool to check`,
    },
    {
      name: "a variables-only export says what it is",
      document: { ChatFlow: [], Variable: [{ name: "base_url", value: "x", type: "static" }] },
      message: `a Flowise "Export data" file holding Variable: no chatflow, agentflow or tool to check`,
    },
  ])("$name", ({ document, message }) => {
    expect(load(document).errors.map((error) => error.message)).toEqual([message]);
  });
});
