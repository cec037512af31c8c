import { basename } from "node:path";
import { z } from "zod";
import type { ToolConfig } from "../config/tool-config.js";
import { readProjectFile } from "../project-files/read-project-file.js";
import type { Scenario } from "./scenario.js";
import { stateDigest } from "./state-digest.js";

/**
 * Digests of what produced a cassette besides its messages, system prompt and profile (which it holds
 * as they were): the model (scripted turns or `provider:model`), the expectations, each tool config
 * given (by tool name; a toolkit's spec by its text) and the scenario's variables. Any change makes the
 * cassette stale, except to a tool it never calls (`changedInputs`' `used`).
 */
export const CassetteInputsSchema = z.object({
  model: z.string(),
  expect: z.string(),
  tools: z.record(z.string(), z.string()),
  vars: z.string(),
});
export type CassetteInputs = z.infer<typeof CassetteInputsSchema>;

/**
 * The inputs of a scenario run with these configs (the agent's tools and the HTTP node steps); `roots`
 * are the folders a toolkit's spec may be read from.
 */
export function cassetteInputs(
  scenario: Scenario,
  configs: readonly ToolConfig[],
  roots?: readonly string[],
): CassetteInputs {
  return {
    model: stateDigest(scenario.model),
    expect: stateDigest(scenario.expect),
    tools: Object.fromEntries(
      configs.map((config) => [toolKey(config), stateDigest(portable(config, roots))]),
    ),
    vars: stateDigest(scenario.vars),
  };
}

/** What the scenario is now, to compare with what its cassette was recorded from. */
export interface CurrentInputs {
  messages: readonly string[];
  system: string | undefined;
  profile: string;
  inputs: CassetteInputs;
  /** Name the model "the scripted model" in the message. */
  scripted: boolean;
  /**
   * The tool digests that pin the cassette (`usedTools`): a tool it never calls may change freely.
   * Default every tool.
   */
  used?: ReadonlySet<string>;
}

/**
 * What differs between what a cassette was recorded from and the scenario now, as words for one line
 * (`the scripted model`, `tool update_event`); empty when nothing does. A cassette without digests was
 * recorded by an older tooldeck and is stale as a whole.
 */
export function changedInputs(
  recorded: {
    messages: readonly string[];
    system?: string | undefined;
    profile: string;
    inputs?: CassetteInputs | undefined;
  },
  current: CurrentInputs,
): string[] {
  const changed: string[] = [];
  if (JSON.stringify(recorded.messages) !== JSON.stringify(current.messages)) changed.push("the messages");
  if (recorded.system !== current.system) changed.push("the system prompt");
  if (recorded.profile !== current.profile) changed.push("the profile");
  const before = recorded.inputs;
  if (!before) return [...changed, "what produced it (recorded by an older tooldeck)"];
  const now = current.inputs;
  if (before.model !== now.model) changed.push(current.scripted ? "the scripted model" : "the model");
  if (before.expect !== now.expect) changed.push("the expectations");
  const names = [...new Set([...Object.keys(before.tools), ...Object.keys(now.tools)])].sort();
  for (const name of names) {
    if (current.used && !current.used.has(name)) continue;
    if (before.tools[name] !== now.tools[name]) changed.push(`tool ${name}`);
  }
  if (before.vars !== now.vars) changed.push("the vars");
  return changed;
}

/**
 * The digests a cassette's calls depend on: the tools it calls (steps included) by name, and every
 * toolkit, whose operations' tool names its key does not show.
 */
export function usedTools(calledTools: readonly string[], configs: readonly ToolConfig[]): Set<string> {
  const toolkits = configs.filter((config) => config.kind === "openapi-toolkit").map(toolKey);
  return new Set([...calledTools, ...toolkits]);
}

/** A toolkit by its name, or its spec file's name when it has none; any other config by its name. */
function toolKey(config: ToolConfig): string {
  return config.name ?? `${config.kind}:${"spec" in config ? basename(config.spec) : ""}`;
}

/**
 * The config as it reads on any machine: a toolkit's spec path (absolute once loaded) stands as the
 * digest of the spec's text, so a cassette recorded in one checkout is current in another, and a changed
 * description makes it stale. A spec URL stays as written.
 */
function portable(config: ToolConfig, roots: readonly string[] | undefined): ToolConfig {
  if (config.kind !== "openapi-toolkit" || /^[a-z][a-z0-9+.-]*:\/\//i.test(config.spec)) return config;
  try {
    return { ...config, spec: stateDigest(readProjectFile(config.spec, roots ? { roots } : {})) };
  } catch {
    return { ...config, spec: basename(config.spec) };
  }
}
