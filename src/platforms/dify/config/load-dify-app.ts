import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import { checkDifyDslVersion } from "./dify-dsl-version.js";
import { loadDifyEnvironment } from "./dify-environment.js";
import { readDifyGraph } from "./dify-graph.js";
import type { DifyNode } from "./dify-node.js";
import { declaredVariableTypes, selectorsRead } from "./dify-variable-types.js";
import { readAgentNode } from "./read-agent-node.js";
import { type DifyGraphContext, readHttpRequestNode } from "./read-http-request-node.js";
import { describeTool, readToolNode } from "./read-tool-node.js";

/** The app modes whose DSL holds a `workflow`; the others hold a `model_config` (reference/dify-tools.md fact 1). */
const WORKFLOW_MODES = ["workflow", "advanced-chat"];
const MODEL_CONFIG_MODES = ["agent-chat", "chat", "completion"];

/**
 * The tools of a Dify app DSL (docs/dify.md): its HTTP Request nodes as `dify-http-request` configs, its
 * Tool nodes and Agent nodes' tools of custom API providers linked to them, the non-secret environment
 * variables as tooldeck variables; every tool tooldeck does not model is a note. Dify's import checks
 * are load errors with Dify's own messages (facts 92–95): those that leave no graph to read stop here,
 * the others (a version written as a number, a duplicate node id, an edge to no node) are said and the
 * rest is read.
 * @example
 * loadDifyApp(parseBounded(text, "yaml") as Record<string, unknown>, "", createLoadSink(result, "app.yml"));
 */
export function loadDifyApp(value: Record<string, unknown>, path: string, sink: LoadSink): void {
  checkDifyDslVersion(value, path, sink);
  const app = value.app;
  if (!isPlainObject(app)) {
    sink.error(joinPath(path, "app"), "Missing app data in YAML content");
    return;
  }
  const mode = app.mode;
  if (mode === undefined || mode === null || mode === "") {
    sink.error(joinPath(path, "app", "mode"), "loss app mode");
    return;
  }
  if (typeof mode === "string" && WORKFLOW_MODES.includes(mode)) loadWorkflow(value.workflow, path, sink);
  else if (typeof mode === "string" && MODEL_CONFIG_MODES.includes(mode))
    loadModelConfig(value.model_config, mode, path, sink);
  else
    sink.error(
      joinPath(path, "app", "mode"),
      `invalid mode value ${typeof mode === "string" ? mode.slice(0, 40) : describeType(mode)} (expected ${[...WORKFLOW_MODES, ...MODEL_CONFIG_MODES].join(", ")})`,
    );
}

function loadWorkflow(workflow: unknown, path: string, sink: LoadSink): void {
  const where = joinPath(path, "workflow");
  if (!isPlainObject(workflow) || Object.keys(workflow).length === 0) {
    sink.error(where, "Missing workflow data for workflow/advanced chat app");
    return;
  }
  loadDifyEnvironment(workflow.environment_variables, joinPath(where, "environment_variables"), sink);
  const graph = workflow.graph;
  if (graph === undefined || graph === null) return; // Dify imports it as an empty graph.
  if (!isPlainObject(graph)) {
    sink.error(joinPath(where, "graph"), "Dify workflow app DSL must contain workflow.graph.");
    return;
  }
  const nodes = readDifyGraph(graph, joinPath(where, "graph"), sink);
  const context: DifyGraphContext = {
    types: declaredVariableTypes(nodes, workflow.conversation_variables),
    readers: selectorsRead(nodes),
  };
  for (const node of nodes) loadNode(node, context, sink);
}

function loadNode(node: DifyNode, context: DifyGraphContext, sink: LoadSink): void {
  if (node.type === "http-request") {
    const config = readHttpRequestNode(node, sink, context);
    if (config) sink.tool(config, joinPath(node.path, "data"), "dify");
  } else if (node.type === "tool") readToolNode(node, sink);
  else if (node.type === "agent") readAgentNode(node, sink);
}

/**
 * A chat, completion or agent-chat app: no HTTP Request node; an agent-chat app's tools
 * (`model_config.agent_mode.tools`) run through Dify's own agent runner, not modelled (fact 91).
 */
function loadModelConfig(config: unknown, mode: string, path: string, sink: LoadSink): void {
  const where = joinPath(path, "model_config");
  if (!isPlainObject(config) || Object.keys(config).length === 0) {
    sink.error(where, "Missing model_config for chat/agent-chat/completion app");
    return;
  }
  const agentMode = config.agent_mode;
  const tools = isPlainObject(agentMode) && Array.isArray(agentMode.tools) ? agentMode.tools : [];
  tools.forEach((tool, index) => {
    const named = isPlainObject(tool)
      ? describeTool(tool.provider_name ?? tool.provider_id, tool.tool_name)
      : "?";
    sink.note(
      joinPath(where, "agent_mode", "tools", index),
      `not modelled: the tool ${named} of this ${mode} app runs through Dify's agent-chat runner; tooldeck reads the tools of workflow and advanced-chat apps`,
    );
  });
}
