import type { LoadedTool } from "../config/tool-config.js";
import { ToolDeckError } from "../errors.js";
import { type CheckOptions, check } from "../lint/check.js";
import { checkWithFixes } from "../lint/check-with-fixes.js";
import { findSpec } from "../lint/find-spec.js";
import { type LintSettings, parseRuleSettings, readLintSettings } from "../lint/lint-settings.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "../lint/probe/probe-timeout.js";
import { requireLintSettings } from "../lint/require-lint-settings.js";
import { RULE_IDS } from "../lint/rule-catalog.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { Profile } from "../profile.js";
import { projectReadOptions, projectRoots } from "../project-files/project-read-options.js";
import { flowiseSecurityCheckOff } from "../runtime/host-policy.js";
import { type OutboundPolicy, toOutboundPolicy } from "../runtime/outbound/outbound-policy.js";
import { secretVars } from "../secrets/secret-vars.js";
import type { CheckProjectOptions, CheckProjectResult, CheckTarget } from "./check-project-options.js";
import { configPathsToRead, loadToolSources, type ToolSources } from "./load-tool-sources.js";

/**
 * What `tooldeck check` runs, as one call: loads the tools (paths, stdin, a Flowise instance, MCP
 * servers), finds the spec, reads the rule settings, lints, probes every tool against `target`, and
 * with `fix` applies the safe fixes and checks again. Only broken setup throws (a usage or load
 * `ToolDeckError`: no tools found, a spec or settings file that cannot be read); a config that cannot be
 * loaded is a finding, and `loadFailed`. As guarded as the CLI: nothing real is called or written to
 * unless named (`target`, `allowHosts`, `allowWrites`), and files are read inside the project only.
 * @example
 * const { report, loadFailed } = await checkProject({ paths: ["tools/"], spec: "tools/event-api.openapi.yaml" });
 * console.log(formatReport(report, "stylish"));
 */
export async function checkProject(options: CheckProjectOptions = {}): Promise<CheckProjectResult> {
  if (options.fix && options.tools)
    throw new ToolDeckError("usage", "fix reads the configs again after each pass: give paths, not tools");
  const run = () => checkOnce(options);
  if (!options.fix) return run();
  return checkWithFixes(run, options.fix === true ? {} : options.fix);
}

async function checkOnce(options: CheckProjectOptions): Promise<CheckProjectResult> {
  const target = options.target ?? "emulator";
  const outbound = toOutboundPolicy({
    baseUrl: typeof target === "object" ? target.baseUrl : undefined,
    allowHosts: options.allowHosts,
    allowWrites: options.allowWrites,
  });
  const read = projectReadOptions(
    { ...(options.roots ? { roots: options.roots } : {}), allowRemoteRefs: options.allowRemoteRefs ?? false },
    options.tools ? [] : configPathsToRead(options),
  );
  const loaded = await loadProjectTools(options, read.roots, outbound.allowedHosts);
  tellSecrets(options, loaded);
  const spec = await findSpec(options.spec, loaded.specs, read, options.onNote);
  const settings = ruleSettings(options);
  const probe =
    target === false ? undefined : await probeOptions(target, { options, loaded, spec, outbound, read });
  const report = await check(loaded, {
    profile: options.profile ?? "standard",
    // A Flowise export (or chatflow) is judged as Flowise runs it, unless a profile is given.
    ...(options.profile === undefined ? { profileOf: profileOfSource } : {}),
    ...(spec ? { spec } : {}),
    settings: settings.rules,
    ...(settings.source ? { settingsSource: settings.source } : {}),
    allowCode: options.allowCode ?? false,
    portability: options.portability ?? false,
    ...(options.details ? { details: true } : {}),
    specRead: read,
    mcpTools: loaded.mcpTools,
    ...(probe ? { probe } : {}),
  });
  return { report, loadFailed: loaded.errors.length > 0 };
}

/**
 * The severities given in code, else those of the settings file; held to `requiredSettingsFile` when
 * one is given (`--config-required`).
 */
function ruleSettings(options: CheckProjectOptions): LintSettings {
  const settings = options.rules
    ? { rules: parseRuleSettings(options.rules, RULE_IDS), source: "the rules option" }
    : readLintSettings(options.settingsFile, process.cwd(), RULE_IDS, projectRoots(options.roots));
  if (options.requiredSettingsFile !== undefined)
    requireLintSettings(settings, options.requiredSettingsFile, RULE_IDS);
  return settings;
}

/** Each secret variable's value, now that the configs that may use a variable as a credential are known. */
function tellSecrets(options: CheckProjectOptions, loaded: ToolSources): void {
  if (!options.onSecret) return;
  const configs = loaded.tools.map((tool) => tool.config);
  for (const [, value] of secretVars(options.vars ?? {}, { marked: options.secretVars ?? [], configs }))
    options.onSecret(value);
}

/** The tools given, or those of every source; finding none at all is an error unless allowed. */
async function loadProjectTools(
  options: CheckProjectOptions,
  roots: readonly string[],
  allowHosts: readonly string[],
): Promise<ToolSources> {
  const loaded = options.tools
    ? { ...options.tools, mcpTools: [] }
    : await loadToolSources({
        paths: options.paths,
        stdin: options.stdin,
        flowise: options.flowise,
        roots,
        allowHosts,
        signal: options.signal,
      });
  const found = loaded.tools.length + loaded.mcpTools.length;
  if (found === 0 && loaded.errors.length === 0 && !options.allowEmpty)
    throw new ToolDeckError("usage", `no tools found in ${describeSources(options)}`);
  return loaded;
}

/** `tools/`, `a.yaml, b/`, `--flowise http://…`: where tools were looked for. */
function describeSources(options: CheckProjectOptions): string {
  if (options.tools) return "the tools given";
  const names = (options.paths ?? []).map((path) => (typeof path === "string" ? path : path.name));
  const flowise = options.flowise?.url;
  const named = names.length > 0 || !flowise ? (names.length > 0 ? names : ["tools/"]) : [];
  return [...named, ...(flowise ? [`--flowise ${flowise}`] : [])].join(", ");
}

function profileOfSource(tool: LoadedTool): Profile {
  return tool.source.format === "flowise" ? "flowise" : "standard";
}

/** Where and how the probes go. */
async function probeOptions(
  target: CheckTarget,
  context: {
    options: CheckProjectOptions;
    loaded: ToolSources;
    spec: OperationIndex | undefined;
    outbound: OutboundPolicy;
    read: Required<SpecReadOptions>;
  },
): Promise<NonNullable<CheckOptions["probe"]>> {
  const { options, loaded } = context;
  const baseUrl = typeof target === "object" ? target.baseUrl.replace(/\/+$/, "") : undefined;
  // The emulators are loaded only when something is probed (lint never needs them).
  const { createProbeTarget } = await import("./probe-target.js");
  return {
    target: createProbeTarget({
      spec: context.spec,
      // The description stands in for every host only when the user named it (`spec`) or it sits among
      // the paths; tools/'s own, found by default, answers only on its servers' origins.
      everyHost: options.spec !== undefined || loaded.specs.length > 0,
      live: target === "live",
      baseUrl,
      userVars: options.vars ?? {},
      outbound: context.outbound,
      securityCheckOff: flowiseSecurityCheckOff(options.env ?? process.env),
      read: context.read,
      hideSecret: options.onSecret ?? (() => {}),
    }),
    // The emulators take writes; a real service only with allowWrites.
    allowWrites: target === "emulator" || (options.allowWrites ?? false),
    timeoutMs: options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    onTool: options.onProgress,
  };
}
