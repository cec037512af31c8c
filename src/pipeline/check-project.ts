import { dirname, resolve } from "node:path";
import { STDIN_FILE } from "../config/load-tool-configs.js";
import { chooseProfile } from "../config/source-profile.js";
import { ToolDeckError } from "../errors.js";
import type { ApiMap } from "../lint/api-map/api.js";
import { explainApis } from "../lint/api-map/explain-apis.js";
import { type CheckOptions, check } from "../lint/check.js";
import { checkWithFixes } from "../lint/check-with-fixes.js";
import { foldSharedCauses } from "../lint/fold-shared-causes.js";
import type { LintSettings } from "../lint/lint-settings.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "../lint/probe/probe-timeout.js";
import type { CheckReport } from "../lint/report.js";
import { settingsLoadLinks } from "../lint/settings/settings-load-links.js";
import {
  applyBaseline,
  type BaselineLocation,
  baselineOf,
  formatBaseline,
  parseBaseline,
} from "../lint/suppress/baseline.js";
import { suppressFindings } from "../lint/suppress/suppress-findings.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { PLATFORM_ENTRIES } from "../platforms/registry.js";
import { namedFileRoots } from "../project-files/named-path.js";
import { projectReadOptions, projectRoots } from "../project-files/project-read-options.js";
import { readProjectFile } from "../project-files/read-project-file.js";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import { budgetLimit } from "../providers/budget/context-window.js";
import type { WireToolsOf } from "../providers/default-wire-tools.js";
import { wireToolsOfChoice } from "../providers/wire-choice.js";
import type { ProviderId } from "../providers/wire-tool.js";
import { flowiseHostOptions, flowiseSecurityCheckOff } from "../runtime/host-policy.js";
import { type OutboundPolicy, toOutboundPolicy } from "../runtime/outbound/outbound-policy.js";
import { secretVars } from "../secrets/secret-vars.js";
import { maskUrlCredentials } from "../secrets/url-credentials.js";
import type { CheckProjectOptions, CheckProjectResult, CheckTarget } from "./check-project-options.js";
import { loadApiMap, toApi } from "./load-api-map.js";
import {
  configPathsToRead,
  loadToolSources,
  type RemoteSources,
  type ToolSources,
} from "./load-tool-sources.js";
import { prepareRunPlatforms } from "./prepare-run-platforms.js";
import { loadRuleSetup, type RuleSetup } from "./rule-setup.js";

/**
 * What `tooldeck check` runs, as one call: loads the tools (paths, stdin, a Flowise instance, MCP
 * servers), finds the spec, reads the rule settings, lints, probes every tool against `target`, and
 * with `fix` applies the safe fixes and checks again. Only broken setup throws (a usage or load
 * `ToolDeckError`: no tools found, a spec or settings file that cannot be read); a config that cannot be
 * loaded is a finding, and `loadFailed`. A cause shared by several tools is one finding naming them
 * (`foldSharedCauses`; json and sarif report each tool's). As guarded as the CLI: nothing real is called or written to
 * unless named (`target`, `allowHosts`, `allowWrites`), and files are read inside the project only.
 * @example
 * const { report, loadFailed } = await checkProject({ paths: ["tools/"], spec: "tools/event-api.openapi.yaml" });
 * console.log(formatReport(report, "stylish"));
 */
export async function checkProject(options: CheckProjectOptions = {}): Promise<CheckProjectResult> {
  if (options.fix && options.tools)
    throw new ToolDeckError("usage", "fix reads the configs again after each pass: give paths, not tools");
  if (options.updateBaseline && options.baseline === undefined)
    throw new ToolDeckError("usage", "updateBaseline writes the file baseline names: give baseline too");
  const setup = await loadRuleSetup(options);
  // One seam for every pass of --fix: a missing provider package is noted once.
  const wireToolsOf =
    options.wireToolsOf ?? (await wireToolsOfChoice(options.wire ?? setup.settings.wire, options.onNote));
  const wired = wireToolsOf ? { ...options, wireToolsOf } : options;
  const run = () => checkOnce(wired, setup);
  const result = options.fix
    ? await checkWithFixes(run, options.fix === true ? {} : options.fix)
    : await run();
  const accepted =
    options.baseline === undefined ? result.report : withBaseline(result.report, options.baseline, options);
  // Last, once fixes, comments, overrides and the baseline judged each tool's own finding.
  return { ...result, report: { ...accepted, diagnostics: foldSharedCauses(accepted.diagnostics) } };
}

/**
 * `--baseline FILE`: the findings it holds are accepted; with `--update-baseline` it is first written
 * (atomically: a run killed mid-write leaves the old file) with every finding of this run.
 */
function withBaseline(report: CheckReport, file: string, options: CheckProjectOptions): CheckReport {
  const at: BaselineLocation = { file, dir: dirname(resolve(file)), cwd: process.cwd() };
  if (options.updateBaseline) {
    const entries = baselineOf(report, at);
    writeFileAtomically(file, formatBaseline(entries));
    options.onNote?.(`wrote ${file} (${entries.length} finding${entries.length === 1 ? "" : "s"} accepted)`);
    return applyBaseline(report, entries, at);
  }
  const roots = namedFileRoots(file, projectRoots(options.roots));
  let text: string;
  try {
    text = readProjectFile(file, { roots });
  } catch (cause) {
    throw new ToolDeckError("load", `${file}: ${(cause as Error).message} (write it with --update-baseline)`);
  }
  return applyBaseline(report, parseBaseline(text, file), at);
}

async function checkOnce(given: CheckProjectOptions, setup: RuleSetup): Promise<CheckProjectResult> {
  const target = given.target ?? "emulator";
  const outbound = toOutboundPolicy({
    baseUrl: typeof target === "object" ? target.baseUrl : undefined,
    allowHosts: given.allowHosts,
    allowWrites: given.allowWrites,
  });
  const read = projectReadOptions(
    { ...(given.roots ? { roots: given.roots } : {}), allowRemoteRefs: given.allowRemoteRefs ?? false },
    given.tools ? [] : configPathsToRead(given),
  );
  const { settings } = setup;
  const loaded = await loadProjectTools(given, read.roots, outbound.allowedHosts, settings);
  await prepareRunPlatforms(loaded.tools, {
    profile: given.profile,
    portability: given.portability,
    ruleIds: Object.keys(settings.rules),
  });
  const options = withExportVars(given, loaded.vars, typeof target === "object");
  tellSecrets(options, loaded);
  const apis = await findOrInferApis(options, loaded, read, setup);
  if (options.onExplain) for (const line of explainApis(loaded.tools, apis)) options.onExplain(line);
  const probe = target === false ? undefined : await probeOptions(target, { options, apis, outbound, read });
  const report = await check(loaded, {
    profile: options.profile ?? "standard",
    // A Flowise export (or chatflow) is judged as Flowise runs it, unless a profile is given.
    profileOf: chooseProfile(options.profile),
    apis,
    settings: settings.rules,
    ...(settings.source ? { settingsSource: settings.source } : {}),
    settingsOrigins: settings.ruleOrigins,
    allowCode: options.allowCode ?? false,
    portability: options.portability ?? false,
    ...providerChoice(options.providers ?? settings.providers, options.wireToolsOf),
    contextBudget: budgetLimit({
      flag: options.contextBudget,
      setting: settings.contextBudget,
      providers: options.providers ?? settings.providers,
    }),
    flowiseSecurityCheckOff: flowiseSecurityCheckOff(options.env ?? process.env),
    ...(options.details ? { details: true } : {}),
    specRead: read,
    mcpTools: loaded.mcpTools,
    customRules: setup.customRules,
    ...(probe ? { probe } : {}),
  });
  const accepted = suppressFindings(report, {
    overrides: settings.overrides,
    base: { dir: settings.dir, cwd: process.cwd() },
    ...(options.inlineConfig === false ? {} : { readFile: (file) => readConfigText(file, read.roots) }),
    files: [...new Set(loaded.tools.map((tool) => tool.source.file))],
    knownRules: setup.knownRules,
  });
  return { report: accepted.report, loadFailed: loaded.errors.length > 0 || accepted.invalidComments };
}

/** The providers chosen (`--provider`, else `providers:`) and the wire seam, as `check` takes them. */
function providerChoice(
  providers: readonly ProviderId[] | undefined,
  wireToolsOf: WireToolsOf | undefined,
): { providers?: readonly ProviderId[]; wireToolsOf?: WireToolsOf } {
  return {
    ...(providers && providers.length > 0 ? { providers } : {}),
    ...(wireToolsOf ? { wireToolsOf } : {}),
  };
}

/**
 * The run's APIs (`loadApiMap`: the descriptions given, named in `apis:` or found), else one inferred from
 * the traffic recorded with the tools' host (`trafficSpec`, docs/traffic.md); the notes say which.
 */
async function findOrInferApis(
  options: CheckProjectOptions,
  loaded: ToolSources,
  read: Required<SpecReadOptions>,
  setup: RuleSetup,
): Promise<ApiMap> {
  const notes: string[] = [];
  const given =
    options.spec === undefined ? [] : typeof options.spec === "string" ? [options.spec] : options.spec;
  const vars = options.vars ?? {};
  const sources = { given, configured: setup.settings.apis, found: loaded.specs, vars };
  const map = await loadApiMap(sources, read, (note) => notes.push(note));
  // Traffic is read, and a description inferred, only when there is no other: lint starts without it.
  if (map.apis.length === 0) {
    const inferred = await (await import("./traffic-spec.js")).trafficSpec(loaded.tools, {
      paths: options.traffic,
      vars,
      roots: read.roots,
      note: (note) => notes.splice(0, notes.length, note),
    });
    if (inferred) map.apis = [toApi(inferred, "inferred from traffic")];
  }
  for (const note of notes) options.onNote?.(note);
  // --base-url sends every tool to one service: the single description in play is that service's.
  const [only, ...others] = map.apis;
  if (typeof options.target === "object" && only && others.length === 0) map.everyRequest = only;
  return map;
}

/** A config file's text for its `# tooldeck-…` comments, read as the configs were; none for stdin or a chatflow. */
function readConfigText(file: string, roots: readonly string[]): string | undefined {
  if (file === STDIN_FILE || file.startsWith("flowise:")) return undefined;
  try {
    return readProjectFile(file, { roots });
  } catch {
    return undefined;
  }
}

/**
 * The $vars an export carries (Flowise's "Export data" variables) count where `--var` gives none; its
 * `base_url` yields to `--base-url`, which sends every tool to one service.
 */
function withExportVars(
  given: CheckProjectOptions,
  exported: Readonly<Record<string, string>> | undefined,
  baseUrlGiven: boolean,
): CheckProjectOptions {
  if (!exported) return given;
  const { base_url: _baseUrl, ...others } = exported;
  return { ...given, vars: { ...(baseUrlGiven ? others : exported), ...given.vars } };
}

/** Each secret variable's value, now that the configs that may use a variable as a credential are known. */
function tellSecrets(options: CheckProjectOptions, loaded: ToolSources): void {
  if (!options.onSecret) return;
  const configs = loaded.tools.map((tool) => tool.config);
  for (const [, value] of secretVars(options.vars ?? {}, { marked: options.secretVars ?? [], configs }))
    options.onSecret(value);
}

/** The tools given, or those of every source; finding none at all, and nothing said of what was read, is an error unless allowed. */
async function loadProjectTools(
  options: CheckProjectOptions,
  roots: readonly string[],
  allowHosts: readonly string[],
  settings: Pick<LintSettings, "flowiseTools" | "difyProviders">,
): Promise<ToolSources> {
  const loaded = options.tools
    ? { ...options.tools, mcpTools: [] }
    : await loadToolSources({
        paths: options.paths,
        stdin: options.stdin,
        ...remoteSourcesOf(options),
        roots,
        allowHosts,
        ...settingsLoadLinks(settings),
        signal: options.signal,
      });
  const found = loaded.tools.length + loaded.mcpTools.length;
  // A file read whose tools are all said as not modelled (a Dify app of builtin tools) is no empty path:
  // its notes are the report.
  const said = loaded.errors.length + loaded.warnings.length + (loaded.notes?.length ?? 0);
  if (found === 0 && said === 0 && !options.allowEmpty)
    throw new ToolDeckError("usage", `no tools found in ${describeSources(options)}`);
  return loaded;
}

/** `tools/`, `a.yaml, b/`, `--flowise http://…`: where tools were looked for. */
function describeSources(options: CheckProjectOptions): string {
  if (options.tools) return "the tools given";
  const names = (options.paths ?? []).map((path) => (typeof path === "string" ? path : path.name));
  const remotes = PLATFORM_ENTRIES.flatMap((platform) => {
    const url = options[platform.name]?.url;
    return url ? [`--${platform.name} ${maskUrlCredentials(url)}`] : [];
  });
  const named = names.length > 0 || remotes.length === 0 ? (names.length > 0 ? names : ["tools/"]) : [];
  return [...named, ...remotes].join(", ");
}

/** The platform instances the options name (`flowise`), and only those. */
function remoteSourcesOf(options: CheckProjectOptions): RemoteSources {
  return Object.fromEntries(PLATFORM_ENTRIES.map((platform) => [platform.name, options[platform.name]]));
}

/** Where and how the probes go. */
async function probeOptions(
  target: CheckTarget,
  context: {
    options: CheckProjectOptions;
    apis: ApiMap;
    outbound: OutboundPolicy;
    read: Required<SpecReadOptions>;
  },
): Promise<NonNullable<CheckOptions["probe"]>> {
  const { options } = context;
  const baseUrl = typeof target === "object" ? target.baseUrl.replace(/\/+$/, "") : undefined;
  // The emulators are loaded only when something is probed (lint never needs them).
  const { createProbeTarget } = await import("./probe-target.js");
  return {
    target: createProbeTarget({
      apis: context.apis,
      live: target === "live",
      baseUrl,
      userVars: options.vars ?? {},
      outbound: context.outbound,
      flowiseHosts: flowiseHostOptions(options.env ?? process.env),
      read: context.read,
      hideSecret: options.onSecret ?? (() => {}),
    }),
    // The emulators take writes; a real service only with allowWrites.
    allowWrites: target === "emulator" || (options.allowWrites ?? false),
    timeoutMs: options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    onTool: options.onProgress,
  };
}
