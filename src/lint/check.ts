import type { LoadResult } from "../config/load-result.js";
import type { LoadedTool } from "../config/tool-config.js";
import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { Profile } from "../profile.js";
import type { BudgetLimit } from "../providers/budget/context-window.js";
import type { WireToolsOf } from "../providers/default-wire-tools.js";
import type { ProviderId } from "../providers/wire-tool.js";
import { createTool } from "../runtime/create-tools.js";
import { toolProfileOf } from "../runtime/profiles/tool-profile-of.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { createToolkit } from "../runtime/toolkit/create-toolkit.js";
import type { ApiMap } from "./api-map/api.js";
import { specOfTool } from "./api-map/match-tool.js";
import { noSpecFindings } from "./api-map/no-spec-findings.js";
import { applySeverities, type RuleSetting } from "./apply-severities.js";
import type { Diagnostic } from "./diagnostic.js";
import { foldExplainedProbes } from "./fold-explained-probes.js";
import { toolIdentity } from "./lint.js";
import { lintMcpTools } from "./lint-mcp-tools.js";
import { lintTools } from "./lint-tools.js";
import { loadDiagnostics, loadToolkitSpecs } from "./load-check-inputs.js";
import type { ProbeRecord, ProbeTarget } from "./probe/probe.js";
import { mcpProviderRejects } from "./provider-rejects/provider-rejects.js";
import type { CheckReport, GivenToLlm, RuleInfo, ToolReport } from "./report.js";
import type { LintRule } from "./rule.js";
import { RULE_CATALOG } from "./rule-catalog.js";
import { ruleOverrides } from "./rule-overrides.js";
import { DEFAULT_RULES } from "./rules/index.js";

/** How `check` lints and probes loaded tools: the profile, the spec, the probe target, the rule settings. */
export interface CheckOptions {
  /** The profile tools are judged under; see `profileOf`. */
  profile: Profile;
  /**
   * The profile of each tool, when they differ (the CLI judges a Flowise export under `flowise` unless
   * `--profile` is given); default `profile` for every tool.
   */
  profileOf?: (tool: LoadedTool) => Profile;
  /** The one description every tool is compared with (a library call's); `apis` instead matches each tool to its API's. */
  spec?: OperationIndex;
  /**
   * The APIs of the run: each tool (each call of a Custom Tool or n8n node) is compared with, and its
   * probe judged by, only the description of the API its request goes to; a host no API describes is one
   * `no-spec` info. Takes the place of `spec`.
   */
  apis?: ApiMap;
  settings?: Record<string, RuleSetting>;
  /** What `settings` came from, as reports name it (`tooldeck.config.yaml`); default `the settings given`. */
  settingsSource?: string;
  /** The preset or file `extends` brought a rule's setting from, where it is not `settingsSource`. */
  settingsOrigins?: Readonly<Record<string, string>>;
  /** Where toolkits' specs and their `$ref`s may be read from (probes get it through their target). */
  specRead?: SpecReadOptions;
  /** Tools listed by MCP servers: linted with the rules that apply to any LLM tool, never probed. */
  mcpTools?: readonly ListedMcpTool[];
  /** Rules run besides the built-ins (after them), of the same `LintRule` shape. */
  customRules?: readonly LintRule[];
  /** Run toolkits' Custom Code in probes (in the sandbox); without it the rule custom-code-not-run says so. */
  allowCode?: boolean;
  /** profile-portability for every config, not only for Flowise exports judged under standard. */
  portability?: boolean;
  /**
   * Flowise runs with HTTP_SECURITY_CHECK=false (read from tooldeck's environment, as the probes read it):
   * its host policy is off, so rules advising to turn it off stay silent.
   */
  flowiseSecurityCheckOff?: boolean;
  /** The context budget tools are judged against (`context-budget`); default `budgetLimit({})`, 128,000 tokens. */
  contextBudget?: BudgetLimit;
  /**
   * Each tool's report also holds what the LLM is given (description, JSON schema) and, when probed, the
   * exchange (`ToolReport.given`, `exchange`): what the HTML report shows. Lint then builds every tool.
   */
  details?: boolean;
  /**
   * The model providers each agent's tools are judged against (`--provider`, `providers:`), as errors;
   * absent: the one its flow's model node is from, else every provider's API, as warnings (provider-rejects).
   */
  providers?: readonly ProviderId[];
  /** What an agent's tools become on the wire to a provider (default `defaultWireToolsOf`). */
  wireToolsOf?: WireToolsOf;
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
  const mcp = mcpSpec(options);
  const diagnostics: Diagnostic[] = [
    ...loadDiagnostics(loaded),
    ...(options.apis ? noSpecFindings(loaded.tools, options.apis) : []),
    ...lintMcpTools(options.mcpTools ?? [], {
      profile: options.profile,
      ...(mcp ? { spec: mcp } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
    }),
    ...(judgesProviders(options)
      ? await mcpProviderRejects(options.mcpTools ?? [], providerOptions(options))
      : []),
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
  const customInfo = (options.customRules ?? []).map(toRuleInfo);
  const overrides =
    options.settings &&
    ruleOverrides(
      options.settings,
      [...RULE_CATALOG, ...customInfo],
      options.settingsSource ?? "the settings given",
      options.settingsOrigins,
    );
  return {
    profile: mainProfile(groups, options.profile),
    tools,
    // Probe and load findings take their configured severities here, with the rules' (applySeverities
    // is idempotent: lint() applies it too when called alone); then a probe failure a rule explains is
    // folded into that rule's finding, which keeps the heavier of the configured severities.
    diagnostics: foldExplainedProbes(applySeverities(diagnostics, options.settings), [
      ...DEFAULT_RULES,
      ...(options.customRules ?? []),
    ]),
    ...(overrides ? { ruleOverrides: overrides } : {}),
    ...(customInfo.length > 0 ? { customRules: customInfo } : {}),
  };
}

/** provider-rejects runs unless the settings turn it off. */
function judgesProviders(options: CheckOptions): boolean {
  return options.settings?.["provider-rejects"] !== "off";
}

function providerOptions(options: CheckOptions): {
  providers?: readonly ProviderId[];
  wireToolsOf?: WireToolsOf;
} {
  return {
    ...(options.providers ? { providers: options.providers } : {}),
    ...(options.wireToolsOf ? { wireToolsOf: options.wireToolsOf } : {}),
  };
}

/** What MCP servers' tools, which name no host, are compared with: the one description in play. */
function mcpSpec(options: CheckOptions): OperationIndex | undefined {
  if (!options.apis) return options.spec;
  const [only, ...others] = options.apis.apis;
  return others.length === 0 ? only?.spec : undefined;
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
    ...(await lintTools(tools, {
      profile,
      ...(options.apis ? { apis: options.apis } : options.spec ? { spec: options.spec } : {}),
      toolkitSpecs: toolkits.specs,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.allowCode ? { allowCode: true } : {}),
      ...(options.portability ? { portability: true } : {}),
      ...(options.flowiseSecurityCheckOff ? { flowiseSecurityCheckOff: true } : {}),
      ...(options.customRules?.length ? { rules: [...DEFAULT_RULES, ...options.customRules] } : {}),
      ...(options.contextBudget ? { contextBudget: options.contextBudget } : {}),
      ...providerOptions(options),
    })),
  ];
  if (!options.probe || options.settings?.probe === "off") {
    const list = { profile, specs: toolkits.specs, details: options.details ?? false };
    const reports = await Promise.all(tools.map((tool) => listTools(tool, list)));
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
    ...(options.apis ? { specOf: (tool: LoadedTool) => specOfTool(options.apis as ApiMap, tool) } : {}),
    ...(!options.apis && options.spec ? { spec: options.spec } : {}),
    onTool,
  });
  diagnostics.push(...probed.diagnostics);
  return {
    diagnostics,
    tools: probed.records.map((record) => ({
      tool: record.tool,
      report: toToolReport(record, options.details ?? false),
    })),
  };
}

/**
 * The tools a config gives, as the probes would list them (a toolkit: one per operation), so `lint`
 * and `check` count the same tools; built without sending anything. A config that cannot be built is
 * listed once, by its name.
 */
async function listTools(
  tool: LoadedTool,
  {
    profile,
    specs,
    details,
  }: { profile: Profile; specs: ReadonlyMap<string, OperationIndex>; details: boolean },
): Promise<{ tool: LoadedTool; report: ToolReport }[]> {
  const entry = (name: string, given?: GivenToLlm) => ({
    tool,
    report: {
      name,
      file: tool.source.file,
      path: tool.source.path,
      ...(tool.source.code ? { code: tool.source.code } : {}),
      ...(given ? { given } : {}),
    },
  });
  const { config } = tool;
  // A request tool is one tool, named as its profile sends it: building it (its input schema) would
  // cost more than the lint itself on a large project, unless the report shows the schema.
  let name = toolIdentity(tool).tool;
  if (config.kind === "request") {
    const sends = toolProfileOf(profile);
    if (!sends.refusal(config)) name = sends.toolName(config.name);
    if (!details) return [entry(name)];
  }
  const spec = config.kind === "openapi-toolkit" ? specs.get(config.spec) : undefined;
  try {
    const built =
      config.kind === "openapi-toolkit"
        ? spec
          ? await createToolkit(config, { profile, spec })
          : []
        : await createTool(config, { profile });
    if (built.length === 0) return [entry(name)];
    return built.map((executable) => entry(executable.name, details ? givenOf(executable) : undefined));
  } catch {
    return [entry(name)];
  }
}

function toRuleInfo({ id, severity, otherSeverities, description, docs }: LintRule): RuleInfo {
  return { id, severity, ...(otherSeverities ? { otherSeverities } : {}), description, docs };
}

function toToolReport(record: ProbeRecord, details: boolean): ToolReport {
  const report: ToolReport = {
    name: record.name,
    file: record.tool.source.file,
    path: record.tool.source.path,
    sent: record.sent,
  };
  if (record.tool.source.code) report.code = record.tool.source.code;
  if (!details) return report;
  if (record.given) report.given = record.given;
  const { result } = record;
  if (result) {
    report.exchange = {
      ...(result.request ? { request: result.request } : {}),
      ...(result.response ? { response: result.response } : {}),
      output: result.output,
    };
  }
  return report;
}

function givenOf(tool: ExecutableTool): GivenToLlm {
  return { description: tool.description, inputSchema: tool.inputSchema };
}
