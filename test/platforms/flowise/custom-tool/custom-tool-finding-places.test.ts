import { describe, expect, test } from "vitest";
import { hostileProject } from "../../../support/hostile-project.js";
import { tooldeckIn } from "../../../support/run-tooldeck.js";

const ID = "4d723d69-e854-4351-90c0-6385ce908213";
/** Code that calls fetch as a global: custom-tool-global-fetch at `func`, line 2 of the code. */
const GLOBAL_FETCH =
  "const url = 'https://api.example.com/x';\nconst r = await fetch(url);\nreturn r.text();";
const OWN = {
  selectedTool: "",
  customToolName: "get_x",
  customToolDesc: "Use this to get x",
  customToolSchema: "z.object({q: z.string().describe('the q')})",
  customToolFunc: GLOBAL_FETCH,
};

interface Finding {
  code: string;
  file: string;
  path: string;
  line: number;
  column: number;
}

/** `tooldeck lint --format json` of the project's tools/: the findings of `code`, where they point. */
async function placesOf(files: Record<string, unknown>, code: string) {
  const dir = hostileProject(
    Object.fromEntries(Object.entries(files).map(([name, value]) => [name, JSON.stringify(value, null, 2)])),
  );
  const { stdout } = await tooldeckIn(dir, ["lint", "tools", "--format", "json", "--fail-on", "none"]);
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: Finding[] };
  return diagnostics
    .filter((finding) => finding.code === code)
    .map(({ file, path, line, column }) => `${file}:${line}:${column} ${path}`);
}

describe("a finding in a Custom Tool's code or schema points at the key that holds it in the file", () => {
  test("a chatflow's Custom Tool node with its own code: its customToolFunc", async () => {
    const flow = { nodes: [{ id: "customTool_0", data: { name: "customTool", inputs: OWN } }] };
    expect(await placesOf({ "tools/chat.json": flow }, "custom-tool-global-fetch")).toEqual([
      "tools/chat.json:12:11 nodes[0].data.inputs.customToolFunc",
    ]);
  });

  test("an Agentflow V2 Agent's Custom Tool with its own code: its config's customToolFunc", async () => {
    const flow = {
      nodes: [
        {
          id: "agentAgentflow_0",
          data: {
            name: "agentAgentflow",
            inputs: { agentTools: [{ agentSelectedTool: "customTool", agentSelectedToolConfig: OWN }] },
          },
        },
      ],
    };
    expect(await placesOf({ "tools/agent.json": flow }, "custom-tool-global-fetch")).toEqual([
      "tools/agent.json:16:17 nodes[0].data.inputs.agentTools[0].agentSelectedToolConfig.customToolFunc",
    ]);
  });

  const EXPORT = {
    name: "get_x",
    description: "Use this to get x",
    schema: JSON.stringify([
      { id: 1, property: "when", description: "the day", type: "date", required: true },
    ]),
    func: "const fetch = require('node-fetch');\nreturn (await fetch('https://api.example.com/x', { timeout: 5000 })).text();",
  };
  const linked = (inputs: Record<string, unknown>) => ({
    "tools/chat.json": { nodes: [{ id: "customTool_0", data: { name: "customTool", inputs } }] },
    "tools/get_x-CustomTool.json": EXPORT,
  });

  test("a schema row of the export the node's tool is read from: the export's schema", async () => {
    expect(await placesOf(linked({ selectedTool: ID }), "custom-tool-date-type")).toEqual([
      "tools/get_x-CustomTool.json:4:3 schema[0].type",
    ]);
  });

  test("the node's own schema, which overrides the export's: its customToolSchema", async () => {
    const inputs = { selectedTool: ID, customToolSchema: "z.object({when: z.date().describe('the day')})" };
    expect(await placesOf(linked(inputs), "custom-tool-date-type")).toEqual([
      "tools/chat.json:9:11 nodes[0].data.inputs.customToolSchema[0].type",
    ]);
  });

  test("the node's own code over the export's: its customToolFunc, the export's schema still the export's", async () => {
    const files = linked({ selectedTool: ID, customToolFunc: GLOBAL_FETCH });
    expect(await placesOf(files, "custom-tool-global-fetch")).toEqual([
      "tools/chat.json:9:11 nodes[0].data.inputs.customToolFunc",
    ]);
    expect(await placesOf(files, "custom-tool-date-type")).toEqual([
      "tools/get_x-CustomTool.json:4:3 schema[0].type",
    ]);
  });
});
