import { readFileSync, realpathSync } from "node:fs";
import { extname } from "node:path";
import { parseDocument } from "yaml";
import { STDIN_FILE } from "../config/load-tool-configs.js";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import type { Diagnostic } from "./diagnostic.js";

export interface FixOutcome {
  /** Files rewritten, with the fixes applied to each. */
  fixed: { file: string; fixes: string[] }[];
  /** Fixable findings left alone, and why. */
  skipped: { diagnostic: Diagnostic; reason: string }[];
}

/**
 * Applies the fixes of the diagnostics to their config files, keeping each file's format: YAML through
 * yaml's document model (comments and layout kept), JSON re-printed with two-space indents. Only files in
 * tooldeck's own format are edited: a Flowise export's keys are not the config's, so its fixes are skipped.
 * Each file is rewritten atomically (writeFileAtomically): a run killed mid-write leaves the old file.
 */
export function applyFixes(diagnostics: readonly Diagnostic[]): FixOutcome {
  const outcome: FixOutcome = { fixed: [], skipped: [] };
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics.filter((d) => d.fix)) {
    byFile.set(diagnostic.file, [...(byFile.get(diagnostic.file) ?? []), diagnostic]);
  }
  for (const [file, fixable] of byFile) {
    const applied = applyToFile(file, fixable, outcome);
    if (applied.length > 0) outcome.fixed.push({ file, fixes: applied });
  }
  return outcome;
}

function applyToFile(file: string, fixable: Diagnostic[], outcome: FixOutcome): string[] {
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
  const document = parseDocument(text);
  const applied: string[] = [];
  for (const diagnostic of fixable) {
    const reason = whyNot(document.toJS(), diagnostic);
    if (reason) {
      outcome.skipped.push({ diagnostic, reason });
      continue;
    }
    for (const change of diagnostic.fix?.changes ?? []) {
      const keys = toKeys(change.path);
      if (change.value === undefined) document.deleteIn(keys);
      else document.setIn(keys, document.createNode(change.value));
    }
    applied.push(`${diagnostic.tool}: ${diagnostic.fix?.description}`);
  }
  if (applied.length > 0) {
    const json = extname(file).toLowerCase() === ".json";
    // The file the config was read from: a symlinked config is edited where it lies, the link kept.
    writeFileAtomically(
      realpathSync(file),
      json ? `${JSON.stringify(document.toJS(), null, 2)}\n` : document.toString(),
    );
  }
  return applied;
}

/** A fix applies to a config in tooldeck's format (it has `kind`); anything else is a Flowise export. */
function whyNot(root: unknown, diagnostic: Diagnostic): string | undefined {
  let config = root;
  for (const key of toKeys(diagnostic.fix?.configPath ?? "")) {
    config = (config as Record<string | number, unknown> | undefined)?.[key];
  }
  const isOwnFormat = typeof config === "object" && config !== null && "kind" in config;
  return isOwnFormat ? undefined : "not in tooldeck's format (Flowise exports are not edited)";
}

/** `[2].queryParamsSchema.id` → [2, "queryParamsSchema", "id"] */
export function toKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    keys.push(match[1] !== undefined ? Number(match[1]) : (match[2] as string));
  }
  return keys;
}
