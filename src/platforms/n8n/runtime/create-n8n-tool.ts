import { ToolDeckError } from "../../../errors.js";
import { isPlainObject } from "../../../json/json-value.js";
import { withOutboundPolicy } from "../../../runtime/outbound/with-outbound-policy.js";
import type { ToolRuntimeOptions } from "../../../runtime/runtime-options.js";
import type { AgentLoopRules, ExecutableTool, ToolResult } from "../../../runtime/tool-result.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { CompiledParameters } from "../expression/compiled-parameters.js";
import { LEGACY_HTTP_TOOL } from "../n8n-node-types.js";
import { fromAiSchema } from "../schema/from-ai-schema.js";
import { legacyPlan, legacySchema, legacyV1Description } from "../schema/legacy-parameters.js";
import { descriptionOf } from "../schema/tool-description.js";
import { toolNameOf } from "../schema/tool-name.js";
import { agent2Validation } from "./agent-semantics.js";
import { isAgent3 } from "./agent-version.js";
import { authenticationPlan, resolveAuthentication } from "./credential-auth.js";
import { callCurrent } from "./current/call-current.js";
import { callLegacy, legacySetupFailure } from "./legacy/call-legacy.js";
import type { N8nCallContext } from "./n8n-call-context.js";
import { NotReproducible } from "./node-failure.js";

/**
 * Agent 3.x's loop (reference facts 37, 38): a call of a tool it does not have is dropped and the model
 * asked again, until its 10 iterations are spent; arguments that are not JSON stop the agent.
 */
const N8N_AGENT_3_LOOP: AgentLoopRules = {
  maxIterations: 10,
  maxIterationsMessage:
    "Max iterations (10) reached. The agent could not complete the task within the allowed number of iterations.",
  dropsUnknownTools: true,
  invalidArgumentsMessage: () => "Model output doesn't fit required format",
};

/**
 * An n8n HTTP tool node as an executable tool under the n8n profile (docs/n8n.md): the name, description
 * and JSON schema n8n gives the model, and calls made as n8n makes them for the agent the node serves,
 * through the runtime's fetch and its outbound guard. A call tooldeck cannot reproduce (an expression it
 * does not evaluate, a missing credential variable, a feature not modelled) sends nothing and says why.
 * @example
 * const tool = createN8nTool(config, { fetch: emulator.fetch, vars: { base_url } });
 * (await tool.invoke({ id: "42" })).output; // '[{"id":"42",…}]'
 */
export function createN8nTool(config: N8nHttpToolConfig, runtime: ToolRuntimeOptions = {}): ExecutableTool {
  const options = withOutboundPolicy(runtime);
  const legacy = config.type === LEGACY_HTTP_TOOL;
  const { description, inputSchema } = legacy ? legacyIdentity(config) : currentIdentity(config);
  const compiled = legacy ? undefined : new CompiledParameters(config.parameters);
  const authPlan = authenticationPlan(config);
  const setupFailure = legacy ? legacySetupFailure(config) : undefined;
  return {
    name: toolNameOf(config.name),
    description,
    inputSchema,
    endpoint: { method: String(config.parameters.method ?? "GET"), url: String(config.parameters.url ?? "") },
    // Agent 3.x checks nothing (reference fact 13); Agent 2.2's check runs in invoke, with its own words.
    acceptsAnyArguments: true,
    // Agent 3.x replays each call with its id written over the model's `id` argument (reference fact 36).
    ...(isAgent3(config.agent)
      ? { replayedArgs: (args, id) => ({ ...args, id }), agentLoop: N8N_AGENT_3_LOOP }
      : {}),
    // The older agent fails before its first model call when it holds a legacy node n8n refuses (fact 47).
    ...(setupFailure ? { setupFailure } : {}),
    async invoke(given, callOptions = {}) {
      if (setupFailure) return agentFails(setupFailure);
      const args = isPlainObject(given) ? given : {};
      if (!isAgent3(config.agent)) {
        const invalid = agent2Validation(inputSchema, args);
        if (invalid !== undefined) return workflowStops(invalid);
      }
      if (!authPlan.ok) return notReproduced(authPlan.reason);
      const auth = resolveAuthentication(config, authPlan, options.vars);
      if (!auth.ok)
        return notReproduced(
          `credential variable ${auth.missing} is not set (set it with --secret ${auth.missing}=…)`,
        );
      const context: N8nCallContext = { config, options, auth: auth.auth, signal: callOptions.signal };
      try {
        return compiled ? await callCurrent(context, compiled, args) : await callLegacy(context, args);
      } catch (error) {
        if (error instanceof NotReproducible) return notReproduced(error.message);
        throw error;
      }
    },
  };
}

function currentIdentity(config: N8nHttpToolConfig) {
  const schema = fromAiSchema(config.parameters);
  if (!schema.ok)
    throw new ToolDeckError("load", `${config.name}: parameters.${schema.path}: ${schema.message}`);
  return { description: descriptionOf(config), inputSchema: schema.inputSchema };
}

function legacyIdentity(config: N8nHttpToolConfig) {
  const plan = legacyPlan(config.parameters);
  const description =
    config.typeVersion < 1.1
      ? legacyV1Description(descriptionOf(config), plan.parameters)
      : descriptionOf(config);
  return { description, inputSchema: legacySchema(plan.parameters, config.typeVersion) };
}

/** The agent's setup failure, as a call shows it: the agent would not have run at all. */
function agentFails(failure: string): ToolResult {
  const error = `the n8n agent fails before any model call: ${failure}`;
  return { ok: false, output: failure, error, endsRun: true };
}

/** Agent 2.2 stops the whole workflow; the model never sees it (reference fact 41). */
function workflowStops(message: string): ToolResult {
  return { ok: false, output: message, error: `the n8n workflow stops: ${message}`, endsRun: true };
}

function notReproduced(reason: string): ToolResult {
  return {
    ok: false,
    output: `not reproduced: ${reason}`,
    error: `tooldeck cannot call this tool as n8n would: ${reason}`,
    notReproduced: reason,
  };
}
