import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { namedFileRoots } from "../project-files/named-path.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { projectRoot } from "../project-files/project-root.js";
import { readProjectFile } from "../project-files/read-project-file.js";
import type { RuleSetting } from "./apply-severities.js";

const RulesSchema = z.record(z.string(), z.enum(["off", "info", "warning", "error"]));
const SettingsSchema = z.object({ rules: RulesSchema.default({}) }).strict();

export const SETTINGS_FILES = ["tooldeck.config.json", "tooldeck.config.yaml", "tooldeck.config.yml"];

/** Per-rule severities, and the file that set them. */
export interface LintSettings {
  rules: Record<string, RuleSetting>;
  /** The file read, as given (`--config`) or as found (`tooldeck.config.yaml`); undefined when there was none. */
  source: string | undefined;
}

/**
 * Per-rule severities from `tooldeck.config.{json,yaml}` (`rules: { id: off|info|warning|error }`): the
 * file given, else the first of those names in `dir`, else none. Unknown rule ids are an error, so a
 * typo does not silently keep a rule on. The file is read inside `project` (default the repository
 * of `dir`) and its own folder: one that is a symlink out of the project (a pull request's
 * `tooldeck.config.yaml` → `~/.kube/config`) is refused before it is read, so no error quotes it.
 */
export function loadLintSettings(
  file: string | undefined,
  dir: string,
  knownRules: readonly string[],
  project: readonly string[] = [projectRoot(dir)],
): Record<string, RuleSetting> {
  return readLintSettings(file, dir, knownRules, project).rules;
}

/** `loadLintSettings`, saying which file the severities came from (reports name it). */
export function readLintSettings(
  file: string | undefined,
  dir: string,
  knownRules: readonly string[],
  project: readonly string[] = [projectRoot(dir)],
): LintSettings {
  const name = file ?? SETTINGS_FILES.find((candidate) => existsSync(join(dir, candidate)));
  if (name === undefined) return { rules: {}, source: undefined };
  const path = file ?? join(dir, name);
  const roots = namedFileRoots(name, project, file === undefined ? dir : process.cwd());
  return { rules: parseSettingsFile(path, roots, knownRules), source: name };
}

function parseSettingsFile(
  path: string,
  roots: readonly string[],
  knownRules: readonly string[],
): Record<string, RuleSetting> {
  let data: unknown;
  try {
    data = parseBounded(readProjectFile(path, { roots }), "yaml");
  } catch (cause) {
    throw new ToolDeckError("load", `${path}: ${(cause as Error).message.split("\n")[0]}`);
  }
  const parsed = SettingsSchema.safeParse(data ?? {});
  if (!parsed.success)
    throw new ToolDeckError("load", `${path}: ${formatZodIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`);
  const unknown = unknownRule(parsed.data.rules, knownRules);
  if (unknown) throw new ToolDeckError("load", `${path}: ${unknown}`);
  return parsed.data.rules;
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

/** `rules.<id>: no such rule (rules: …)` for the first id that names no rule. */
function unknownRule(rules: Record<string, RuleSetting>, knownRules: readonly string[]): string | undefined {
  const unknown = Object.keys(rules).find((id) => !knownRules.includes(id));
  return unknown && `rules.${unknown}: no such rule (rules: ${knownRules.join(", ")})`;
}
