import { agentOf } from "../config/tool-agent.js";
import type { LoadedTool, ToolSource } from "../config/tool-config.js";
import { ambiguousToolName, isOfFlow, noToolOfFlow } from "../config/tool-flow.js";
import { ToolDeckError } from "../errors.js";
import { addToGroup } from "../json/group-by.js";
import type { Profile } from "../profile.js";
import { createTool } from "../runtime/create-tools.js";
import { toolProfileOf } from "../runtime/profiles/tool-profile-of.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";
import { deduplicateNames } from "../runtime/tool-name.js";
import type { ExecutableTool } from "../runtime/tool-result.js";

/** A tool a command runs: the executable, the config's source (its file and agent), its profile. */
export interface RunTool {
  tool: ExecutableTool;
  source: ToolSource;
  profile: Profile;
}

/**
 * Every loaded tool built under its profile (`profileOf`, the commands' one choice: `chooseProfile`).
 * Names are made unique within each agent where the profile does so (`get_2` under standard), as
 * `createTools` does for one list: two agents may each keep a `get_events`.
 */
export async function buildRunTools(
  loaded: readonly LoadedTool[],
  runtime: ToolRuntimeOptions,
  profileOf: (tool: LoadedTool) => Profile,
): Promise<RunTool[]> {
  const built = await Promise.all(
    loaded.map(async (tool) => {
      const profile = profileOf(tool);
      const tools = await createTool(tool.config, { ...runtime, profile });
      return tools.map((executable): RunTool => ({ tool: executable, source: tool.source, profile }));
    }),
  );
  return uniqueWithinAgents(built.flat());
}

function uniqueWithinAgents(tools: RunTool[]): RunTool[] {
  return uniqueNames(tools, (tool) => `${agentOf(tool.source).id}\u0000${tool.profile}`);
}

/** Names made unique within each group, for the tools whose profile does so (`get_2`), in order. */
function uniqueNames(tools: RunTool[], groupOf: (tool: RunTool) => string): RunTool[] {
  const groups = new Map<string, RunTool[]>();
  for (const tool of tools) {
    if (!toolProfileOf(tool.profile).deduplicatesNames) continue;
    const key = groupOf(tool);
    addToGroup(groups, key, tool);
  }
  const renamed = new Map<RunTool, string>();
  for (const group of groups.values()) {
    const names = deduplicateNames(group.map(({ tool }) => tool.name));
    group.forEach((entry, index) => {
      renamed.set(entry, names[index] ?? entry.tool.name);
    });
  }
  return tools.map((entry) => {
    const name = renamed.get(entry);
    return name === undefined || name === entry.tool.name
      ? entry
      : { ...entry, tool: { ...entry.tool, name } };
  });
}

/** The tools of `--flow FLOW`, or all when none is given; a flow no tool is of is a usage error. */
export function toolsOfFlow(tools: readonly RunTool[], flow: string | undefined): RunTool[] {
  if (flow === undefined) return [...tools];
  const picked = tools.filter((tool) => isOfFlow(tool.source, flow));
  if (picked.length === 0)
    throw noToolOfFlow(
      flow,
      tools.map((tool) => agentOf(tool.source).label),
    );
  return picked;
}

/**
 * The tool `call` names: `NAME`, or `FILE:NAME` when several agents have a tool of that name (a usage
 * error lists them: `get_events is in 2 agents: a.json, b.json — name one as FILE:NAME`).
 */
export function pickTool(tools: readonly RunTool[], ref: string): RunTool {
  const named = tools.filter((tool) => tool.tool.name === ref);
  const colon = ref.lastIndexOf(":");
  const candidates =
    named.length === 0 && colon > 0
      ? tools.filter(
          (tool) => tool.tool.name === ref.slice(colon + 1) && isOfFlow(tool.source, ref.slice(0, colon)),
        )
      : named;
  const [only, ...more] = candidates;
  if (only && more.length === 0) return only;
  if (only) throw ambiguous(colon > 0 && named.length === 0 ? ref.slice(colon + 1) : ref, candidates);
  const known = [...new Set(tools.map((tool) => tool.tool.name))].join(", ") || "none";
  throw new ToolDeckError("usage", `no tool named '${ref}' (tools: ${known})`);
}

/**
 * The tools one model is given (`agent`, `mcp`): under a profile that makes names unique (standard) they
 * are made unique across the list (`get_events_2`), as `createTools` does; a name two agents' tools keep
 * (a platform's profile sends names as they are) is refused, naming the agents and how to pick one
 * (`--flow FILE`).
 */
export function toolsForOneModel(tools: readonly RunTool[]): RunTool[] {
  const unique = uniqueNames([...tools], (tool) => tool.profile);
  const byName = new Map<string, RunTool[]>();
  for (const tool of unique) addToGroup(byName, tool.tool.name, tool);
  for (const [name, same] of byName)
    if (new Set(same.map((tool) => agentOf(tool.source).id)).size > 1)
      throw ambiguous(name, same, "choose one with --flow FILE");
  return unique;
}

function ambiguous(name: string, tools: readonly RunTool[], how = "name one as FILE:NAME"): ToolDeckError {
  return ambiguousToolName(
    name,
    tools.map((tool) => agentOf(tool.source).label),
    how,
  );
}

/** `flowise`, or `standard, flowise` when the tools run under several. */
export function describeRunProfiles(tools: readonly RunTool[], fallback: Profile): string {
  const profiles = [...new Set(tools.map((tool) => tool.profile))];
  return profiles.length === 0 ? fallback : profiles.join(", ");
}
