import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { z } from "zod";
import type { LinkedToolFile } from "../config/linked-tool-file.js";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { namedFileRoots } from "../project-files/named-path.js";
import { projectRoot } from "../project-files/project-root.js";
import type { WireChoice } from "../providers/wire-choice.js";
import type { ProviderId } from "../providers/wire-tool.js";
import { nearestName } from "../text/nearest-name.js";
import type { RuleSetting } from "./apply-severities.js";
import type { RuleModuleRef } from "./custom-rules/load-custom-rules.js";
import { mergeSettingsLayers } from "./settings/merge-settings-layers.js";
import { readSettingsChain } from "./settings/read-settings-chain.js";
import type { ApiEntry, SettingsLayer } from "./settings/settings-layer.js";
import type { SettingsOverride } from "./settings/settings-override.js";
import { RulesSchema } from "./settings/settings-schema.js";

export const SETTINGS_FILES = ["tooldeck.config.json", "tooldeck.config.yaml", "tooldeck.config.yml"];

/** Per-rule severities, the overrides for some files, and the file that set them. */
export interface LintSettings {
  rules: Record<string, RuleSetting>;
  /** The preset or file `extends` brought each rule's setting from, where it is not `source` itself. */
  ruleOrigins: Record<string, string>;
  /** `overrides`, in the order written (the last that sets a finding's rule decides). */
  overrides: SettingsOverride[];
  /** Rule modules the files name (`plugins`): code, loaded only when the command line allows it. */
  plugins: RuleModuleRef[];
  /** The project's APIs the files name (`apis`), by name. */
  apis: Map<string, ApiEntry>;
  /** The Custom Tool files the files link to ids (`flowise.tools`), by id. */
  flowiseTools: Map<string, LinkedToolFile>;
  /** The documents the files name for Dify's custom tool providers (`dify.providers`), by provider name. */
  difyProviders: Map<string, LinkedToolFile>;
  /** The model providers the files name (`providers`): what provider-rejects judges against. */
  providers?: ProviderId[];
  /** What form of each agent's tools provider-rejects judges (`wire`): `default` or `captured`. */
  wire?: WireChoice;
  /** `contextBudget`, in tokens, and the file that set it. */
  contextBudget?: { tokens: number; source: string };
  /** The file read, as given (`--config`) or as found (`tooldeck.config.yaml`); undefined when there was none. */
  source: string | undefined;
  /** The folder of that file, which override globs are relative to; the working directory when there was none. */
  dir: string;
}

/**
 * Per-rule severities from `tooldeck.config.{json,yaml}` (`rules: { id: off|info|warning|error }`,
 * `overrides`, and the presets and files it `extends`): the file given, else the first of those names in
 * `dir`, else none. Unknown rule ids are an error, so a typo does not silently keep a rule on. The file
 * is read inside `project` (default the repository of `dir`) and its own folder: one that is a symlink
 * out of the project (a pull request's `tooldeck.config.yaml` → `~/.kube/config`) is refused before it
 * is read, so no error quotes it.
 */
export function loadLintSettings(
  file: string | undefined,
  dir: string,
  knownRules: readonly string[],
  project: readonly string[] = [projectRoot(dir)],
): Record<string, RuleSetting> {
  return readLintSettings(file, dir, knownRules, project).rules;
}

/** `loadLintSettings`, saying which file the severities came from (reports name it), with the overrides. */
export function readLintSettings(
  file: string | undefined,
  dir: string,
  knownRules: readonly string[],
  project: readonly string[] = [projectRoot(dir)],
): LintSettings {
  return toLintSettings(readSettingsLayers(file, dir, project), knownRules);
}

/** A settings file and what it extends, read but not yet checked against the rules there are. */
export interface SettingsRead {
  layers: SettingsLayer[];
  source: string | undefined;
  dir: string;
}

/**
 * The first half of `readLintSettings`: the layers, before their rule names are checked, so that the
 * rule modules they name can be loaded first (their rules may be named too).
 */
export function readSettingsLayers(
  file: string | undefined,
  dir: string,
  project: readonly string[] = [projectRoot(dir)],
): SettingsRead {
  const name = file ?? SETTINGS_FILES.find((candidate) => existsSync(join(dir, candidate)));
  if (name === undefined) return { layers: [], source: undefined, dir: resolve(dir) };
  const path = file ?? join(dir, name);
  const roots = namedFileRoots(name, project, file === undefined ? dir : process.cwd());
  return { layers: readSettingsChain(path, name, roots), source: name, dir: dirname(resolve(path)) };
}

/** The second half: every rule name checked against `knownRules`, the layers merged. */
export function toLintSettings(read: SettingsRead, knownRules: readonly string[]): LintSettings {
  checkRuleNames(read.layers, knownRules);
  return { ...mergeSettingsLayers(read.layers, read.source ?? ""), source: read.source, dir: read.dir };
}

/** Every rule a layer names must exist: `<file>: overrides[0].rules.prob: no such rule, did you mean probe?`. */
function checkRuleNames(layers: readonly SettingsLayer[], knownRules: readonly string[]): void {
  for (const layer of layers) {
    const unknown =
      unknownRule(layer.rules, knownRules) ??
      layer.overrides
        .map((override, index) => unknownRule(override.rules, knownRules, `overrides[${index}].rules`))
        .find(Boolean);
    if (unknown) throw new ToolDeckError("load", `${layer.name}: ${unknown}`);
  }
}

/**
 * Per-rule severities given in code (`checkProject`'s `rules`), held to what a settings file may say:
 * an unknown rule id or severity is a usage error, so a typo does not silently keep a rule on.
 */
export function parseRuleSettings(
  rules: unknown,
  knownRules: readonly string[],
): Record<string, RuleSetting> {
  const parsed = RulesSchema.safeParse(rules);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ToolDeckError("usage", formatZodIssue({ ...issue, path: ["rules", ...issue.path] }));
  }
  const unknown = unknownRule(parsed.data, knownRules);
  if (unknown) throw new ToolDeckError("usage", unknown);
  return parsed.data;
}

/** `rules.<id>: no such rule, did you mean …? (rules: …)` for the first id that names no rule. */
function unknownRule(
  rules: Record<string, RuleSetting>,
  knownRules: readonly string[],
  at = "rules",
): string | undefined {
  const unknown = Object.keys(rules).find((id) => !knownRules.includes(id));
  if (unknown === undefined) return undefined;
  const nearest = nearestName(unknown, knownRules);
  const hint = nearest ? `, did you mean ${nearest}?` : "";
  return `${at}.${unknown}: no such rule${hint} (rules: ${knownRules.join(", ")})`;
}
