import { joinPath } from "../config/json-path.js";
import type { LoadedTool } from "../config/tool-config.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { CallView } from "../platforms/platform.js";
import { platformOf, platformOfToolKind, platformToolKind } from "../platforms/registry.js";
import type { Profile } from "../profile.js";
import type { ContextBudget } from "../providers/budget/context-budget.js";
import type { ApiMap } from "./api-map/api.js";
import { matchUrlOnce } from "./api-map/match-tool.js";
import { callViewsOf } from "./api-map/tool-requests.js";
import { applySeverities, type RuleSetting } from "./apply-severities.js";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.js";
import { toFindingFix } from "./finding-fix.js";
import type { LintContext, LintRule } from "./rule.js";
import { DEFAULT_RULES } from "./rules/index.js";

/** How `lint` judges tools: the profile, the spec they call, the rules and their severities. */
export interface LintOptions {
  /** Default `standard`. */
  profile?: Profile;
  /** The service's OpenAPI description: without it the rules comparing tools with it are skipped. */
  spec?: OperationIndex;
  /**
   * The APIs of the run, instead of `spec`: each request (a request tool's, each call of a Custom Tool or
   * n8n node) is compared only with the description of the API its host belongs to (`matchUrl`).
   */
  apis?: ApiMap;
  /** Loaded specs of the OpenAPI toolkits, by their `spec` path. */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /** Default the built-in ruleset. */
  rules?: readonly LintRule[];
  /** Per-rule severity overrides (`tooldeck.config.yaml`: `rules: { id: off|info|warning|error }`). */
  settings?: Record<string, RuleSetting>;
  /** Whether toolkits' Custom Code will run (--allow-code); default false. */
  allowCode?: boolean;
  /** Judge how every config behaves under the other profile too (--portability); default false. */
  portability?: boolean;
  /**
   * Flowise runs with HTTP_SECURITY_CHECK=false (read from tooldeck's environment, as the probes read it):
   * its host policy is off, so rules advising to turn it off stay silent.
   */
  flowiseSecurityCheckOff?: boolean;
  /** The context budget (`context-budget`) and each agent's definitions measured; default 128,000 tokens. */
  budget?: ContextBudget;
}

/**
 * Runs the rules that apply to the profile over every tool, synchronously: the rule engine. The
 * library's `lint` (`lint-tools.ts`, what `check` runs) adds each agent's measured definitions
 * (`budget`) and the provider gate. Never throws for a bad config: each problem is a `Diagnostic`.
 * Sorted by file, then severity.
 * @example
 * const diagnostics = lint(loaded.tools, { profile: "flowise" });
 */
export function lint(tools: readonly LoadedTool[], options: LintOptions = {}): Diagnostic[] {
  const context: LintContext = { profile: options.profile ?? "standard", tools };
  if (options.spec) context.spec = options.spec;
  if (options.toolkitSpecs) context.toolkitSpecs = options.toolkitSpecs;
  if (options.allowCode) context.allowCode = true;
  if (options.portability) context.portability = true;
  if (options.flowiseSecurityCheckOff) context.flowiseSecurityCheckOff = true;
  if (options.budget) context.budget = options.budget;
  const rules = (options.rules ?? DEFAULT_RULES).filter(
    (rule) => rule.profiles.includes(context.profile) && options.settings?.[rule.id] !== "off",
  );
  const contextOf = contextsByApi(context, options.apis);
  const diagnostics = tools.flatMap((tool) => {
    const judged = contextOf(requestUrl(tool));
    return [...rules.flatMap((rule) => runRule(rule, tool, judged)), ...judgeCalls(tool, rules, contextOf)];
  });
  return applySeverities(diagnostics, options.settings).sort(compareDiagnostics);
}

/** A request tool's or HTTP node's URL: what its API is matched by. */
function requestUrl(tool: LoadedTool): string | undefined {
  return tool.config.kind === "request" || tool.config.kind === "http" ? tool.config.url : undefined;
}

/**
 * The context a request is judged in: with an API map, one per API (its spec as the spec; none for a
 * host no API describes), so the rules comparing with a spec see only their API's requests; without
 * one, the context given for every request.
 */
function contextsByApi(
  context: LintContext,
  apis: ApiMap | undefined,
): (url: string | undefined) => LintContext {
  if (!apis) return () => context;
  const { spec: _spec, ...unjudged } = context;
  const byIndex = new Map<OperationIndex | undefined, LintContext>([[undefined, unjudged]]);
  return (url) => {
    const spec = url === undefined ? undefined : matchUrlOnce(apis, url).api?.spec;
    let found = byIndex.get(spec);
    if (!found) {
      found = { ...unjudged, ...(spec ? { spec } : {}) };
      byIndex.set(spec, found);
    }
    return found;
  };
}

/**
 * The calls a platform's kind makes (a Custom Tool's, found in its code; an n8n node's request), each
 * judged by the rules on calls as a request tool exported from that platform: what it sends is what the
 * view says, so the standard profile's reading of a request tool (every method carries its params)
 * applies. A finding points where the view says (`func`, `line 5: …`; `parameters.url`), and names what to
 * change in the platform rather than carrying a fix.
 */
function judgeCalls(
  tool: LoadedTool,
  rules: readonly LintRule[],
  contextOf: (url: string | undefined) => LintContext,
): Diagnostic[] {
  const views = callViewsOf(tool);
  if (views.length === 0) return [];
  const format = platformOfToolKind(tool.config.kind)?.name;
  const judging = rules.filter((rule) => rule.judgesCalls);
  const callContexts = new Map<LintContext, LintContext>();
  return views.flatMap((view: CallView) => {
    const context = contextOf(view.config.url);
    const callContext = callContexts.get(context) ?? { ...context, profile: "standard" };
    callContexts.set(context, callContext);
    const seen: LoadedTool = {
      config: view.config,
      source: { ...tool.source, ...(format ? { format } : {}) },
    };
    return judging.flatMap((rule) =>
      runRule(rule, seen, callContext, { tool, view }).map((diagnostic) => ({
        ...diagnostic,
        message: `${view.prefix ?? ""}${diagnostic.message}`,
      })),
    );
  });
}

/** A platform kind's tool, judged through one of its call views. */
interface ViewOf {
  tool: LoadedTool;
  view: CallView;
}

function runRule(rule: LintRule, tool: LoadedTool, context: LintContext, through?: ViewOf): Diagnostic[] {
  if (!rule.appliesTo(tool.config)) return [];
  const pathOf = through?.view.pathOf ?? ((path: string) => path);
  const identity = toolIdentity(through?.tool ?? tool);
  return rule.check(tool, context).map((finding) => {
    const diagnostic: Diagnostic = {
      code: rule.id,
      severity: finding.severity ?? rule.severity,
      tool: finding.tool ?? identity.tool,
      ...(finding.tool === undefined && identity.node ? { node: identity.node } : {}),
      ...placeOf(tool.source, pathOf(finding.path ?? "")),
      message: finding.message,
    };
    if (finding.suggestion) diagnostic.suggestion = finding.suggestion;
    if (finding.cause)
      diagnostic.cause = { id: `${rule.id}:${finding.cause.key}`, summary: finding.cause.summary };
    if (!finding.fix) return diagnostic;
    diagnostic.fix = toFindingFix(finding.fix, tool.config, through?.tool ?? tool, through?.view);
    // What --fix cannot write in a platform's export is said as what to change in the platform.
    const platform = platformOf(tool.source.format);
    if (platform && diagnostic.fix.notFixable)
      diagnostic.suggestion ??= `in ${platform.label}: ${finding.fix.description}`;
    return diagnostic;
  });
}

/**
 * Where a finding at `path` of a tool's config is written: in the tool's file, unless the key it is at is
 * written elsewhere (`ToolSource.keys`: a flow's Custom Tool's own `customToolFunc`, its export's `func`
 * and `schema`), or it is in the tool's code (`func`) and another file holds the code (`ToolSource.code`),
 * which the finding then points at.
 */
function placeOf(source: LoadedTool["source"], path: string): { file: string; path: string } {
  const head = /^[^.[]+/.exec(path)?.[0] ?? "";
  const key = source.keys && Object.hasOwn(source.keys, head) ? source.keys[head] : undefined;
  if (key) return { file: key.file, path: `${key.path}${path.slice(head.length)}` };
  if (source.code && head === "func")
    return { file: source.code.file, path: joinPath(source.code.path, path) };
  return { file: source.file, path: joinPath(source.path, path) };
}

/** A tool as findings name it: the name its model is given, and its node's title where that differs. */
export interface ToolIdentity {
  tool: string;
  node?: string;
}

/**
 * One identity per tool in every finding, rule's or probe's: the name the model sees (a platform's kind
 * says it: an n8n node `Update Event` is `Update_Event`), with its node's title where it differs.
 */
export function toolIdentity(tool: LoadedTool): ToolIdentity {
  const configured = toolName(tool);
  const model = platformToolKind(tool.config.kind)?.modelName?.(tool.config) ?? configured;
  return model === configured ? { tool: configured } : { tool: model, node: configured };
}

/** The name a tool is reported under: its configured name, else its file. */
export function toolName(tool: LoadedTool): string {
  return tool.config.name ?? tool.source.file;
}
