import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { loadFlowiseFlow } from "../../../../src/platforms/flowise/config/load-flowise-flow.js";
import { hostileProject } from "../../../support/hostile-project.js";

const ID = "4d723d69-e854-4351-90c0-6385ce908213";
const OTHER_ID = "0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f";
const THIRD_ID = "b2e4c1d7-5a6f-4e3b-9c8d-0f1a2b3c4d5e";
const notFound = (id: string) =>
  `Custom Tool "${id}" not found: Flowise's Tools-page export holds no id, so link it in tooldeck.config.yaml (flowise: { tools: { "${id}": <its export> } }) or keep it as the one id-less export beside a flow with one unresolved Custom Tool; or load Flowise's "Export data" file, whose tools keep their ids, or read the flow from the server with --flowise URL`;
const NOT_FOUND = notFound(ID);
const FUNC = "const fetch = require('node-fetch');\nreturn (await fetch($vars.base_url + '/events')).text();";
/** What Flowise's Tools page exports: the schema column is a JSON string. */
const EXPORTED_ROW = {
  id: ID,
  name: "update_event",
  description: "Use this when you want to update an event",
  color: "linear-gradient(rgb(1,2,3), rgb(4,5,6))",
  schema: JSON.stringify([
    { id: 1, property: "id", description: "the event", type: "string", required: true },
    { id: 2, property: "name", description: "", type: "string", required: false },
  ]),
  func: FUNC,
};
const ROW_CONFIG = {
  kind: "custom-tool",
  id: ID,
  name: "update_event",
  description: "Use this when you want to update an event",
  schema: [
    { property: "id", description: "the event", type: "string", required: true },
    { property: "name", description: "", type: "string" },
  ],
  func: FUNC,
};

const chatflow = (inputs: Record<string, unknown>) => ({
  nodes: [{ id: "customTool_0", data: { name: "customTool", inputs } }],
});
const agentflow = (config: Record<string, unknown>) => ({
  nodes: [
    {
      id: "agentAgentflow_0",
      data: {
        name: "agentAgentflow",
        inputs: { agentTools: [{ agentSelectedTool: "customTool", agentSelectedToolConfig: config }] },
      },
    },
  ],
});
const toolNode = (config: Record<string, unknown>) => ({
  nodes: [
    {
      id: "toolAgentflow_0",
      data: {
        name: "toolAgentflow",
        inputs: { toolAgentflowSelectedTool: "customTool", toolAgentflowSelectedToolConfig: config },
      },
    },
  ],
});

function loadBeside(files: Record<string, unknown>) {
  const texts = Object.fromEntries(
    Object.entries(files).map(([name, value]) => [name, JSON.stringify(value)]),
  );
  const dir = hostileProject(texts);
  return loadToolConfigs(["tools/"], { cwd: dir, roots: [dir] });
}

describe("a Custom Tool node whose row is nowhere", () => {
  test("is a load error naming its id, not a silent drop (a chatflow's customTool node)", () => {
    const loaded = loadFlowiseFlow(chatflow({ selectedTool: ID, returnDirect: "" }), "flowise:Text to SQL");
    expect(loaded.tools).toEqual([]);
    expect(loaded.skipped).toEqual([]);
    expect(loaded.errors).toEqual([
      { file: "flowise:Text to SQL", path: "nodes[0].data.inputs.selectedTool", message: NOT_FOUND },
    ]);
  });

  test.each([
    [
      "an Agent's agentTools entry",
      agentflow({ selectedTool: ID }),
      "nodes[0].data.inputs.agentTools[0].agentSelectedToolConfig.selectedTool",
    ],
    [
      "a Tool node",
      toolNode({ selectedTool: ID }),
      "nodes[0].data.inputs.toolAgentflowSelectedToolConfig.selectedTool",
    ],
  ])("in %s too", (_, flow, path) => {
    const loaded = loadBeside({ "tools/flow.json": flow });
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors).toEqual([{ file: "tools/flow.json", path, message: NOT_FOUND }]);
  });

  test("with no tool selected", () => {
    expect(loadFlowiseFlow(chatflow({}), "f").errors.map((error) => error.message)).toEqual([
      "no Custom Tool selected",
    ]);
  });
});

describe("a Custom Tool node's row", () => {
  test("from the Tools page's export beside the flow: the flow's tool, no longer a tool of its own", () => {
    const loaded = loadBeside({
      "tools/a-flow.json": agentflow({ selectedTool: ID, returnDirect: true }),
      "tools/b-tool.json": EXPORTED_ROW,
    });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools).toEqual([
      {
        config: { ...ROW_CONFIG, caller: "agentflow-agent", returnDirect: true },
        source: {
          file: "tools/a-flow.json",
          path: "nodes[0].data.inputs.agentTools[0].agentSelectedToolConfig",
          format: "flowise",
          // The Agent node's Custom Tool keeps its agent when its row is found.
          agent: { id: "tools/a-flow.json#nodes[0]", label: "tools/a-flow.json › agentAgentflow_0" },
          // Its code is written in the export: findings in it point there.
          code: { file: "tools/b-tool.json", path: "" },
          // Its code and schema rows are the export's: findings in them point there.
          keys: {
            func: { file: "tools/b-tool.json", path: "func" },
            schema: { file: "tools/b-tool.json", path: "schema" },
          },
        },
      },
    ]);
  });

  const { id: _id, ...IDLESS_ROW } = EXPORTED_ROW;
  test.each([
    {
      name: "one unresolved node and one id-less Tools-page export beside it: linked, said as a note",
      files: { "tools/flow.json": chatflow({ selectedTool: ID }), "tools/tool.json": IDLESS_ROW },
      tools: ["update_event"],
      errors: [],
      notes: [
        `Custom Tool "${ID}" read from tools/tool.json, the one id-less Tools-page export beside the flow`,
      ],
    },
    {
      name: "two id-less exports: no guess, the node's error",
      files: {
        "tools/flow.json": chatflow({ selectedTool: ID }),
        "tools/a.json": IDLESS_ROW,
        "tools/b.json": { ...IDLESS_ROW, name: "other" },
      },
      tools: ["update_event", "other"],
      errors: [NOT_FOUND],
      notes: [],
    },
    {
      name: "the export in another folder is not beside the flow",
      files: { "tools/flows/flow.json": chatflow({ selectedTool: ID }), "tools/tool.json": IDLESS_ROW },
      tools: ["update_event"],
      errors: [NOT_FOUND],
      notes: [],
    },
    {
      name: "two flows, each in its own folder with its one id-less export: each linked to its own",
      files: {
        "tools/events/flow.json": chatflow({ selectedTool: ID }),
        "tools/events/update_event-CustomTool.json": IDLESS_ROW,
        "tools/crm/flow.json": chatflow({ selectedTool: OTHER_ID }),
        "tools/crm/log_call-CustomTool.json": { ...IDLESS_ROW, name: "log_call" },
      },
      tools: ["update_event", "log_call"],
      errors: [],
      notes: [
        `Custom Tool "${OTHER_ID}" read from tools/crm/log_call-CustomTool.json, the one id-less Tools-page export beside the flow`,
        `Custom Tool "${ID}" read from tools/events/update_event-CustomTool.json, the one id-less Tools-page export beside the flow`,
      ],
    },
    {
      name: "two unresolved nodes in one folder with one export: no guess there, the other folder still linked",
      files: {
        "tools/events/flow.json": chatflow({ selectedTool: ID }),
        "tools/events/other-flow.json": chatflow({ selectedTool: OTHER_ID }),
        "tools/events/update_event-CustomTool.json": IDLESS_ROW,
        "tools/crm/flow.json": chatflow({ selectedTool: THIRD_ID }),
        "tools/crm/log_call-CustomTool.json": { ...IDLESS_ROW, name: "log_call" },
      },
      tools: ["update_event", "log_call"],
      errors: [NOT_FOUND, notFound(OTHER_ID)],
      notes: [
        `Custom Tool "${THIRD_ID}" read from tools/crm/log_call-CustomTool.json, the one id-less Tools-page export beside the flow`,
      ],
    },
  ])("$name", ({ files, tools, errors, notes }) => {
    const loaded = loadBeside(files);
    expect(loaded.errors.map((error) => error.message)).toEqual(errors);
    expect(loaded.tools.map((tool) => tool.config.name).sort()).toEqual([...tools].sort());
    expect((loaded.notes ?? []).map((note) => note.message)).toEqual(notes);
  });

  test("a Tools-page export alone is a tool of its own", () => {
    const loaded = loadBeside({ "tools/tool.json": EXPORTED_ROW });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools).toEqual([
      { config: ROW_CONFIG, source: { file: "tools/tool.json", path: "", format: "flowise" } },
    ]);
  });

  test("the node's hidden inputs override the row's; its zod schema keeps describe's quotes as Flowise's parser does", () => {
    const loaded = loadBeside({
      "tools/flow.json": chatflow({
        selectedTool: ID,
        customToolName: "renamed",
        customToolSchema: "z.object({ when: z.date().describe('the day'), note: z.string().optional() })",
      }),
      "tools/tool.json": EXPORTED_ROW,
    });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => tool.config)).toEqual([
      {
        ...ROW_CONFIG,
        name: "renamed",
        schema: [
          { property: "when", type: "date", description: "'the day'", required: true },
          { property: "note", type: "string", required: false },
        ],
        schemaExpression: "z.object({ when: z.date().describe('the day'), note: z.string().optional() })",
      },
    ]);
  });

  test("the node's own code overrides the export's: its code is the flow's, not the export's", () => {
    const loaded = loadBeside({
      "tools/flow.json": chatflow({ selectedTool: ID, customToolFunc: "return 1" }),
      "tools/tool.json": EXPORTED_ROW,
    });
    expect(
      loaded.tools.map((tool) => [tool.config.kind === "custom-tool" && tool.config.func, tool.source.code]),
    ).toEqual([["return 1", undefined]]);
  });

  test("the hidden inputs alone make the tool when they name it and give its code", () => {
    const loaded = loadFlowiseFlow(
      chatflow({ selectedTool: ID, customToolName: "t", customToolDesc: "d", customToolFunc: "return 1" }),
      "f",
    );
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => tool.config)).toEqual([
      { kind: "custom-tool", id: ID, name: "t", description: "d", schema: [], func: "return 1" },
    ]);
  });

  test.each([
    ["not JSON", "[{", "schema: invalid JSON"],
    ["empty", "", "schema: invalid JSON"],
    ["not an array", "{}", "schema: expected a JSON array of schema rows, received object"],
    ["a row that is no object", "[1]", "schema[0]: expected a schema row object, received number"],
  ])("an export whose schema is %s is a load error (Flowise cannot build it either)", (_, schema, start) => {
    const loaded = loadBeside({ "tools/tool.json": { ...EXPORTED_ROW, schema } });
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors.map((error) => `${error.path}: ${error.message}`)[0]).toMatch(
      new RegExp(`^${start.replace(/[[\]]/g, "\\$&")}`),
    );
  });
});

describe("a Custom Tool node whose row the settings link (flowise: { tools: { <id>: <file> } })", () => {
  const { id: _id, ...IDLESS } = EXPORTED_ROW;
  const ORIGIN = `flowise.tools.${ID} in tooldeck.config.yaml`;

  /** `tools/` loaded as `check` loads it, with the settings' links (files relative to the project). */
  function loadLinked(files: Record<string, unknown>, links: Record<string, string>) {
    const dir = hostileProject(
      Object.fromEntries(Object.entries(files).map(([name, value]) => [name, JSON.stringify(value)])),
    );
    const linked = new Map(
      Object.entries(links).map(([id, file]) => [
        id,
        { file: join(dir, file), origin: `flowise.tools.${id} in tooldeck.config.yaml` },
      ]),
    );
    return {
      dir,
      loaded: loadToolConfigs(["tools/"], { cwd: dir, roots: [dir], linked: { flowise: linked } }),
    };
  }

  test("read from the file linked, even outside the paths: the flow's tool, with no note and no tool of its own", () => {
    const { loaded } = loadLinked(
      { "tools/flow.json": chatflow({ selectedTool: ID }), "exports/update.json": IDLESS },
      { [ID]: "exports/update.json" },
    );
    expect(loaded.errors).toEqual([]);
    expect(loaded.notes).toEqual([]);
    const { id: _rowId, ...row } = ROW_CONFIG;
    expect(loaded.tools).toEqual([
      {
        config: { ...row, id: ID },
        source: {
          file: "tools/flow.json",
          path: "nodes[0].data.inputs",
          format: "flowise",
          code: { file: "exports/update.json", path: "" },
          // Its code and schema rows are the export's: findings in them point there.
          keys: {
            func: { file: "exports/update.json", path: "func" },
            schema: { file: "exports/update.json", path: "schema" },
          },
        },
      },
    ]);
  });

  test("a linked file outside the paths whose id no flow loaded names is no tool of the run", () => {
    const { loaded } = loadLinked(
      {
        "tools/flow.json": chatflow({ selectedTool: ID }),
        "tools/update.json": IDLESS,
        "exports/other.json": IDLESS,
      },
      { [ID]: "tools/update.json", "other-id": "exports/other.json" },
    );
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => tool.source.file)).toEqual(["tools/flow.json"]);
  });

  test("two id-less exports beside the flow: the linked one is its tool, the other a tool of its own", () => {
    const { loaded } = loadLinked(
      {
        "tools/flow.json": chatflow({ selectedTool: ID }),
        "tools/a.json": IDLESS,
        "tools/b.json": { ...IDLESS, name: "other" },
      },
      { [ID]: "tools/b.json" },
    );
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => [tool.config.name, tool.source.file])).toEqual([
      ["update_event", "tools/a.json"],
      ["other", "tools/flow.json"],
    ]);
  });

  test.each([
    {
      name: "a file holding no Custom Tool",
      files: { "exports/x.json": { kind: "request", name: "x", method: "GET", url: "https://a.test/" } },
      errors: [
        `tools/flow.json: Custom Tool "${ID}" not found: exports/x.json (${ORIGIN}) holds no Custom Tool`,
      ],
    },
    {
      name: "a file that does not exist",
      files: {},
      errors: [
        `exports/x.json: no such file (${ORIGIN})`,
        `tools/flow.json: Custom Tool "${ID}" not found: exports/x.json (${ORIGIN}) holds no Custom Tool`,
      ],
    },
  ])("$name: the node's error names the link", ({ files, errors }) => {
    const { loaded } = loadLinked(
      { "tools/flow.json": chatflow({ selectedTool: ID }), ...files },
      { [ID]: "exports/x.json" },
    );
    expect(loaded.errors.map((error) => `${error.file}: ${error.message}`)).toEqual(errors);
    // The linked file is outside the paths: its request tool is no tool of the run.
    expect(loaded.tools).toEqual([]);
  });

  test("a linked file that is a symlink out of the project is refused, never read", () => {
    const outside = hostileProject({ "secret.json": JSON.stringify(IDLESS) });
    const dir = hostileProject({ "tools/flow.json": JSON.stringify(chatflow({ selectedTool: ID })) });
    mkdirSync(join(dir, "exports"));
    symlinkSync(join(outside, "secret.json"), join(dir, "exports/update.json"));
    const linked = new Map([[ID, { file: join(dir, "exports/update.json"), origin: ORIGIN }]]);
    const loaded = loadToolConfigs(["tools/"], { cwd: dir, roots: [dir], linked: { flowise: linked } });
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors.map((error) => error.file)).toEqual(["exports/update.json", "tools/flow.json"]);
    expect(loaded.errors[0]?.message).toMatch(/outside/);
  });
});
