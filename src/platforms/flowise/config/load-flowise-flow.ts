import { joinPath } from "../../../config/json-path.js";
import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import { createLoadSink, type LoadSink, withAgent } from "../../../config/load-sink.js";
import { reportDuplicateNames } from "../../../config/report-duplicate-names.js";
import { nodeAgent } from "../../../config/tool-agent.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import { parseBounded } from "../../../project-files/parse-bounded.js";
import { CUSTOM_TOOL_NODE, deferCustomToolNode } from "../custom-tool/custom-tool-node.js";
import { resolveCustomTools } from "../custom-tool/resolve-custom-tools.js";
import { type FlowiseFlowLoadOptions, readOptionRows, readOptionVariables } from "./flow-load-options.js";
import { chatflowProvider, flowiseModelProvider } from "./flowise-chat-model.js";
import { isFlowiseRequestNodeName, variableInputsOf } from "./flowise-request-nodes.js";
import { fromFlowiseHttpInputs } from "./from-flowise-http-inputs.js";
import { type FlowKind, fromFlowiseRequestInputs } from "./from-flowise-request-inputs.js";
import { fromFlowiseToolkitInputs } from "./from-flowise-toolkit-inputs.js";

/**
 * Loads the tools of a Flowise flow: the `flowData` of a chatflow or agentflow, as exported to a
 * file or fetched from a Flowise instance (a JSON string or the parsed object). The second argument is
 * the label of every entry (`flowise:<chatflow name>`), or options (`FlowiseFlowLoadOptions`): the label,
 * the Custom Tool rows the flow names and Flowise's variables, all in memory.
 *
 * @example
 * const chatflow = await (await fetch(`${flowiseUrl}/api/v1/chatflows/${id}`, { headers })).json();
 * const { tools, errors } = loadFlowiseFlow(chatflow.flowData, `flowise:${chatflow.name}`);
 * const loaded = loadFlowiseFlow(flow, { tools: [toolRow], variables: [{ name: "key", value: "k", type: "static" }] });
 */
export function loadFlowiseFlow(
  flowData: unknown,
  fileOrOptions: string | FlowiseFlowLoadOptions,
): LoadResult {
  const options = typeof fileOrOptions === "string" ? { file: fileOrOptions } : fileOrOptions;
  const file = options.file ?? "flow";
  const result = readFlowiseFlow(flowData, file);
  const sink = createLoadSink(result, file);
  readOptionVariables(options.variables, sink, result);
  // One flow alone: a Custom Tool node has only its own hidden inputs, and the rows it was given.
  resolveCustomTools(result, { rows: readOptionRows(options.tools, sink) });
  reportDuplicateNames(result);
  return result;
}

/**
 * A flow's tools as `loadFlowiseFlow` reads them, its Custom Tool nodes still in `skipped` (waiting for
 * their rows) and its names not yet checked: for a caller that looks the rows up first.
 */
export function readFlowiseFlow(flowData: unknown, file: string): LoadResult {
  const result = emptyLoadResult();
  loadFlowData(flowData, "", createLoadSink(result, file));
  return result;
}

/** A flow's `flowData` (JSON string or object) at `path`: its tools, or an error when it is no flow. */
export function loadFlowData(flowData: unknown, path: string, sink: LoadSink): void {
  let flow = flowData;
  if (typeof flow === "string") {
    try {
      // As any file's text: an error quotes none of it, and the nesting is bounded.
      flow = parseBounded(flow, "json");
    } catch (error) {
      sink.error(path, (error as Error).message);
      return;
    }
  }
  if (isPlainObject(flow) && Array.isArray(flow.nodes)) collectFlowTools(flow.nodes, path, sink);
  else sink.error(path, `expected a Flowise flow (an object with "nodes"), received ${describeType(flow)}`);
}

/**
 * Every tool in a flow's nodes: chatflow nodes `requestsGet`… and `openAPIToolkit`, the `agentTools` of
 * agentflow V2 Agent nodes, and HTTP nodes (`httpAgentflow`, as `http` configs). Tool nodes calling HTTP
 * tools go to `skipped`, and so do Custom Tool nodes until their rows are looked up (`resolveCustomTools`).
 */
export function collectFlowTools(nodes: readonly unknown[], path: string, given: LoadSink): void {
  const sink = withFlowProvider(given, nodes);
  nodes.forEach((node, index) => {
    const nodePath = joinPath(path, "nodes", index);
    const data = isPlainObject(node) ? node.data : undefined;
    if (!isPlainObject(data)) {
      sink.error(joinPath(nodePath, "data"), `expected object, received ${describeType(data)}`);
      return;
    }
    const inputs = isPlainObject(data.inputs) ? data.inputs : {};
    const inputsPath = joinPath(nodePath, "data", "inputs");
    if (data.name === "agentAgentflow") {
      // Each Agent node of an agentflow is an agent of its own: its tools are what its model is given.
      const agent = nodeAgent(sink, nodePath, nodeTitle(node, data, index));
      const provider = flowiseModelProvider(inputs.agentModel);
      if (provider) agent.provider = provider;
      collectAgentTools(inputs.agentTools, joinPath(inputsPath, "agentTools"), withAgent(sink, agent));
      return;
    }
    if (data.name === "httpAgentflow") {
      const config = fromFlowiseHttpInputs(inputs, inputsPath, sink, httpNodeName(node, data, index));
      if (config) sink.tool(config, inputsPath, "flowise");
      return;
    }
    collectNodeTools(String(data.name), inputs, inputsPath, sink);
  });
}

/**
 * The sink, its agent given the provider of the flow's chat model where the flow says which: a chatflow's
 * tools are its model's (an Agent node's own `agentModel` decides for its tools).
 */
function withFlowProvider(sink: LoadSink, nodes: readonly unknown[]): LoadSink {
  const provider = chatflowProvider(nodes);
  if (provider === undefined) return sink;
  return withAgent(sink, { ...(sink.agent ?? { id: sink.file, label: sink.file }), provider });
}

function collectNodeTools(
  name: string,
  inputs: Record<string, unknown>,
  path: string,
  sink: LoadSink,
  flow: FlowKind = { flow: "chatflow" },
): void {
  if (isFlowiseRequestNodeName(name)) {
    const config = fromFlowiseRequestInputs(name, inputs, path, sink, flow);
    if (config) sink.tool(config, path, "flowise");
  } else if (name === "openAPIToolkit") {
    const config = fromFlowiseToolkitInputs(inputs, path, sink);
    if (config) sink.tool(config, path, "flowise");
  } else if (name === CUSTOM_TOOL_NODE) {
    deferCustomToolNode(inputs, path, sink);
  } else if (name === "toolAgentflow") {
    skipToolNode(inputs, path, sink);
  }
}

/** An Agent node's title as the canvas shows it (`Requests Agent`), else its id. */
function nodeTitle(node: unknown, data: Record<string, unknown>, index: number): string {
  if (typeof data.label === "string" && data.label.trim() !== "") return data.label.trim();
  const id = isPlainObject(node) && typeof node.id === "string" ? node.id : data.id;
  return typeof id === "string" && id !== "" ? id : `nodes[${index}]`;
}

/** An HTTP node is named after its node id (`httpAgentflow_0`), which is unique in a flow. */
function httpNodeName(node: unknown, data: Record<string, unknown>, index: number): string {
  const id = isPlainObject(node) && typeof node.id === "string" ? node.id : data.id;
  return typeof id === "string" && id !== "" ? id : `httpAgentflow_${index}`;
}

/**
 * An Agent node's tools: `agentTools[j]` = `{ agentSelectedTool, agentSelectedToolConfig }`. The
 * Flowise server resolves variables only in the inputs the first tool's type accepts (section 6).
 */
function collectAgentTools(agentTools: unknown, path: string, sink: LoadSink): void {
  if (!Array.isArray(agentTools)) return;
  const first = agentTools[0];
  const firstType = isPlainObject(first) ? String(first.agentSelectedTool) : "";
  const flow: FlowKind = { flow: "agentflow", accepted: variableInputsOf(firstType) };
  agentTools.forEach((entry, index) => {
    if (!isPlainObject(entry)) return;
    const configPath = joinPath(path, index, "agentSelectedToolConfig");
    const config = isPlainObject(entry.agentSelectedToolConfig) ? entry.agentSelectedToolConfig : {};
    collectNodeTools(String(entry.agentSelectedTool), config, configPath, sink, flow);
  });
}

/** A Tool node runs its tool with fixed arguments, not an LLM's: listed, not loaded, when it calls HTTP. */
function skipToolNode(inputs: Record<string, unknown>, path: string, sink: LoadSink): void {
  const tool = String(inputs.toolAgentflowSelectedTool);
  if (tool === CUSTOM_TOOL_NODE) {
    // Its code is what is judged, whoever gives the arguments: loaded like an Agent's Custom Tool.
    const config = inputs.toolAgentflowSelectedToolConfig;
    const configPath = joinPath(path, "toolAgentflowSelectedToolConfig");
    deferCustomToolNode(isPlainObject(config) ? config : {}, configPath, sink);
    return;
  }
  if (isFlowiseRequestNodeName(tool) || tool === "openAPIToolkit") {
    const reason = `Tool nodes (here running ${tool}) call with fixed arguments, not an LLM's; not modelled yet`;
    sink.skip({ path, node: "toolAgentflow", reason, inputs });
  }
}
