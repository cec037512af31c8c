import { joinPath } from "../../config/json-path.js";
import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool, ToolAgent } from "../../config/tool-config.js";
import { groupBy } from "../../json/group-by.js";
import type { ListedMcpTool } from "../../mcp/list-mcp-tools.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import type { WireToolsOf } from "../../providers/default-wire-tools.js";
import { createModelToolsOf, type ModelToolsOf } from "../../providers/model-tools-of.js";
import type { ProviderId } from "../../providers/wire-tool.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import { deduplicateNames } from "../../runtime/tool-name.js";
import type { Diagnostic } from "../diagnostic.js";
import { toolIdentity } from "../lint.js";
import type { AgentToJudge, SentTool } from "./agent-to-judge.js";
import { DEFAULT_PROVIDERS } from "./choose-providers.js";
import { judgeAgent } from "./judge-agent.js";
import { providerFix } from "./provider-fix.js";

/** How `providerRejects` judges: the profile tools are built under, toolkits' specs, the providers chosen. */
export interface ProviderRejectsOptions {
  profile: Profile;
  /** Loaded specs of the OpenAPI toolkits, by their `spec` path: a toolkit without one is not judged. */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /** `--provider` / `providers:`: judged against these, as errors, whatever the flow says. */
  providers?: readonly ProviderId[];
  /** What an agent's tools become on the wire (default `defaultWireToolsOf`). */
  wireToolsOf?: WireToolsOf;
  /**
   * What each config gives its model, shared with the context budget's measure so that a run builds each
   * tool once (default: built here, under `profile` with `toolkitSpecs`).
   */
  modelToolsOf?: ModelToolsOf;
}

/**
 * The `provider-rejects` findings of loaded tools: per agent, the tools its model is given, built under
 * the profile as the runtime gives them to the model, judged against each provider chosen for the agent.
 * A tool that cannot be built (other findings say why) and an HTTP node (a flow step, never given to a
 * model) are left out.
 * @example
 * const diagnostics = await providerRejects(loaded.tools, { profile: "flowise", providers: ["anthropic"] });
 */
export async function providerRejects(
  tools: readonly LoadedTool[],
  options: ProviderRejectsOptions,
): Promise<Diagnostic[]> {
  const modelToolsOf = options.modelToolsOf ?? createModelToolsOf(options);
  const diagnostics: Diagnostic[] = [];
  for (const [agent, members] of byAgent(tools)) {
    const built = await Promise.all(members.map((tool) => sentTools(tool, modelToolsOf)));
    const owners = built.flatMap((sent, index) => sent.map(() => members[index] as LoadedTool));
    const named = withSentNames(built.flat(), options.profile);
    const names = named.map((tool) => tool.model.name);
    const fixing = named.map((tool, index): SentTool => {
      // A fix's new name must be none of the agent's other tools' (asked only when a name is refused).
      const context = {
        profile: options.profile,
        isOtherName: (name: string) => names.some((other, at) => at !== index && other === name),
      };
      const owner = owners[index] as LoadedTool;
      return { ...tool, fixOf: (violation, field) => providerFix(owner, violation, field, context) };
    });
    diagnostics.push(...(await judgeAgent({ agent, tools: fixing }, options)));
  }
  return diagnostics;
}

/**
 * The `provider-rejects` findings of the tools MCP servers list: each server is an agent, its tools as it
 * lists them; judged against the MCP specification besides every provider's API unless providers are chosen.
 */
export async function mcpProviderRejects(
  tools: readonly ListedMcpTool[],
  options: Pick<ProviderRejectsOptions, "providers" | "wireToolsOf"> = {},
): Promise<Diagnostic[]> {
  const servers = groupBy(tools, (tool) => tool.source.file);
  const diagnostics: Diagnostic[] = [];
  for (const [file, listed] of servers) {
    const agent: AgentToJudge = {
      agent: { id: file, label: file },
      fallback: ["mcp", ...DEFAULT_PROVIDERS],
      tools: listed.map((tool) => ({
        model: { name: tool.name, description: tool.description ?? "", inputSchema: tool.inputSchema },
        at: { tool: tool.name, file, path: tool.source.path },
        fieldPath: (field) => joinPath(tool.source.path, field),
      })),
    };
    diagnostics.push(...(await judgeAgent(agent, options)));
  }
  return diagnostics;
}

function byAgent(tools: readonly LoadedTool[]): Map<ToolAgent, LoadedTool[]> {
  const agents = new Map<string, { agent: ToolAgent; tools: LoadedTool[] }>();
  for (const tool of tools) {
    // An HTTP node is a step of its flow, which runs it itself: no model is given it.
    if (tool.config.kind === "http") continue;
    const agent = agentOf(tool.source);
    const entry = agents.get(agent.id) ?? { agent, tools: [] };
    entry.tools.push(tool);
    agents.set(agent.id, entry);
  }
  return new Map([...agents.values()].map(({ agent, tools: members }) => [agent, members]));
}

/** The tools a config gives its model (a toolkit: one per operation), as the runtime builds them. */
async function sentTools(tool: LoadedTool, modelToolsOf: ModelToolsOf): Promise<SentTool[]> {
  const built = await modelToolsOf(tool);
  const identity = toolIdentity(tool);
  const single = built.length === 1 && tool.config.kind !== "openapi-toolkit";
  return built.map((executable) => ({
    model: executable,
    at: single
      ? { ...identity, file: tool.source.file, path: tool.source.path }
      : { tool: executable.name, file: tool.source.file, path: tool.source.path },
    // Only a request tool writes its name and description as sent (a platform's kind may rename it).
    ...(single && tool.config.kind === "request"
      ? { fieldPath: (field: "name" | "description") => joinPath(tool.source.path, field) }
      : {}),
  }));
}

/** Under a profile that makes names unique (standard: `get_2`), the names as they are sent. */
function withSentNames(tools: readonly SentTool[], profile: Profile): SentTool[] {
  if (!toolProfileOf(profile).deduplicatesNames) return [...tools];
  const names = deduplicateNames(tools.map((tool) => tool.model.name));
  return tools.map((tool, index) => {
    const name = names[index] ?? tool.model.name;
    return name === tool.model.name ? tool : { ...tool, model: { ...tool.model, name } };
  });
}
