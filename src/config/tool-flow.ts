import { relative, resolve, sep } from "node:path";
import { ToolDeckError } from "../errors.js";
import { agentOf } from "./tool-agent.js";
import type { ToolSource } from "./tool-config.js";

/**
 * Whether a tool is of the flow (or file, or agent) the user named: its file as given or resolved, a
 * file path ending in it (`a.json` names `flows/a.json`), or its agent's label (`flow.json › Agent 1`).
 */
export function isOfFlow(source: ToolSource, flow: string): boolean {
  const agent = agentOf(source);
  return (
    source.file === flow ||
    agent.label === flow ||
    agent.id === flow ||
    resolve(source.file) === resolve(flow) ||
    source.file.endsWith(`/${flow}`) ||
    source.file.endsWith(`${sep}${flow}`)
  );
}

/**
 * The usage error of a tool name several agents have, listing them and how to pick one:
 * `get_events is in 2 agents: a.json, b.json — name one as FILE:NAME`.
 */
export function ambiguousToolName(name: string, agents: readonly string[], how: string): ToolDeckError {
  const labels = [...new Set(agents)];
  return new ToolDeckError("usage", `${name} is in ${labels.length} agents: ${labels.join(", ")} — ${how}`);
}

/** The usage error of a flow no tool is of: `no tool is of the flow 'c.json' (flows: a.json, b.json)`. */
export function noToolOfFlow(flow: string, agents: readonly string[]): ToolDeckError {
  const flows = [...new Set(agents)].join(", ") || "none";
  return new ToolDeckError("usage", `no tool is of the flow '${flow}' (flows: ${flows})`);
}

/** What joins a file and its agents' titles in an agent's label (`nodeAgent`): `flow.json › Agent 1`. */
const AGENT_SEPARATOR = " › ";

/**
 * A flow's name (a file, or an agent's label: `flow.json › Agent 1`) with its file resolved from `dir`,
 * so that names written relative to a scenario compare with the labels of the tools it loads.
 */
export function resolveFlowName(dir: string, flow: string): string {
  const [file = flow, ...agent] = flow.split(AGENT_SEPARATOR);
  return [resolve(dir, file), ...agent].join(AGENT_SEPARATOR);
}

/** A flow's name with its file relative to `dir`, as a file there would write it. */
export function relativeFlowName(dir: string, flow: string): string {
  const [file = flow, ...agent] = flow.split(AGENT_SEPARATOR);
  return [relative(dir, resolve(file)), ...agent].join(AGENT_SEPARATOR);
}
