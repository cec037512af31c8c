import { readFileSync, realpathSync } from "node:fs";
import { extname } from "node:path";
import { createTwoFilesPatch } from "diff";
import { type Document, parseDocument } from "yaml";
import { joinPath, toKeys } from "../config/json-path.js";
import { STDIN_FILE } from "../config/load-tool-configs.js";
import { addToGroup } from "../json/group-by.js";
import { isPlainObject } from "../json/json-value.js";
import type { Fixed } from "../platforms/platform.js";
import { platformOf } from "../platforms/registry.js";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import type { ConfigChange, Diagnostic, Fix } from "./diagnostic.js";
import { aliasOnPath, applyChange, isOwnFormatAt, layoutOf } from "./edit-config-document.js";
import { editJsonText, type JsonEdit, toJsonEdit } from "./edit-json-text.js";
import { spliceYamlScalars } from "./splice-yaml-scalars.js";

export interface FixOutcome {
  /** Files rewritten (or, with `dryRun`, that would be), with the fixes applied to each. */
  fixed: { file: string; fixes: string[] }[];
  /** Fixable findings left alone, and why. */
  skipped: { diagnostic: Diagnostic; reason: string }[];
  /** With `dryRun`: the unified diff of each file the fixes would rewrite. */
  diffs: { file: string; diff: string }[];
}

/** Which fixes to apply, as ESLint's `--fix`, `--fix-type` and `--fix-dry-run` choose. */
export interface ApplyFixesOptions {
  /** Apply the suggestions too: the fixes that change what a tool does (`Fix.changesTool`). */
  suggestions?: boolean;
  /** Apply only the fixes and suggestions of these rules (`--fix-rule`). */
  rules?: ReadonlySet<string>;
  /** Write nothing: say each file's diff instead. */
  dryRun?: boolean;
}

/**
 * Applies the fixes of the diagnostics to their config files, keeping each file's format: YAML spliced
 * or through yaml's document model (quoting, comments and layout kept, flow maps included), JSON edited
 * in its text. A file yaml cannot edit as the loader read it (duplicate keys) is left alone. A platform's
 * export (a Flowise flow, an n8n workflow) is edited where its platform says each change goes; a fix it
 * cannot write there (`Fix.notFixable`) is left, with the reason.
 * Each file is rewritten atomically (writeFileAtomically): a run killed mid-write leaves the old file.
 */
export function applyFixes(diagnostics: readonly Diagnostic[], options: ApplyFixesOptions = {}): FixOutcome {
  const outcome: FixOutcome = { fixed: [], skipped: [], diffs: [] };
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics.filter((d) => d.fix)) {
    const why = whyNotChosen(diagnostic, options);
    if (why) {
      outcome.skipped.push({ diagnostic, reason: why });
      continue;
    }
    addToGroup(byFile, diagnostic.file, diagnostic);
  }
  for (const [file, fixable] of byFile) {
    const applied = applyToFile(file, fixable, outcome, options.dryRun === true);
    if (applied.length > 0) outcome.fixed.push({ file, fixes: applied });
  }
  return outcome;
}

/** Why a fixable finding is not applied under these options: not a chosen rule, or a suggestion. */
function whyNotChosen(diagnostic: Diagnostic, options: ApplyFixesOptions): string | undefined {
  if (diagnostic.fix?.notFixable !== undefined) return diagnostic.fix.notFixable;
  if (options.rules && options.rules.size > 0) {
    return options.rules.has(diagnostic.code)
      ? undefined
      : `only the fixes of ${[...options.rules].join(", ")} are applied`;
  }
  const changesTool = diagnostic.fix?.changesTool;
  if (changesTool === undefined || options.suggestions) return undefined;
  return `a suggestion, not a fix: ${changesTool} (apply it with --fix-suggestions or --fix-rule ${diagnostic.code})`;
}

function applyToFile(file: string, fixable: Diagnostic[], outcome: FixOutcome, dryRun: boolean): string[] {
  if (file === STDIN_FILE) {
    for (const diagnostic of fixable) outcome.skipped.push({ diagnostic, reason: "it was read from stdin" });
    return [];
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    for (const diagnostic of fixable) outcome.skipped.push({ diagnostic, reason: "the file cannot be read" });
    return [];
  }
  if (fixable.some((diagnostic) => diagnostic.fix?.format !== undefined))
    return applyToExport(file, text, fixable, outcome, dryRun);
  const document = parseDocument(text);
  // The loader read the file another way (JSON.parse keeps the last of two equal keys, yaml refuses
  // them): an edit could land where the loader never looks, and the fix would be offered forever.
  const [problem] = document.errors;
  if (problem) {
    const reason = `the file cannot be edited: ${problem.message.split("\n")[0]?.replace(/:$/, "")}`;
    for (const diagnostic of fixable) outcome.skipped.push({ diagnostic, reason });
    return [];
  }
  const applied: string[] = [];
  const changed: ConfigChange[] = [];
  for (const diagnostic of fixable) {
    // A fix without a platform's format applies to a config in tooldeck's format (it has `kind`).
    if (!isOwnFormatAt(document, toKeys(diagnostic.fix?.configPath ?? ""))) {
      outcome.skipped.push({
        diagnostic,
        reason: "not in tooldeck's format (no kind where the config was read)",
      });
      continue;
    }
    const changes = diagnostic.fix?.changes ?? [];
    const alias = changes.map((change) => aliasOnPath(document, change)).find(Boolean);
    if (alias) {
      outcome.skipped.push({
        diagnostic,
        reason: `it would edit through the YAML alias ${alias}: fix its anchor`,
      });
      continue;
    }
    for (const change of changes) applyChange(document, change);
    changed.push(...changes);
    applied.push(`${diagnostic.tool}: ${diagnostic.fix?.description}`);
  }
  if (applied.length === 0) return applied;
  const json = extname(file).toLowerCase() === ".json";
  const edited = json ? jsonText(text, document, changed) : yamlText(text, document, changed);
  write(file, text, edited, outcome, dryRun);
  return applied;
}

/** The edited text written over the file, or with `dryRun` its diff said. */
function write(file: string, text: string, edited: string, outcome: FixOutcome, dryRun: boolean): void {
  if (dryRun) {
    outcome.diffs.push({ file, diff: createTwoFilesPatch(file, file, text, edited, "", "", { context: 2 }) });
  } else {
    // The file the config was read from: a symlinked config is edited where it lies, the link kept.
    writeFileAtomically(realpathSync(file), edited);
  }
}

/**
 * The fixes of a platform's export (a Flowise flow, an n8n workflow): the platform says where each
 * change goes in the export (`ExportFixer`), and the JSON is edited in its text, so the file keeps its
 * indentation, key order and everything the fixes do not touch.
 */
function applyToExport(
  file: string,
  text: string,
  fixable: Diagnostic[],
  outcome: FixOutcome,
  dryRun: boolean,
): string[] {
  const skip = (diagnostic: Diagnostic, reason: string) => outcome.skipped.push({ diagnostic, reason });
  const root = parseJson(text);
  if (!root.ok && /\.ya?ml$/i.test(file)) return applyToYamlExport(file, text, fixable, outcome, dryRun);
  const applied: string[] = [];
  let edited = text;
  for (const diagnostic of fixable) {
    const edits = exportEdits(root, diagnostic.fix);
    const next = edits.ok ? editJsonText(edited, edits.value) : edits;
    if (!next.ok) {
      skip(diagnostic, next.reason);
      continue;
    }
    edited = next.text;
    applied.push(`${diagnostic.tool}: ${diagnostic.fix?.description}`);
  }
  if (applied.length > 0) write(file, text, edited, outcome, dryRun);
  return applied;
}

/**
 * The fixes of a platform's YAML export (a Dify app's DSL): the platform's edits made through yaml's
 * document model and written as tooldeck YAML is (`yamlText`: each scalar spliced in place, its quoting
 * and the comments and layout around it kept).
 */
function applyToYamlExport(
  file: string,
  text: string,
  fixable: Diagnostic[],
  outcome: FixOutcome,
  dryRun: boolean,
): string[] {
  const document = parseDocument(text);
  const [problem] = document.errors;
  const root: Parsed = problem ? { ok: false } : { ok: true, value: document.toJS() };
  const applied: string[] = [];
  const changed: ConfigChange[] = [];
  for (const diagnostic of fixable) {
    const edits = exportEdits(root, diagnostic.fix);
    if (!edits.ok) {
      outcome.skipped.push({ diagnostic, reason: edits.reason });
      continue;
    }
    const changes = edits.value.map(toConfigChange);
    for (const change of changes) applyChange(document, change);
    changed.push(...changes);
    applied.push(`${diagnostic.tool}: ${diagnostic.fix?.description}`);
  }
  if (applied.length > 0) write(file, text, yamlText(text, document, changed), outcome, dryRun);
  return applied;
}

/** An edit of an export as the change of a YAML document at the same keys. */
function toConfigChange(edit: JsonEdit): ConfigChange {
  const path = joinPath("", ...edit.path);
  if (edit.renameTo !== undefined) return { path, renameTo: edit.renameTo };
  return edit.value === undefined ? { path } : { path, value: edit.value };
}

/** A fix of an export as edits of its file: the platform's edits at the config's place. */
function exportEdits(root: Parsed, fix: Fix | undefined): Fixed<JsonEdit[]> {
  const platform = platformOf(fix?.format);
  if (!fix || !platform) return { ok: false, reason: "not in tooldeck's format" };
  if (!platform.exportFixes)
    return { ok: false, reason: `${platform.label} exports are not edited by --fix` };
  if (!root.ok)
    return { ok: false, reason: `the ${platform.label} export is not JSON or YAML --fix can edit` };
  const at = toKeys(fix.configPath ?? "");
  const changes = fix.changes.map((change) => ({ ...change, path: relativePath(change.path, at.length) }));
  const edits = platform.exportFixes.toEdits(valueAt(root.value, at), changes);
  if (!edits.ok) return edits;
  return { ok: true, value: edits.value.map((edit) => ({ ...edit, path: [...at, ...edit.path] })) };
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The value at `keys`, read through JSON strings as the loader reads a chatflow's `flowData`. */
function valueAt(root: unknown, keys: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of keys) {
    if (typeof value === "string") value = parseJson(value).ok ? JSON.parse(value) : undefined;
    value =
      isPlainObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** A change's path without the config's place: `nodes[1].data.inputs.url` → `url`. */
function relativePath(path: string, depth: number): string {
  return joinPath("", ...toKeys(path).slice(depth));
}

/**
 * The YAML file with the changes: spliced into its text where each is a scalar written over a scalar
 * (byte for byte elsewhere), else the edited document printed in the file's layout (comments kept).
 */
function yamlText(text: string, edited: Document, changes: readonly ConfigChange[]): string {
  const source = parseDocument(text, { keepSourceTokens: true });
  return spliceYamlScalars(text, source, changes, edited.toJS()) ?? edited.toString(layoutOf(edited, text));
}

/** The JSON file with the changes made in its text (its layout kept), else re-printed with two-space indents. */
function jsonText(text: string, edited: Document, changes: readonly ConfigChange[]): string {
  const inPlace = editJsonText(text, changes.map(toJsonEdit));
  return inPlace.ok ? inPlace.text : `${JSON.stringify(edited.toJS(), null, 2)}\n`;
}
