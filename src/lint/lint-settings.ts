import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { z } from "zod";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../format-zod-issue.js";
import { nearestName } from "../nearest-name.js";
import { namedFileRoots } from "../project-files/named-path.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { projectRoot } from "../project-files/project-root.js";
import { readProjectFile } from "../project-files/read-project-file.js";
import type { RuleSetting } from "./apply-severities.js";
import type { SettingsOverride } from "./settings/settings-override.js";
import { RulesSchema, type SettingsFile, SettingsFileSchema } from "./settings/settings-schema.js";

export const SETTINGS_FILES = ["tooldeck.config.json", "tooldeck.config.yaml", "tooldeck.config.yml"];

/** Per-rule severities, the overrides for some files, and the file that set them. */
export interface LintSettings {
  rules: Record<string, RuleSetting>;
  /** `overrides`, in the order written (the last that sets a finding's rule decides). */
  overrides: SettingsOverride[];
  /** The file read, as given (`--config`) or as found (`tooldeck.config.yaml`); undefined when there was none. */
  source: string | undefined;
  /** The folder of that file, which override globs are relative to; the working directory when there was none. */
  dir: string;
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
  if (name === undefined) return { rules: {}, overrides: [], source: undefined, dir: resolve(dir) };
  const path = file ?? join(dir, name);
  const roots = namedFileRoots(name, project, file === undefined ? dir : process.cwd());
  const settings = parseSettingsFile(path, name, roots, knownRules);
  return {
    rules: settings.rules,
    overrides: settings.overrides.map((override, index) =>
      toOverride(override, `${name} overrides[${index}]`),
    ),
    source: name,
    dir: dirname(resolve(path)),
  };
}

function toOverride(written: SettingsFile["overrides"][number], origin: string): SettingsOverride {
  const list = (names: string | string[]) => (typeof names === "string" ? [names] : names);
  return {
    files: list(written.files),
    ...(written.tools === undefined ? {} : { tools: list(written.tools) }),
    rules: written.rules,
    ...(written.reason === undefined ? {} : { reason: written.reason }),
    origin,
  };
}

function parseSettingsFile(
  path: string,
  name: string,
  roots: readonly string[],
  knownRules: readonly string[],
): SettingsFile {
  let data: unknown;
  try {
    data = parseBounded(readProjectFile(path, { roots }), "yaml");
  } catch (cause) {
    throw new ToolDeckError("load", `${name}: ${(cause as Error).message.split("\n")[0]}`);
  }
  const parsed = SettingsFileSchema.safeParse(data ?? {});
  if (!parsed.success)
    throw new ToolDeckError("load", `${name}: ${formatZodIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`);
  const unknown =
    unknownRule(parsed.data.rules, knownRules) ??
    parsed.data.overrides
      .map((override, index) => unknownRule(override.rules, knownRules, `overrides[${index}].rules`))
      .find(Boolean);
  if (unknown) throw new ToolDeckError("load", `${name}: ${unknown}`);
  return parsed.data;
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
