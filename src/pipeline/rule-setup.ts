import { ToolDeckError } from "../errors.js";
import {
  loadCustomRules,
  type RuleModuleRef,
  resolveRuleModule,
} from "../lint/custom-rules/load-custom-rules.js";
import {
  type LintSettings,
  parseRuleSettings,
  readSettingsLayers,
  toLintSettings,
} from "../lint/lint-settings.js";
import { formatPins, pinsInUse } from "../lint/pins/pins-in-use.js";
import { type RequiredPins, requireExtendsPins, requirePluginPins } from "../lint/pins/require-pins.js";
import { requireLintSettings } from "../lint/require-lint-settings.js";
import type { LintRule } from "../lint/rule.js";
import { RULE_IDS } from "../lint/rule-catalog.js";
import { projectRoots } from "../project-files/project-read-options.js";
import type { CheckProjectOptions } from "./check-project-options.js";

/** The rules a run has and how they are set. */
export interface RuleSetup {
  settings: LintSettings;
  /** Rules besides the built-ins: given in code, named with `--rules`, or allowed `plugins`. */
  customRules: LintRule[];
  /** Every id a setting, an override or a comment may name. */
  knownRules: string[];
}

/**
 * The settings of a run (the `rules` option, else the settings file and what it extends) and its custom
 * rules. Rule modules are code: one named on the command line (`ruleModules`, `--rules`) is loaded; one
 * named only by a settings file (`plugins`), which a pull request can write, is loaded only with
 * `allowCode` (`--allow-code`), and is otherwise a `load` error, never run. Held to
 * `requiredSettingsFile` when one is given (`--config-required`): its `pins` first (each plugin's code,
 * before it is imported), then what the settings set, then the extended files' sha256.
 */
export async function loadRuleSetup(options: CheckProjectOptions): Promise<RuleSetup> {
  const cwd = process.cwd();
  const named: RuleModuleRef[] = (options.ruleModules ?? []).map((spec) => ({
    spec,
    from: cwd,
    at: "--rules",
  }));
  const read = options.rules
    ? { layers: [], source: "the rules option", dir: cwd }
    : readSettingsLayers(options.settingsFile, cwd, projectRoots(options.roots));
  const plugins = read.layers.flatMap((layer) => layer.plugins);
  refuseUnallowedPlugins(plugins, named, options.allowCode ?? false);
  const required =
    options.requiredSettingsFile === undefined ? undefined : requiredPins(options.requiredSettingsFile);
  if (required) requirePluginPins(plugins, required, projectRoots(options.roots));
  const loaded = await loadCustomRules([...named, ...plugins], RULE_IDS);
  const customRules = [...(options.customRules ?? []), ...loaded.rules];
  const knownRules = [...RULE_IDS, ...customRules.map((rule) => rule.id)];
  const settings = options.rules
    ? { ...toLintSettings(read, knownRules), rules: parseRuleSettings(options.rules, knownRules) }
    : toLintSettings(read, knownRules);
  if (required) {
    requireLintSettings(settings, required.file, knownRules);
    requireExtendsPins(read.layers, required);
  }
  return { settings, customRules, knownRules };
}

/** The `pins` of the `--config-required` file: its own, not those of a file it extends. */
function requiredPins(file: string): RequiredPins {
  const pins = readSettingsLayers(file, ".").layers.at(-1)?.pins;
  return { file, pins };
}

/**
 * `--print-pins`: the `pins:` section that makes `--config-required` accept the plugins and extended
 * files of the settings in use (the `settingsFile`, else the file found), as YAML. Reads and hashes;
 * imports nothing.
 */
export function printedPins(options: Pick<CheckProjectOptions, "settingsFile" | "roots">): string {
  const project = projectRoots(options.roots);
  const read = readSettingsLayers(options.settingsFile, process.cwd(), project);
  if (read.source === undefined)
    throw new ToolDeckError(
      "usage",
      "--print-pins: no tooldeck.config.{json,yaml,yml} was found here (name one with --config)",
    );
  return formatPins(pinsInUse(read.layers, project));
}

/**
 * A rule module a settings file names runs only when the command line said so: named with `--rules`
 * too (the same file), or `--allow-code`. docs/security.md: a pull request writes tooldeck.config.yaml
 * and any `./evil.js` beside it.
 */
function refuseUnallowedPlugins(
  plugins: readonly RuleModuleRef[],
  named: readonly RuleModuleRef[],
  allowCode: boolean,
): void {
  if (allowCode || plugins.length === 0) return;
  const trusted = new Set(named.map(resolveRuleModule));
  const refused = plugins.find((plugin) => !trusted.has(resolveRuleModule(plugin)));
  if (refused)
    throw new ToolDeckError(
      "load",
      `${refused.at}: ${refused.spec} is code that a settings file names; tooldeck runs it only when the command line names it (--rules) or allows it (--allow-code)`,
    );
}
