import type { LoadResult } from "../config/load-result.js";
import type { LoadedTool } from "../config/tool-config.js";
import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { Profile } from "../profile.js";
import { createTool } from "../runtime/create-tools.js";
import { createToolkit } from "../runtime/toolkit/create-toolkit.js";
import { applySeverities, type RuleSetting } from "./apply-severities.js";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.js";
import { lint, toolName } from "./lint.js";
import { lintMcpTools } from "./lint-mcp-tools.js";
import { loadDiagnostics, loadToolkitSpecs } from "./load-check-inputs.js";
import type { ProbeRecord, ProbeTarget } from "./probe/probe.js";
import type { CheckReport, ToolReport } from "./report.js";
import { RULE_CATALOG } from "./rule-catalog.js";
import { ruleOverrides } from "./rule-overrides.js";

/** How `check` lints and probes loaded tools: the profile, the spec, the probe target, the rule settings. */
export interface CheckOptions {
  /** The profile tools are judged under; see `profileOf`. */
  profile: Profile;
  /**
   * The profile of each tool, when they differ (the CLI judges a Flowise export under `flowise` unless
   * `--profile` is given); default `profile` for every tool.
   */
  profileOf?: (tool: LoadedTool) => Profile;
  spec?: OperationIndex;
  settings?: Record<string, RuleSetting>;
  /** What `settings` came from, as reports name it (`tooldeck.config.yaml`); default `the settings given`. */
  settingsSource?: string;
  /** Where toolkits' specs and their `$ref`s may be read from (probes get it through their target). */
  specRead?: SpecReadOptions;
  /** Tools listed by MCP servers: linted with the rules that apply to any LLM tool, never probed. */
  mcpTools?: readonly ListedMcpTool[];
  /** Run toolkits' Custom Code in probes (in the sandbox); without it the rule custom-code-not-run says so. */
  allowCode?: boolean;
  /** Where probes send; absent = no probes (the static half only: `tooldeck lint`). */
  probe?: {
    target: ProbeTarget;
    allowWrites: boolean;
    /** Each probe call's limit (both profiles); default 10 s. */
    timeoutMs?: number;
    onTool?: ((done: number, total: number) => void) | undefined;
  };
}

/**
 * The main job: lint every loaded tool against the spec, then probe each one, and gather one report.
 * Each tool is judged under its profile (`profileOf`); the report's profile is `profile` (or the one
 * every tool used, when none used it), and each tool says its own. Load errors and warnings of the configs are part of it. Never
 * throws for a bad config.
 * @example
 * const report = await check(loadToolConfigs(["tools/"]), { profile: "standard", spec, probe: { target, allowWrites: true } });
 */
export async function check(loaded: LoadResult, options: CheckOptions): Promise<CheckReport> {
  const profileOf = options.profileOf ?? (() => options.profile);
  const groups = groupByProfile(loaded.tools, profileOf);
  const diagnostics: Diagnostic[] = [
    ...loadDiagnostics(loaded),
    ...lintMcpTools(options.mcpTools ?? [], {
      profile: options.profile,
      configs: loaded.tools,
      ...(options.spec ? { spec: options.spec } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
    }),
  ];
  const reports: { index: number; report: ToolReport }[] = [];
  let done = 0;
  for (const [profile, tools] of groups) {
    const judged = await checkGroup(
      tools.map(({ tool }) => tool),
      profile,
      options,
      (count) => options.probe?.onTool?.(done + count, loaded.tools.length),
    );
    done += tools.length;
    diagnostics.push(...judged.diagnostics);
    const indexOf = new Map(tools.map(({ tool, index }) => [tool, index]));
    for (const report of judged.tools) {
      reports.push({ index: indexOf.get(report.tool) ?? 0, report: { ...report.report, profile } });
    }
  }
  // Tools keep the order they were loaded in, whatever profile judged them; MCP servers' tools last.
  const tools = reports.sort((a, b) => a.index - b.index).map(({ report }) => report);
  tools.push(...(options.mcpTools ?? []).map((tool) => ({ name: tool.name, ...tool.source })));
  const overrides =
    options.settings &&
    ruleOverrides(options.settings, RULE_CATALOG, options.settingsSource ?? "the settings given");
  return {
    profile: mainProfile(groups, options.profile),
    tools,
    // Probe and load findings take their configured severities here, with the rules' (applySeverities
    // is idempotent: lint() applies it too when called alone).
    diagnostics: applySeverities(diagnostics, options.settings).sort(compareDiagnostics),
    ...(overrides ? { ruleOverrides: overrides } : {}),
  };
}

/** The tools under each profile, with their position in the load. */
function groupByProfile(tools: readonly LoadedTool[], profileOf: (tool: LoadedTool) => Profile) {
  const groups = new Map<Profile, { tool: LoadedTool; index: number }[]>();
  tools.forEach((tool, index) => {
    const profile = profileOf(tool);
    const group = groups.get(profile) ?? [];
    group.push({ tool, index });
    groups.set(profile, group);
  });
  return groups;
}

/** The given profile, unless no tool was judged under it (only Flowise exports were checked). */
function mainProfile(groups: ReadonlyMap<Profile, readonly unknown[]>, given: Profile): Profile {
  const [only] = groups.keys();
  return groups.has(given) || only === undefined ? given : only;
}

async function checkGroup(
  tools: readonly LoadedTool[],
  profile: Profile,
  options: CheckOptions,
  onTool: (done: number) => void,
): Promise<{ diagnostics: Diagnostic[]; tools: { tool: LoadedTool; report: ToolReport }[] }> {
  const toolkits = await loadToolkitSpecs(tools, options.specRead, profile);
  const diagnostics: Diagnostic[] = [
    ...toolkits.diagnostics,
    ...lint(tools, {
      profile,
      ...(options.spec ? { spec: options.spec } : {}),
      toolkitSpecs: toolkits.specs,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.allowCode ? { allowCode: true } : {}),
    }),
  ];
  if (!options.probe || options.settings?.probe === "off") {
    const reports = await Promise.all(tools.map((tool) => listTools(tool, profile, toolkits.specs)));
    return { diagnostics, tools: reports.flat() };
  }
  const { target } = options.probe;
  // Loaded only to probe: the probes' response checks bring in ajv, which `tooldeck lint` never needs.
  const { probe } = await import("./probe/probe.js");
  const probed = await probe(tools, {
    profile,
    // The lint finding and the probes agree on whether Custom Code runs.
    target: (tool, toolkitSpec) => ({ ...target(tool, toolkitSpec), allowCode: options.allowCode ?? false }),
    toolkitSpecs: toolkits.specs,
    allowWrites: options.probe.allowWrites,
    ...(options.probe.timeoutMs ? { timeoutMs: options.probe.timeoutMs } : {}),
    ...(options.spec ? { spec: options.spec } : {}),
    onTool,
  });
  diagnostics.push(...probed.diagnostics);
  return {
    diagnostics,
    tools: probed.records.map((record) => ({ tool: record.tool, report: toToolReport(record) })),
  };
}

/**
 * The tools a config gives, as the probes would list them (a toolkit: one per operation), so `lint`
 * and `check` count the same tools; built without sending anything. A config that cannot be built is
 * listed once, by its name.
 */
async function listTools(
  tool: LoadedTool,
  profile: Profile,
  specs: ReadonlyMap<string, OperationIndex>,
): Promise<{ tool: LoadedTool; report: ToolReport }[]> {
  const entry = (name: string) => ({
    tool,
    report: { name, file: tool.source.file, path: tool.source.path },
  });
  const { config } = tool;
  const spec = config.kind === "openapi-toolkit" ? specs.get(config.spec) : undefined;
  try {
    const built =
      config.kind === "openapi-toolkit"
        ? spec
          ? await createToolkit(config, { profile, spec })
          : []
        : await createTool(config, { profile });
    return built.length > 0 ? built.map((executable) => entry(executable.name)) : [entry(toolName(tool))];
  } catch {
    return [entry(toolName(tool))];
  }
}

function toToolReport(record: ProbeRecord): ToolReport {
  return {
    name: record.name,
    file: record.tool.source.file,
    path: record.tool.source.path,
    sent: record.sent,
  };
}
