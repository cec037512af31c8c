import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { formatConfigIssue } from "../config/config-issue.js";
import type { HttpNodeConfig } from "../config/http-node-config.js";
import { loadToolConfigs } from "../config/load-tool-configs.js";
import { agentOf } from "../config/tool-agent.js";
import type { LoadedTool, ToolConfig } from "../config/tool-config.js";
import {
  ambiguousToolName,
  isOfFlow,
  noToolOfFlow,
  relativeFlowName,
  resolveFlowName,
} from "../config/tool-flow.js";
import { ToolDeckError } from "../errors.js";
import { addToGroup } from "../json/group-by.js";
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

/**
 * The configs the scenario's tools give, in order: a later entry's tool replaces an earlier one of the
 * same name (a fixed config laid over tools/); within one entry a name two agents have is an error unless
 * `flow:` picks the flow whose tools the model is given.
 */
function loadScenarioConfigs(scenario: Scenario, roots: readonly string[] | undefined): ToolConfig[] {
  const entries = scenario.tools.map(
    (entry): EntryTools =>
      typeof entry === "string" ? loadEntry(scenario, entry, roots) : { inline: entry },
  );
  const picked = scenario.flow === undefined ? entries : toolsOfFlow(entries, scenario.flow, scenario);
  const byName = new Map<string, ToolConfig>();
  for (const entry of picked) {
    if ("inline" in entry) {
      byName.set(configKey(entry.inline), entry.inline);
      continue;
    }
    refuseAmbiguousNames(entry.tools, scenario);
    for (const tool of entry.tools) {
      byName.delete(configKey(tool.config));
      byName.set(configKey(tool.config), tool.config);
    }
  }
  return [...byName.values()];
}

/** One `tools:` entry: the tools a path loads, or a config given in code. */
type EntryTools = { tools: LoadedTool[] } | { inline: ToolConfig };

function loadEntry(scenario: Scenario, path: string, roots: readonly string[] | undefined): EntryTools {
  const loaded = loadToolConfigs([path], roots ? { roots } : {});
  const [error] = loaded.errors;
  if (error) throw new ToolDeckError("load", `${label(scenario)}: tools: ${formatConfigIssue(error)}`);
  return { tools: loaded.tools };
}

/**
 * `flow:`: the LLM tools of that flow, and a later entry's tool that replaces one of them (HTTP nodes,
 * steps the flow's `before`/`after` may name, are all kept); a flow no tool is of is an error.
 */
function toolsOfFlow(entries: readonly EntryTools[], flow: string, scenario: Scenario): EntryTools[] {
  const isLlmTool = (tool: LoadedTool) => tool.config.kind !== "http";
  const ofFlow = (tool: LoadedTool) => isLlmTool(tool) && isOfScenarioFlow(tool, flow);
  const first = entries.findIndex((entry) => "tools" in entry && entry.tools.some(ofFlow));
  if (first < 0) {
    const agents = entries.flatMap((entry) =>
      "tools" in entry ? entry.tools.map(agentLabel(scenario)) : [],
    );
    throw inScenario(scenario, noToolOfFlow(shownFlow(scenario, flow), agents));
  }
  const names = new Set(
    entries
      .flatMap((entry) => ("tools" in entry ? entry.tools.filter(ofFlow) : []))
      .map((t) => t.config.name),
  );
  return entries.map((entry, index) =>
    "inline" in entry
      ? entry
      : {
          tools: entry.tools.filter(
            (tool) => !isLlmTool(tool) || ofFlow(tool) || (index > first && names.has(tool.config.name)),
          ),
        },
  );
}

/** `flow:` names a tool's file or its agent, written relative to the scenario (resolved when loaded). */
function isOfScenarioFlow(tool: LoadedTool, flow: string): boolean {
  return isOfFlow(tool.source, flow) || resolveFlowName(".", agentOf(tool.source).label) === flow;
}

/** A name two agents' LLM tools of one entry have: the model could be given either, so the scenario says which. */
function refuseAmbiguousNames(tools: readonly LoadedTool[], scenario: Scenario): void {
  const byName = new Map<string, LoadedTool[]>();
  for (const tool of tools) {
    const name = tool.config.name;
    if (name === undefined || tool.config.kind === "http") continue;
    addToGroup(byName, name, tool);
  }
  for (const [name, same] of byName)
    if (new Set(same.map((tool) => agentOf(tool.source).id)).size > 1)
      throw inScenario(
        scenario,
        ambiguousToolName(name, same.map(agentLabel(scenario)), "choose one with flow: FILE"),
      );
}

/** A tool's agent as the scenario would name it in `flow:`: its file relative to the scenario's folder. */
function agentLabel(scenario: Scenario): (tool: LoadedTool) => string {
  return (tool) => shownFlow(scenario, agentOf(tool.source).label);
}

function shownFlow(scenario: Scenario, flow: string): string {
  return scenario.file === undefined ? flow : relativeFlowName(dirname(resolve(scenario.file)), flow);
}

function inScenario(scenario: Scenario, error: ToolDeckError): ToolDeckError {
  return new ToolDeckError("load", `${label(scenario)}: ${error.message}`);
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
