import { joinPath } from "../config/json-path.js";
import type { LoadedTool } from "../config/tool-config.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { Platform, RequestView } from "../platforms/platform.js";
import { platformOf, platformWithKind } from "../platforms/registry.js";
import type { Profile } from "../profile.js";
import { applySeverities, type RuleSetting } from "./apply-severities.js";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.js";
import type { LintContext, LintRule } from "./rule.js";
import { DEFAULT_RULES } from "./rules/index.js";

/** How `lint` judges tools: the profile, the spec they call, the rules and their severities. */
export interface LintOptions {
  /** Default `standard`. */
  profile?: Profile;
  /** The service's OpenAPI description: without it the rules comparing tools with it are skipped. */
  spec?: OperationIndex;
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
}

/**
 * Runs the rules that apply to the profile over every tool. Never throws for a bad config: each
 * problem is a `Diagnostic`. Sorted by file, then severity.
 * @example
 * const diagnostics = lint(loaded.tools, { profile: "flowise" });
 */
export function lint(tools: readonly LoadedTool[], options: LintOptions = {}): Diagnostic[] {
  const context: LintContext = { profile: options.profile ?? "standard", tools };
  if (options.spec) context.spec = options.spec;
  if (options.toolkitSpecs) context.toolkitSpecs = options.toolkitSpecs;
  if (options.allowCode) context.allowCode = true;
  if (options.portability) context.portability = true;
  const rules = (options.rules ?? DEFAULT_RULES).filter(
    (rule) => rule.profiles.includes(context.profile) && options.settings?.[rule.id] !== "off",
  );
  const diagnostics = tools.flatMap((tool) => rules.flatMap((rule) => runRule(rule, tool, context)));
  return applySeverities(diagnostics, options.settings).sort(compareDiagnostics);
}

/** What a rule checks of a tool: the tool itself, or the request tool a platform's kind amounts to. */
interface RuleTarget {
  tool: LoadedTool;
  /** Where a finding's path lies in the tool's own config. */
  pathOf: (path: string) => string;
  /** The platform whose config this is, when a fix can only be said, not applied. */
  platform: Platform | undefined;
}

const VIEWS = new WeakMap<LoadedTool, RequestView | undefined>();

/**
 * The tool a rule checks: the tool when the rule applies to its kind; else, for a rule that judges the
 * platform that adds the kind, the request tool the platform reads it as (`requestView`).
 */
function ruleTarget(rule: LintRule, tool: LoadedTool): RuleTarget | undefined {
  const { kind } = tool.config;
  if (rule.appliesTo(tool.config))
    return { tool, pathOf: (path) => path, platform: platformOf(tool.source.format) };
  const owner = platformWithKind(kind);
  if (!owner || !rule.profiles.includes(owner.platform.name)) return undefined;
  if (!VIEWS.has(tool)) VIEWS.set(tool, owner.toolKind.requestView?.(tool.config));
  const view = VIEWS.get(tool);
  if (!view || !rule.appliesTo(view.config)) return undefined;
  return { tool: { ...tool, config: view.config }, pathOf: view.pathOf, platform: owner.platform };
}

function runRule(rule: LintRule, tool: LoadedTool, context: LintContext): Diagnostic[] {
  const target = ruleTarget(rule, tool);
  if (!target) return [];
  return rule.check(target.tool, context).map((finding) => {
    const diagnostic: Diagnostic = {
      code: rule.id,
      severity: finding.severity ?? rule.severity,
      tool: finding.tool ?? toolName(target.tool),
      file: tool.source.file,
      path: joinPath(tool.source.path, target.pathOf(finding.path ?? "")),
      message: finding.message,
    };
    if (finding.suggestion) diagnostic.suggestion = finding.suggestion;
    // A platform's export is not edited by --fix: the fix is only said, as what to change in the platform.
    const platform = target.platform;
    if (finding.fix && platform) {
      diagnostic.suggestion ??= `in ${platform.label}: ${finding.fix.description}`;
    } else if (finding.fix) {
      const changes = finding.fix.changes.map((change) => ({
        ...change,
        path: joinPath(tool.source.path, change.path),
      }));
      diagnostic.fix = { description: finding.fix.description, changes, configPath: tool.source.path };
    }
    return diagnostic;
  });
}

/** The name a tool is reported under: its configured name, else its file. */
export function toolName(tool: LoadedTool): string {
  return tool.config.name ?? tool.source.file;
}
