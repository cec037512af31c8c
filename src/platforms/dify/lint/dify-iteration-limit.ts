import type { LoadedTool, ToolConfig } from "../../../config/tool-config.js";
import type { Finding, LintRule } from "../../../lint/rule.js";
import type { Profile } from "../../../profile.js";
import type { DifyAgent } from "../config/dify-agent.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { difyApiRequestView } from "./dify-api-request-view.js";

/** A Dify tool runs as Dify runs it under every profile, so the rule judges it under every profile. */
const PROFILES: readonly Profile[] = ["dify", "standard", "flowise", "n8n"];

/**
 * An Agent node's `maximum_iterations` too low for the calls its tools need (reference fact 89): the
 * last of several rounds refuses its calls, and a limit of 1 hands the raw results on as the answer.
 */
export const difyIterationLimit: LintRule<DifyApiToolConfig> = {
  id: "dify-iteration-limit",
  severity: "warning",
  profiles: PROFILES,
  description: "A Dify Agent's Maximum Iterations leaves no round for a call its tools need",
  docs:
    "Dify's function-calling strategy asks the model at most `maximum_iterations` times (default 3). On " +
    "the last of several rounds it does not run the model's tool calls: each gets `Maximum iteration limit " +
    "(N) reached. Cannot call tool '…'`, and the agent ends with that round's text. So an agent at 2 runs one " +
    "round of calls: a tool that needs an id another tool lists (`GET /events` then `PATCH /events/{id}`) " +
    "never runs. At 1 the tools run but the model never reads their answers: the agent's output is the raw " +
    "results. A path value the tool fixes (an Agent tool's parameter set in the node, `auto: 0`) needs no lookup " +
    "and is not reported. Raise Maximum Iterations to one more than the longest chain of calls.",
  appliesTo: (config: ToolConfig): config is DifyApiToolConfig =>
    config.kind === "dify-api-tool" && config.agent?.strategy === "function_calling",
  check(tool, context) {
    const agent = tool.config.agent;
    if (!agent) return [];
    if (agent.maximumIterations === 1) return [oneRound(agent)];
    if (agent.maximumIterations >= 3) return [];
    const listing = listingFor(tool, context.tools);
    return listing ? [refusedSecondCall(tool.config, agent, listing)] : [];
  },
};

function oneRound(agent: DifyAgent): Finding {
  const message = `Maximum Iterations is 1 in Agent "${agent.title}": the tools run, but the model never reads their answers (the agent's output is the raw results)`;
  return {
    path: "agent.maximumIterations",
    message,
    cause: { key: `${agent.node}:1`, summary: message },
    suggestion: "set Maximum Iterations to 2 or more so that the model answers from the results",
  };
}

function refusedSecondCall(config: DifyApiToolConfig, agent: DifyAgent, listing: Listing): Finding {
  const limit = agent.maximumIterations;
  return {
    path: "agent.maximumIterations",
    message:
      `${config.name} needs the {${listing.param}} that ${listing.tool} (GET ${listing.path}) returns, a second round of calls, ` +
      `but Agent "${agent.title}" allows ${limit} rounds and refuses calls on its last: "Maximum iteration limit (${limit}) reached. Cannot call tool '${config.name}'."`,
    suggestion: "set Maximum Iterations to 3 or more",
  };
}

/** A GET of the same agent that lists what one of this tool's calls needs as its last path segment. */
interface Listing {
  tool: string;
  path: string;
  param: string;
}

function listingFor(tool: LoadedTool<DifyApiToolConfig>, tools: readonly LoadedTool[]): Listing | undefined {
  const gets = agentGets(tools).get(tool.config.agent?.node ?? "");
  if (!gets) return undefined;
  for (const view of callViewsOf(tool.config)) {
    const item = /^(.*)\/\{([^/{}]+)\}$/.exec(pathOf(view.config.url));
    // A value the node fixes (an Agent tool's `auto: 0`) is no value the model must look up first.
    if (item && tool.config.parameters[item[2] as string] !== undefined) continue;
    const collection = item?.[1];
    const lister = collection === undefined ? undefined : gets.get(collection);
    if (item && lister && lister !== tool.config.name)
      return { tool: lister, path: collection as string, param: item[2] as string };
  }
  return undefined;
}

const getsByTools = new WeakMap<readonly LoadedTool[], Map<string, Map<string, string>>>();

/** Per Agent node, the paths its tools GET and the tool that does: read once per lint. */
function agentGets(tools: readonly LoadedTool[]): Map<string, Map<string, string>> {
  const cached = getsByTools.get(tools);
  if (cached) return cached;
  const byAgent = new Map<string, Map<string, string>>();
  for (const tool of tools) {
    const { config } = tool;
    if (config.kind !== "dify-api-tool" || !config.agent) continue;
    const gets = byAgent.get(config.agent.node) ?? new Map<string, string>();
    byAgent.set(config.agent.node, gets);
    for (const view of callViewsOf(config))
      if (view.config.method === "GET") gets.set(pathOf(view.config.url), config.name);
  }
  getsByTools.set(tools, byAgent);
  return byAgent;
}

/** The path of a URL template (`http://api/events/{id}?x` → `/events/{id}`), its trailing slash dropped. */
function pathOf(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").replace(/[?#].*$/, "");
  return path.replace(/\/+$/, "") || "/";
}

/** The request an API tool amounts to, as the core's rules see it (none when its document cannot be read). */
function callViewsOf(config: DifyApiToolConfig) {
  const view = difyApiRequestView(config);
  return view ? [view] : [];
}
