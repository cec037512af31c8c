import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { hostileProject } from "../../../support/hostile-project.js";
import { tooldeckIn } from "../../../support/run-tooldeck.js";

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
    // Each tool's code is its Tool row's, in the same file.
    expect(loaded.tools.map((t) => t.source.code)).toEqual([
      { file: "tools/export.json", path: "Tool[0]" },
      { file: "tools/export.json", path: "Tool[0]" },
      { file: "tools/export.json", path: "Tool[1]" },
      { file: "tools/export.json", path: "Tool[1]" },
    ]);
  });

  test("its static variables are $vars values, a runtime one a note that its value is unknown", () => {
    const loaded = load({
      ChatFlow: [flow("Events", "t1")],
      Tool: [tool("t1", "get_events")],
      Variable: [
        { id: "v1", name: "base_url", value: "https://api.example.com", type: "static" },
        { id: "v2", name: "api_key", value: "", type: "runtime" },
        { id: "v3", name: "region", value: "eu" },
        { id: "v4", name: "__proto__", value: "x", type: "static" },
        { id: "v5", value: "nameless", type: "static" },
        { id: "v6", name: "count", value: 3, type: "static" },
      ],
    });
    expect(loaded.errors).toEqual([]);
    expect(loaded.vars).toEqual(
      Object.defineProperty({ base_url: "https://api.example.com", region: "eu" }, "__proto__", {
        value: "x",
        enumerable: true,
      }),
    );
    expect(Object.getPrototypeOf(loaded.vars)).toBe(Object.prototype);
    expect(loaded.notes).toEqual([
      {
        file: "tools/export.json",
        path: "Variable[1]",
        message:
          "$vars.api_key is a runtime variable, read from the Flowise server's environment: its value is unknown here (give it with --var api_key=VALUE)",
      },
    ]);
    expect(loaded.warnings.map((warning) => `${warning.path}: ${warning.message}`)).toEqual([
      "Variable[4]: expected a variable row with a name: left out of $vars",
      "Variable[5].value: expected the text of $vars.count, received number",
    ]);
  });

  test.each([
    {
      name: "a document store's export is an error naming what it is",
      document: { ChatFlow: [], DocumentStore: [{ id: "d" }], DocumentStoreFileChunk: [{ id: "c" }] },
      errors: [
        "a Flowise document store export (DocumentStore, DocumentStoreFileChunk): it holds no chatflow, agentflow or tool to check",
      ],
      notes: [],
    },
    {
      name: "a variables-only export is a note naming what it is, its values kept",
      document: { ChatFlow: [], Variable: [{ name: "base_url", value: "x", type: "static" }] },
      errors: [],
      notes: [
        'a Flowise "Export data" file of variables only (1 variable): its values are the $vars of the flows checked with it',
      ],
    },
    {
      name: "an export of other sections says what it holds",
      document: { ChatMessage: [{ id: "m" }], Execution: [] },
      errors: ['a Flowise "Export data" file holding ChatMessage: no chatflow, agentflow or tool to check'],
      notes: [],
    },
  ])("$name", ({ document, errors, notes }) => {
    const loaded = load(document);
    expect(loaded.errors.map((error) => error.message)).toEqual(errors);
    expect((loaded.notes ?? []).map((note) => note.message)).toEqual(notes);
  });
});

describe("tooldeck lint on an Export data file whose variables give a tool's host", () => {
  const WIDGET_SPEC = `openapi: 3.0.3
info: { title: Widget API, version: "1" }
servers: [{ url: https://api.widgets.test }]
paths:
  /widgets:
    get:
      operationId: listWidgets
      responses: { "200": { description: the widgets } }
`;
  const OTHER_SPEC = WIDGET_SPEC.replace("Widget API", "Other API").replace(
    "api.widgets.test",
    "api.other.test",
  );
  const requestFlow = {
    name: "Gadgets",
    flowData: JSON.stringify({
      nodes: [
        {
          id: "requestsGet_0",
          data: {
            name: "requestsGet",
            inputs: {
              requestsGetUrl: "{{$vars.widgets_url}}/gadgets",
              requestsGetName: "list_gadgets",
              requestsGetDescription: "Use this when you need to list the gadgets",
            },
          },
        },
      ],
    }),
  };

  async function lint(variables: unknown[]) {
    const dir = hostileProject({
      "tools/widgets.openapi.yaml": WIDGET_SPEC,
      "tools/other.openapi.yaml": OTHER_SPEC,
      "tools/export.json": JSON.stringify({ ChatFlow: [requestFlow], Variable: variables }),
    });
    const { stdout } = await tooldeckIn(dir, ["lint", "--format", "json"]);
    const report = JSON.parse(stdout) as { diagnostics: { code: string; message: string }[] };
    return report.diagnostics.filter((d) => d.code === "operation-not-found").map((d) => d.message);
  }

  test("a static variable's value is the $vars value: the tool is judged by its host's description", async () => {
    const variables = [{ name: "widgets_url", value: "https://api.widgets.test", type: "static" }];
    expect(await lint(variables)).toEqual([
      expect.stringMatching(/^GET \/gadgets is not an operation of Widget API/),
    ]);
  });

  test("a runtime variable has no value here: no description judges the tool", async () => {
    expect(await lint([{ name: "widgets_url", value: "", type: "runtime" }])).toEqual([]);
  });
});
