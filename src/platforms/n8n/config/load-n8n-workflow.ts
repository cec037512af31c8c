import { joinPath } from "../../../config/json-path.js";
import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import { createLoadSink, type LoadSink, withAgent } from "../../../config/load-sink.js";
import { reportDuplicateNames } from "../../../config/report-duplicate-names.js";
import { nodeAgent } from "../../../config/tool-agent.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import type { ProviderId } from "../../../providers/wire-tool.js";
import { AGENT_TOOL, isHttpToolType, isTargetType, LEGACY_HTTP_TOOL } from "../n8n-node-types.js";
import { isN8nWorkflow } from "./is-n8n-workflow.js";
import { linkCredentials } from "./link-credentials.js";
import { modelProviders } from "./n8n-chat-model.js";
import { type N8nHttpToolConfig, N8nHttpToolConfigSchema, type N8nTarget } from "./n8n-http-tool-config.js";
import { reportSchemaRefusal } from "./report-schema-refusal.js";
import {
  type N8nWorkflowLoadOptions,
  readOptionCredentials,
  readOptionVariables,
} from "./workflow-load-options.js";

/** A node of a workflow export, as far as the loader reads it. */
interface WorkflowNode {
  index: number;
  name: string;
  type: string;
  value: Record<string, unknown>;
}

/** The node settings n8n stores beside `parameters` that change how a tool call runs. */
const SETTINGS = ["retryOnFail", "maxTries", "waitBetweenTries", "onError"] as const;

/**
 * Loads the HTTP tools of an n8n workflow export held in memory: the workflow as `n8n export:workflow`,
 * the editor's Download or `GET /api/v1/workflows/{id}` give it, or an array of them
 * (`export:workflow --all`). Options give the decrypted credentials (`n8n export:credentials
 * --decrypted`) and `$vars`, both into `LoadResult.vars`, ready for `createTools(…, { profile: "n8n",
 * vars })`: no file, no project root. Never throws: a value that is no workflow is an entry of `errors`.
 *
 * @example
 * const loaded = loadN8nWorkflow(workflow, { credentials, variables: { base_url: "http://127.0.0.1:5566" } });
 * const tools = await createTools(loaded.tools.map((tool) => tool.config), { profile: "n8n", vars: loaded.vars ?? {} });
 */
export function loadN8nWorkflow(workflows: unknown, options: N8nWorkflowLoadOptions = {}): LoadResult {
  const result = emptyLoadResult();
  const sink = createLoadSink(result, options.file ?? "workflow");
  readOptionVariables(options.variables, sink);
  const credentials = readOptionCredentials(options.credentials ?? [], sink);
  if (Array.isArray(workflows))
    workflows.forEach((workflow, index) => {
      loadWorkflowValue(workflow, joinPath("", index), sink);
    });
  else loadWorkflowValue(workflows, "", sink);
  if (options.credentials !== undefined) linkCredentials(result, credentials, sink);
  reportDuplicateNames(result);
  return result;
}

function loadWorkflowValue(value: unknown, path: string, sink: LoadSink): void {
  if (isPlainObject(value) && isN8nWorkflow(value)) collectWorkflowTools(value, path, sink);
  else
    sink.error(
      path,
      `expected an n8n workflow export (an object with "nodes" and "connections"), received ${describeWorkflow(value)}`,
    );
}

/** What was given instead of a workflow: a Flowise flow (its `edges`) is said by name. */
function describeWorkflow(value: unknown): string {
  if (isPlainObject(value) && Array.isArray(value.nodes) && Array.isArray(value.edges))
    return "a Flowise flow";
  return describeType(value);
}

/**
 * The HTTP tools of an n8n workflow (docs/n8n.md): every `httpRequestTool` 4.x and legacy
 * `toolHttpRequest` 1/1.1 node connected through `ai_tool` to an agent, a sub-agent tool or an MCP
 * Server Trigger, with the first such target (its version decides the semantics), in the reverse of
 * the nodes' order, as n8n lists an agent's tools to the model (reference fact 4). A connected tool
 * tooldeck does not model, an HTTP tool that reaches no target, a disabled one: a note (info) each, never a
 * silent drop. A `$fromAI` schema n8n refuses (reference fact 12) is a load error with n8n's message.
 */
export function collectWorkflowTools(workflow: Record<string, unknown>, path: string, sink: LoadSink): void {
  const nodes = readNodes(workflow.nodes as unknown[], path, sink);
  const byName = new Map(nodes.map((node) => [node.name, node]));
  const connections = workflow.connections as Record<string, unknown>;
  const providers = modelProviders(nodes, connections);
  for (const node of [...nodes].reverse()) {
    const targets = Object.hasOwn(connections, node.name)
      ? aiToolTargets(connections[node.name], byName)
      : [];
    if (targets.length > 0) loadConnectedTool(node, targets, path, sink, providers);
    else if (isHttpToolType(node.type)) {
      notModelled(
        node,
        path,
        sink,
        "an HTTP tool connected to no agent, sub-agent tool or MCP Server Trigger",
      );
    }
  }
}

function readNodes(values: readonly unknown[], path: string, sink: LoadSink): WorkflowNode[] {
  const nodes: WorkflowNode[] = [];
  values.forEach((value, index) => {
    if (!isPlainObject(value) || typeof value.name !== "string" || typeof value.type !== "string") {
      sink.error(
        joinPath(path, "nodes", index),
        `expected an n8n node with a name and a type, received ${describeType(value)}`,
      );
      return;
    }
    nodes.push({ index, name: value.name, type: value.type, value });
  });
  return nodes;
}

/** The modelled nodes a node's `ai_tool` outputs reach (`connections[name].ai_tool[i][j].node`), in order. */
function aiToolTargets(outputs: unknown, byName: ReadonlyMap<string, WorkflowNode>): WorkflowNode[] {
  const groups = isPlainObject(outputs) && Array.isArray(outputs.ai_tool) ? outputs.ai_tool : [];
  const targets = new Set<WorkflowNode>();
  for (const group of groups) {
    for (const link of Array.isArray(group) ? group : []) {
      const target = isPlainObject(link) && typeof link.node === "string" ? byName.get(link.node) : undefined;
      if (target) targets.add(target);
    }
  }
  return [...targets];
}

function loadConnectedTool(
  node: WorkflowNode,
  targets: readonly WorkflowNode[],
  path: string,
  sink: LoadSink,
  providers: ReadonlyMap<string, ProviderId>,
): void {
  const nodePath = joinPath(path, "nodes", node.index);
  if (!isHttpToolType(node.type)) {
    const what =
      node.type === AGENT_TOOL
        ? "a sub-agent, itself not modelled (its own HTTP tools are read)"
        : "a tool of a type tooldeck does not model";
    notModelled(node, path, sink, what);
    return;
  }
  if (node.value.disabled === true) {
    notModelled(node, path, sink, "a disabled tool, which n8n does not give the agent");
    return;
  }
  const target = targets.find((candidate) => isTargetType(candidate.type));
  if (target === undefined) {
    notModelled(
      node,
      path,
      sink,
      `a tool of ${targets.map((t) => t.type).join(", ")}, which tooldeck does not model`,
    );
    return;
  }
  const version = versionError(node);
  if (version !== undefined) {
    notModelled(node, path, sink, version);
    return;
  }
  const config = toConfig(node, target, nodePath, sink);
  // The agent it is connected to is the agent it belongs to: n8n gives each agent its own tools.
  const agent = nodeAgent(sink, joinPath(path, "nodes", target.index), target.name);
  const provider = providers.get(target.name);
  if (provider) agent.provider = provider;
  if (config) withAgent(sink, agent).tool(config, nodePath, "n8n");
}

function versionError(node: WorkflowNode): string | undefined {
  const version = node.value.typeVersion;
  if (typeof version !== "number") return "a node without a typeVersion";
  if (node.type === LEGACY_HTTP_TOOL)
    return version === 1 || version === 1.1 ? undefined : `toolHttpRequest ${version}, not 1 or 1.1`;
  return version >= 4 && version < 5 ? undefined : `httpRequestTool ${version}, not 4.x`;
}

function toConfig(
  node: WorkflowNode,
  target: WorkflowNode,
  nodePath: string,
  sink: LoadSink,
): N8nHttpToolConfig | undefined {
  const agent: N8nTarget = {
    name: target.name,
    type: target.type as N8nTarget["type"],
    typeVersion: numberOr(target.value.typeVersion, 1),
  };
  const candidate: Record<string, unknown> = {
    kind: "n8n-http-tool",
    name: node.name,
    type: node.type,
    typeVersion: node.value.typeVersion,
    parameters: isPlainObject(node.value.parameters) ? node.value.parameters : {},
    credentials: credentialsOf(node.value.credentials),
    agent,
  };
  for (const setting of SETTINGS)
    if (node.value[setting] !== undefined) candidate[setting] = node.value[setting];
  const parsed = N8nHttpToolConfigSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    sink.error(
      joinPath(nodePath, ...(issue?.path ?? []).map(String)),
      issue?.message ?? "not an n8n HTTP tool node",
    );
    return undefined;
  }
  return reportSchemaRefusal(parsed.data, nodePath, sink) ? undefined : parsed.data;
}

/** Credential references (`{id, name}`): anything else a hand-edited export holds there is left out. */
function credentialsOf(value: unknown): Record<string, { id?: string; name: string }> {
  const credentials: Record<string, { id?: string; name: string }> = {};
  if (!isPlainObject(value)) return credentials;
  for (const [type, ref] of Object.entries(value)) {
    if (!isPlainObject(ref) || typeof ref.name !== "string") continue;
    Object.defineProperty(credentials, type, {
      value: typeof ref.id === "string" ? { id: ref.id, name: ref.name } : { name: ref.name },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return credentials;
}

function notModelled(node: WorkflowNode, path: string, sink: LoadSink, why: string): void {
  const nodePath = joinPath(path, "nodes", node.index);
  const reason = `not modelled: "${node.name}" (${node.type}) is ${why}`;
  sink.note(nodePath, reason);
  sink.skip({
    path: nodePath,
    node: node.type,
    reason,
    inputs: isPlainObject(node.value.parameters) ? node.value.parameters : {},
  });
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" ? value : fallback;
}
