import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../src/config/config-issue.js";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { agentOf } from "../../src/config/tool-agent.js";
import { packagePath } from "../../src/package/package-root.js";

const AGENTFLOW = readFileSync(packagePath("fixtures/flowise/event-agent-agentflow.json"), "utf8");

/** The tutorial agentflow with `agents` Agent nodes, each titled and holding the tutorial's four tools. */
function agentflow(titles: readonly string[]): Record<string, unknown> {
  const flow = JSON.parse(AGENTFLOW) as { nodes: { id: string; data: Record<string, unknown> }[] };
  const [start, agent] = flow.nodes;
  if (!start || !agent) throw new Error("the fixture changed");
  const agents = titles.map((label, index) => ({
    ...agent,
    id: `agentAgentflow_${index}`,
    data: { ...agent.data, id: `agentAgentflow_${index}`, label },
  }));
  return { ...flow, nodes: [start, ...agents] };
}

function load(files: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-agents-"));
  for (const [name, value] of Object.entries(files))
    writeFileSync(join(dir, name), typeof value === "string" ? value : JSON.stringify(value));
  const result = loadToolConfigs(Object.keys(files), { cwd: dir, roots: [dir] });
  return {
    tools: result.tools.map((tool) => `${agentOf(tool.source).label}: ${tool.config.name}`),
    errors: result.errors.map(formatConfigIssue),
  };
}

describe("each agent's tool names are its own", () => {
  test("two flows with the same tool names: every tool of both is loaded, each under its Agent node", () => {
    const { tools, errors } = load({ "a.json": agentflow(["Agent A"]), "b.json": agentflow(["Agent B"]) });
    expect(errors).toEqual([]);
    expect(tools).toEqual([
      "a.json › Agent A: get_events",
      "a.json › Agent A: create_event",
      "a.json › Agent A: update_event",
      "a.json › Agent A: delete_event",
      "b.json › Agent B: get_events",
      "b.json › Agent B: create_event",
      "b.json › Agent B: update_event",
      "b.json › Agent B: delete_event",
    ]);
  });

  test("two Agent nodes of one agentflow are two agents", () => {
    const { tools, errors } = load({ "flow.json": agentflow(["Requests Agent", "Backup Agent"]) });
    expect(errors).toEqual([]);
    expect(tools.filter((tool) => tool.endsWith("get_events"))).toEqual([
      "flow.json › Requests Agent: get_events",
      "flow.json › Backup Agent: get_events",
    ]);
  });

  test("a name used twice by one Agent node is still an error, the second tool dropped", () => {
    const flow = agentflow(["Agent"]) as { nodes: { data: { inputs: { agentTools: unknown[] } } }[] };
    const tools = flow.nodes[1]?.data.inputs.agentTools ?? [];
    tools.push(tools[0]);
    const loaded = load({ "flow.json": flow });
    expect(loaded.errors).toEqual([
      'flow.json: nodes[1].data.inputs.agentTools[4].agentSelectedToolConfig: duplicate tool name "get_events" (first defined at flow.json: nodes[1].data.inputs.agentTools[0].agentSelectedToolConfig)',
    ]);
    expect(loaded.tools).toHaveLength(4);
  });

  test("a tooldeck file is one agent: a name twice in it is an error, in two files it is not", () => {
    const tool = "- kind: request\n  name: get_events\n  method: GET\n  url: http://127.0.0.1/events\n";
    expect(load({ "a.yaml": tool, "b.yaml": tool })).toEqual({
      tools: ["a.yaml: get_events", "b.yaml: get_events"],
      errors: [],
    });
    expect(load({ "a.yaml": `${tool}${tool}` }).errors).toEqual([
      'a.yaml: [1]: duplicate tool name "get_events" (first defined at a.yaml: [0])',
    ]);
  });

  test("a file holding several flows: each flow is an agent, named by its name", () => {
    const row = (name: string) => ({ name, flowData: JSON.stringify(agentflow(["Agent"])) });
    const { tools, errors } = load({ "flows.json": [row("First"), row("Second")] });
    expect(errors).toEqual([]);
    expect(tools.filter((tool) => tool.endsWith("get_events"))).toEqual([
      "flows.json › First › Agent: get_events",
      "flows.json › Second › Agent: get_events",
    ]);
  });

  test("an n8n tool belongs to the agent it is connected to", () => {
    const { tools } = load({
      "wf.json": JSON.parse(readFileSync(packagePath("fixtures/n8n/event-assistant.json"), "utf8")),
    });
    expect(tools).toContain("wf.json › Event Agent: get_events");
  });
});
