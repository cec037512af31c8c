import { statSync } from "node:fs";
import { dirname } from "node:path";
import { formatConfigIssue } from "../config/config-issue.js";
import type { HttpNodeConfig } from "../config/http-node-config.js";
import { loadToolConfigs } from "../config/load-tool-configs.js";
import type { ToolConfig } from "../config/tool-config.js";
import { ToolDeckError } from "../errors.js";
import { createTool, createTools } from "../runtime/create-tools.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import type { Scenario } from "./scenario.js";
import type { ScenarioStep } from "./scenario-schema.js";

/** The scenario's tools, built under its profile: the agent's tools, and its HTTP node steps. */
export interface ScenarioTools {
  agent: ExecutableTool[];
  before: ExecutableTool[];
  after: ExecutableTool[];
  /** The configs they were built from (the agent's, then the steps'), for the cassette's digests. */
  configs: ToolConfig[];
}

/**
 * Loads the scenario's configs (a later file's tool replaces an earlier one of the same name, so a fixed
 * config can be laid over tools/) and builds them. HTTP nodes are flow steps, not LLM tools: they are only
 * run where `before`/`after` name them. Any load error is a `load` error naming the scenario.
 */
export async function buildScenarioTools(
  scenario: Scenario,
  given: ToolRuntimeOptions,
): Promise<ScenarioTools> {
  const configs = loadScenarioConfigs(scenario, given.roots);
  // A toolkit's spec may sit beside the tool files the scenario names (their folders were allowed).
  const runtime = given.roots ? { ...given, roots: [...given.roots, ...toolFolders(scenario)] } : given;
  const agentConfigs = configs.filter((config) => config.kind !== "http");
  const nodes = new Map(
    configs.flatMap((config) => (config.kind === "http" ? [[config.name, config] as const] : [])),
  );
  const stepConfigs = [...scenario.before, ...scenario.after].flatMap((entry) => {
    const config = typeof entry === "string" ? nodes.get(entry) : entry;
    return config ? [config] : [];
  });
  const step = (entry: ScenarioStep) => createStep(entry, nodes, runtime);
  try {
    return {
      agent: await createTools(agentConfigs, runtime),
      before: await Promise.all(scenario.before.map(step)),
      after: await Promise.all(scenario.after.map(step)),
      configs: [...agentConfigs, ...stepConfigs],
    };
  } catch (error) {
    if (error instanceof ToolDeckError)
      throw new ToolDeckError(error.code, `${label(scenario)}: ${error.message}`);
    throw error;
  }
}

function loadScenarioConfigs(scenario: Scenario, roots: readonly string[] | undefined): ToolConfig[] {
  const byName = new Map<string, ToolConfig>();
  for (const entry of scenario.tools) {
    if (typeof entry !== "string") {
      byName.set(configKey(entry), entry);
      continue;
    }
    const loaded = loadToolConfigs([entry], roots ? { roots } : {});
    const [error] = loaded.errors;
    if (error) throw new ToolDeckError("load", `${label(scenario)}: tools: ${formatConfigIssue(error)}`);
    for (const tool of loaded.tools) {
      byName.delete(configKey(tool.config));
      byName.set(configKey(tool.config), tool.config);
    }
  }
  return [...byName.values()];
}

function toolFolders(scenario: Scenario): string[] {
  return scenario.tools.flatMap((entry) =>
    typeof entry !== "string"
      ? []
      : [statSync(entry, { throwIfNoEntry: false })?.isDirectory() ? entry : dirname(entry)],
  );
}

/** What makes two configs "the same tool": the name, or for an unnamed toolkit its spec. */
function configKey(config: ToolConfig): string {
  return config.name ?? `${config.kind}:${"spec" in config ? config.spec : ""}`;
}

async function createStep(
  entry: ScenarioStep,
  nodes: ReadonlyMap<string, HttpNodeConfig>,
  runtime: ToolRuntimeOptions,
): Promise<ExecutableTool> {
  const config = typeof entry === "string" ? nodes.get(entry) : entry;
  if (!config) {
    const known = [...nodes.keys()].join(", ") || "none";
    throw new ToolDeckError("load", `no HTTP node named '${entry}' among the tools (HTTP nodes: ${known})`);
  }
  const [tool] = await createTool(config, runtime);
  if (!tool) throw new ToolDeckError("internal", `HTTP node ${config.name} built no tool`);
  return tool;
}

/** `scenarios/x.yaml (update event)`: how messages name a scenario. */
export function label(scenario: Pick<Scenario, "file" | "name">): string {
  return scenario.file ? `${scenario.file} (${scenario.name})` : scenario.name;
}
