import { isAbsolute, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve as resolveModule } from "import-meta-resolve";
import type { z } from "zod";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import type { LintRule } from "../rule.js";
import { CustomFindingsSchema, CustomRuleSchema, RuleModuleSchema } from "./custom-rule-schema.js";

/** A rule module to load: as written, the folder it is resolved from, and who named it. */
export interface RuleModuleRef {
  /** A path (`./my-rules.js`) or an npm package (`@acme/tooldeck-rules`). */
  spec: string;
  /** The folder it is resolved from: the working directory (`--rules`), or the settings file's. */
  from: string;
  /** Where it is named, for errors: `--rules` or `tooldeck.config.yaml: plugins[0]`. */
  at: string;
}

/** Rules loaded from a module, with where they came from. */
export interface LoadedRules {
  rules: LintRule[];
  /** The module files, resolved. */
  files: string[];
}

/** The file a path or package name leads to from `from`, as Node's ESM resolution finds it. */
export function resolveRuleModule(ref: RuleModuleRef): string {
  if (ref.spec.startsWith(".") || isAbsolute(ref.spec)) return resolve(ref.from, ref.spec);
  try {
    return fileURLToPath(resolveModule(ref.spec, pathToFileURL(`${ref.from}${sep}`).href));
  } catch {
    throw new ToolDeckError("load", `${ref.at}: cannot find the package ${ref.spec} (is it installed?)`);
  }
}

/**
 * Imports rule modules (code: only those the caller decided may run) and checks what they export: the
 * `LintRule` shape, ids unique and none a built-in's. Each rule's `appliesTo` and `check` are wrapped
 * so that a rule that throws or returns something else than findings stops the run with a one-line
 * `load` error naming it, instead of a stack trace.
 * @example
 * const { rules } = await loadCustomRules([{ spec: "./my-rules.js", from: process.cwd(), at: "--rules" }], RULE_IDS);
 */
export async function loadCustomRules(
  refs: readonly RuleModuleRef[],
  builtInIds: readonly string[],
): Promise<LoadedRules> {
  const loaded: LoadedRules = { rules: [], files: [] };
  for (const ref of refs) {
    const file = resolveRuleModule(ref);
    if (loaded.files.includes(file)) continue;
    loaded.files.push(file);
    for (const rule of await importRules(file, ref)) {
      if (builtInIds.includes(rule.id) || loaded.rules.some((other) => other.id === rule.id))
        throw new ToolDeckError("load", `${ref.at}: ${ref.spec}: rule ${rule.id} is already defined`);
      loaded.rules.push(rule);
    }
  }
  return loaded;
}

async function importRules(file: string, ref: RuleModuleRef): Promise<LintRule[]> {
  let module: unknown;
  try {
    module = await import(pathToFileURL(file).href);
  } catch (cause) {
    throw new ToolDeckError("load", `${ref.at}: ${ref.spec}: ${firstLine(cause)}`, { cause });
  }
  const exported = RuleModuleSchema.safeParse(module);
  if (!exported.success)
    throw new ToolDeckError(
      "load",
      `${ref.at}: ${ref.spec} exports no rules (export const rules = [...], or a default export of them)`,
    );
  const list = "rules" in exported.data ? exported.data.rules : rulesOf(exported.data.default);
  return list.map((candidate, index) => {
    const parsed = CustomRuleSchema.safeParse(candidate);
    if (!parsed.success)
      throw new ToolDeckError(
        "load",
        `${ref.at}: ${ref.spec}: rules[${index}].${formatZodIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`,
      );
    return guarded(candidate as LintRule, ref.spec);
  });
}

function rulesOf(exported: { rules: unknown[] } | unknown[]): unknown[] {
  return Array.isArray(exported) ? exported : exported.rules;
}

/** The rule, its failures turned into one-line errors that name it. */
function guarded(rule: LintRule, spec: string): LintRule {
  const fail = (file: string, what: string) =>
    new ToolDeckError("load", `rule ${rule.id} (${spec}) on ${file}: ${what}`);
  return {
    ...rule,
    appliesTo: (config): config is never => {
      try {
        return rule.appliesTo(config) === true;
      } catch (cause) {
        throw fail(config.name ?? "a config", `appliesTo threw ${firstLine(cause)}`);
      }
    },
    check(tool, context) {
      let findings: unknown;
      try {
        findings = rule.check(tool, context);
      } catch (cause) {
        throw fail(tool.source.file, `check threw ${firstLine(cause)}`);
      }
      const parsed = CustomFindingsSchema.safeParse(findings);
      if (!parsed.success)
        throw fail(tool.source.file, "check returned something other than a list of findings");
      return findings as ReturnType<LintRule["check"]>;
    },
  };
}

function firstLine(cause: unknown): string {
  return String((cause as Error)?.message ?? cause).split("\n")[0] ?? "";
}
