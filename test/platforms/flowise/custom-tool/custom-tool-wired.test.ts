import { describe, expect, test } from "vitest";
import type { ToolConfig } from "../../../../src/config/tool-config.js";
import { loadFlowiseFlow } from "../../../../src/platforms/flowise/config/load-flowise-flow.js";
import { CustomToolRunFailed } from "../../../../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import { createTools } from "../../../../src/runtime/create-tools.js";
import { createCaptureService, NO_DNS } from "./run/custom-tool-harness.js";

/** A Custom Tool whose row is all in the node's hidden inputs: a GET of the capture service. */
const HIDDEN_INPUTS = {
  selectedTool: "row-1",
  customToolName: "get_echo",
  customToolDesc: "Use this to echo",
  customToolSchema: "z.object({ q: z.string().describe('the query') })",
  customToolFunc:
    "const fetch = require('node-fetch');\nconst r = await fetch('http://api.test/' + $q);\n" +
    "if (r.status >= 400) throw new Error('status ' + r.status);\nreturn (await r.json()).url;",
};

const chatflow = { nodes: [{ id: "customTool_0", data: { name: "customTool", inputs: HIDDEN_INPUTS } }] };
const agentflow = {
  nodes: [
    {
      id: "agentAgentflow_0",
      data: {
        name: "agentAgentflow",
        inputs: { agentTools: [{ agentSelectedTool: "customTool", agentSelectedToolConfig: HIDDEN_INPUTS }] },
      },
    },
  ],
};

async function toolOf(flow: unknown, allowCode: boolean) {
  const loaded = loadFlowiseFlow(flow, "flow.json");
  expect(loaded.errors).toEqual([]);
  const capture = createCaptureService();
  const configs = loaded.tools.map((tool) => tool.config as ToolConfig);
  const [tool] = await createTools(configs, {
    profile: "flowise",
    allowCode,
    fetch: capture.fetch,
    resolveHost: NO_DNS,
  });
  if (!tool) throw new Error("no tool was made");
  return { tool, capture, config: configs[0] };
}

describe("a loaded Custom Tool runs through the executor (the custom-tool kind)", () => {
  test("with code allowed, a chatflow's Custom Tool sends its request and the model gets the answer", async () => {
    const { tool, capture } = await toolOf(chatflow, true);
    expect(await tool.invoke({ q: "echo" })).toMatchObject({ ok: true, output: "http://api.test/echo" });
    expect(capture.seen.map((seen) => `${seen.method} ${seen.url}`)).toEqual(["GET http://api.test/echo"]);
  });

  test("in a chatflow a failed call is the model's observation", async () => {
    const { tool } = await toolOf(chatflow, true);
    expect(await tool.invoke({ q: "status/500" })).toMatchObject({
      ok: false,
      output: "NodeVM Execution Error: Error: status 500",
    });
  });

  test("an Agentflow V2 Agent's Custom Tool is loaded as such, and a failed call fails the run", async () => {
    const { tool, config } = await toolOf(agentflow, true);
    expect(config).toMatchObject({ kind: "custom-tool", caller: "agentflow-agent" });
    await expect(tool.invoke({ q: "status/500" })).rejects.toBeInstanceOf(CustomToolRunFailed);
  });

  test("without code allowed nothing is sent, and check does not probe it", async () => {
    const { tool, capture } = await toolOf(chatflow, false);
    expect(await tool.invoke({ q: "echo" })).toMatchObject({ ok: false });
    expect(tool.notProbed).toBe("its code was not run; its calls are judged from the code");
    expect(capture.seen).toEqual([]);
  });
});
