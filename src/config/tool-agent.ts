import type { LoadSink } from "./load-sink.js";
import type { LoadedTool, ToolAgent, ToolSource } from "./tool-config.js";

/**
 * The agent a tool is given to: the one its loader named (an Agentflow V2 Agent node, an n8n agent),
 * else its file (a tooldeck file, a chatflow, an MCP server). Tool names need to be unique only among
 * one agent's tools, as each platform sends one agent's tools to its model.
 * @example
 * agentOf({ file: "flow.json", path: "nodes[1].data.inputs.agentTools[0]" }); // { id: "flow.json", label: "flow.json" }
 */
export function agentOf(source: Pick<ToolSource, "file" | "agent">): ToolAgent {
  return source.agent ?? { id: source.file, label: source.file };
}

/**
 * The agent a node of the file a sink reads is (`flow.json#nodes[1]`), labelled after the agent the sink
 * is in: `flow.json › Requests Agent`, `flows.json › Support › Requests Agent`.
 */
export function nodeAgent(
  sink: Pick<LoadSink, "file" | "agent">,
  nodePath: string,
  title: string,
): ToolAgent {
  return { id: `${sink.file}#${nodePath}`, label: `${sink.agent?.label ?? sink.file} › ${title}` };
}

/**
 * What tells one loaded tool from every other of a run, when names repeat across agents: its agent and
 * name (or, unnamed, its place in its file).
 */
export function toolKey(tool: LoadedTool): string {
  const name = tool.config.name ?? `${tool.source.file}\u0000${tool.source.path}`;
  return `${agentOf(tool.source).id}\u0000${name}`;
}
