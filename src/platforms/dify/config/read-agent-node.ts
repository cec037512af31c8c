import { joinPath } from "../../../config/json-path.js";
import { type LoadSink, withAgent } from "../../../config/load-sink.js";
import { nodeAgent } from "../../../config/tool-agent.js";
import type { ToolAgent } from "../../../config/tool-config.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import { type DifyToolUse, linkDifyApiTool } from "../api-tool/link-api-tool.js";
import type { DifyAgent } from "./dify-agent.js";
import { readAgentToolParameters } from "./dify-fixed-values.js";
import { difyModelProvider } from "./dify-model-provider.js";
import type { DifyNode } from "./dify-node.js";
import { describeTool } from "./read-tool-node.js";

/** The strategy whose loop tooldeck reproduces (reference/dify-tools.md facts 81–89). */
const DIFY_STRATEGY = "langgenius/agent/agent";

/**
 * An Agent node (`data.type: agent`, Agent v1, facts 17–19, 76–78): its enabled custom API tools, each
 * linked to its provider and given to the node's agent (`file › title`, its model's provider when
 * tooldeck has a profile for it), with the values the DSL fixes (`auto: 0`) and `extra.description`. A
 * disabled tool, a tool of another provider type, a third-party strategy's node and a node of another
 * shape are notes.
 */
export function readAgentNode(node: DifyNode, sink: LoadSink): void {
  const where = joinPath(node.path, "data");
  const parameters = node.data.agent_parameters;
  if (!isPlainObject(parameters)) {
    sink.note(
      where,
      `not modelled: the Agent node "${node.title}" has no agent_parameters (an Agent v2 node?)`,
    );
    return;
  }
  const strategyProvider = textOr(node.data.agent_strategy_provider_name, DIFY_STRATEGY);
  const tools = toolList(parameters.tools, joinPath(where, "agent_parameters", "tools", "value"), sink);
  if (strategyProvider !== DIFY_STRATEGY) {
    sink.note(
      where,
      `not modelled: the Agent node "${node.title}" runs the strategy ${strategyProvider} (tooldeck reproduces ${DIFY_STRATEGY}); its ${tools.length} tool(s) are not read`,
    );
    return;
  }
  const { agent, toolAgent } = difyAgentOf(node, parameters, sink);
  const agentSink = withAgent(sink, toolAgent);
  tools.forEach((tool, index) => {
    const toolPath = joinPath(where, "agent_parameters", "tools", "value", index);
    const use = agentToolUse(tool, toolPath, agent, sink);
    if (use) linkDifyApiTool(use, toolPath, agentSink);
  });
}

/**
 * The Agent node as the Dify agent its tools are given to (strategy, `maximum_iterations`, default 3:
 * fact 82) and as tooldeck's agent (`app.yml › Agent`, `app.yml#workflow.graph.nodes[1]`), its
 * provider read from the node's model.
 */
export function difyAgentOf(
  node: DifyNode,
  parameters: Record<string, unknown>,
  sink: LoadSink,
): { agent: DifyAgent; toolAgent: ToolAgent } {
  const agent: DifyAgent = {
    node: node.id,
    title: node.title,
    strategyProvider: textOr(node.data.agent_strategy_provider_name, DIFY_STRATEGY),
    strategy: textOr(node.data.agent_strategy_name, "function_calling"),
    maximumIterations: maximumIterations(parameters.maximum_iterations, joinPath(node.path, "data"), sink),
  };
  const toolAgent = nodeAgent(sink, node.path, node.title);
  const provider = difyModelProvider(parameters.model);
  if (provider) toolAgent.provider = provider;
  return { agent, toolAgent };
}

/** `agent_parameters.tools.value` (fact 18): the list, or none (with an error when not a list). */
function toolList(value: unknown, where: string, sink: LoadSink): unknown[] {
  const list = isPlainObject(value) ? value.value : undefined;
  if (list === undefined || list === null) return [];
  if (Array.isArray(list)) return list;
  sink.error(where, `expected a list of tools, received ${describeType(list)}`);
  return [];
}

/** `maximum_iterations` (fact 82): default 3; a value that is not a whole number of 1 or more is an error. */
function maximumIterations(value: unknown, where: string, sink: LoadSink): number {
  const given = isPlainObject(value) ? value.value : value;
  if (given === undefined || given === null) return 3;
  const number = typeof given === "string" && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
  if (typeof number === "number" && Number.isInteger(number) && number >= 1) return number;
  sink.error(
    joinPath(where, "agent_parameters", "maximum_iterations", "value"),
    `expected a whole number of iterations of 1 or more, received ${describeType(given)}: read as 3, the strategy's default`,
  );
  return 3;
}

/**
 * One item of an Agent's tools as the use of a custom API tool, or undefined with a note (disabled, not
 * of a custom provider) or an error (malformed) said.
 */
export function agentToolUse(
  tool: unknown,
  where: string,
  agent: DifyAgent,
  sink: LoadSink,
): DifyToolUse | undefined {
  if (!isPlainObject(tool)) {
    sink.error(where, `expected a tool, received ${describeType(tool)}`);
    return undefined;
  }
  const { provider_name: providerName, tool_name: toolName } = tool;
  const named = describeTool(providerName, toolName);
  if (tool.enabled !== true) {
    // Only `enabled: true` tools are passed to the strategy (fact 76).
    sink.note(
      where,
      `not modelled: the tool ${named} of the Agent "${agent.title}" is disabled: Dify does not give it to the agent`,
    );
    return;
  }
  if (tool.type !== "api") {
    sink.note(
      where,
      `not modelled: the ${String(tool.type ?? "builtin")} tool ${named} of the Agent "${agent.title}"; tooldeck models custom API tools (type: api)`,
    );
    return undefined;
  }
  if (
    typeof providerName !== "string" ||
    providerName === "" ||
    typeof toolName !== "string" ||
    toolName === ""
  ) {
    sink.error(where, "expected the custom tool's provider_name and tool_name");
    return undefined;
  }
  const parameters = readAgentToolParameters(tool.parameters, joinPath(where, "parameters"), sink);
  if (!parameters) return undefined;
  const extra = isPlainObject(tool.extra) ? tool.extra.description : undefined;
  // A non-empty `extra.description` replaces the tool's own for the model (fact 77).
  return {
    providerName,
    toolName,
    parameters,
    ...(typeof extra === "string" && extra.trim() !== "" ? { description: extra } : {}),
    agent,
  };
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value !== "" ? value : fallback;
}
