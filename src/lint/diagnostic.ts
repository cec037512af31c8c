import { z } from "zod";
import type { PlatformName } from "../platforms/platform-names.js";
import { compareText } from "../text/text-order.js";
import type { ProbeSymptom } from "./probe/probe-symptom.js";

export const SeveritySchema = z.enum(["error", "warning", "info"]);
/** How much a finding matters: `error` fails a check by default, `warning` and `info` inform. */
export type Severity = z.infer<typeof SeveritySchema>;

/**
 * A change to a config, at a JSON path inside it: `value` undefined removes the key; `renameTo` renames
 * it instead, its value and place kept.
 */
export interface ConfigChange {
  path: string;
  value?: unknown;
  renameTo?: string;
}

/**
 * A mechanical fix: what it does, and the changes to apply to the config. Safe (applied by `--fix`) unless
 * `changesTool` says how it would change what the tool does: then it is a suggestion, applied only with
 * `--fix-suggestions` or `--fix-rule`.
 */
export interface Fix {
  description: string;
  changes: ConfigChange[];
  /** Set by the lint runner when applying it changes the tool's method family, resource or arguments. */
  changesTool?: string;
  /** Where the config itself is in its file (`[2]`); set by the lint runner, which makes change paths file-relative. */
  configPath?: string;
  /**
   * The platform whose export holds the config (`flowise`, `n8n`), when it is not tooldeck's format: the
   * changes are the config's, and `--fix` asks the platform where each goes in the export.
   */
  format?: PlatformName;
  /**
   * Why `--fix` cannot write this fix in its file's format (`the method is the node in Flowise…`): the
   * report says it on the fix line, and `--fix` leaves it.
   */
  notFixable?: string;
}

/** One finding about one tool. Findings are data: rules and probes return them, they never throw. */
export interface Diagnostic {
  /** The rule or probe id, e.g. `operation-not-found`. */
  code: string;
  severity: Severity;
  /** The tool's name as its model is given it (an n8n node `Update Event`: `Update_Event`). */
  tool: string;
  /** The title of the tool's node in its platform, where it differs from `tool` (`Update Event`). */
  node?: string;
  /** The file the tool came from (`tools/update_event.yaml`, `flowise:<chatflow name>`). */
  file: string;
  /** JSON path inside the file, e.g. `[2].url` or `nodes[3].data.inputs.requestsPutUrl`. */
  path: string;
  message: string;
  /** What to change, in words. */
  suggestion?: string;
  fix?: Fix;
  /** A probe's: what its failure shows about the request (it missed its operation, it was rejected). */
  symptom?: ProbeSymptom;
  /**
   * Findings of the same cause, folded into this one instead of repeated: the probe failures it explains
   * (a 404 behind `operation-not-found`, a 400 and a body off its schema behind `undisclosed-format`).
   */
  related?: RelatedFinding[];
  /**
   * The cause it shares with other tools' findings of its rule, as the rule says it: `id` is the rule's id
   * and the cause's key (`flowise-private-host:127.0.0.1`), the same in every finding of that cause.
   */
  cause?: { id: string; summary: string };
  /**
   * On a finding that stands for one cause across tools (`foldSharedCauses`): each tool's finding, as its
   * rule reported it. json, sarif and junit report each of them; the other formats this one.
   */
  perTool?: Diagnostic[];
}

/** A finding folded into another of the same tool: its check, severity, place and message. */
export type RelatedFinding = Pick<Diagnostic, "code" | "severity" | "path" | "message">;

/** How reports name a finding's tool: `update_event`, or `Update_Event (node "Update Event")`. */
export function toolLabel(diagnostic: Pick<Diagnostic, "tool" | "node">): string {
  return diagnostic.node ? `${diagnostic.tool} (node "${diagnostic.node}")` : diagnostic.tool;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 2, warning: 1, info: 0 };

/** Whether a severity is at or above a threshold (`error` ≥ `warning` ≥ `info`). */
export function reaches(severity: Severity, threshold: Severity): boolean {
  return SEVERITY_RANK[severity] >= SEVERITY_RANK[threshold];
}

/**
 * By file, then errors first, rules before probes, then by tool and path: the order every formatter
 * prints. Text is in English collation order (see `compareText`).
 */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareText(a.file, b.file) ||
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    Number(a.code === "probe") - Number(b.code === "probe") ||
    compareText(a.tool, b.tool) ||
    compareText(a.path, b.path)
  );
}
