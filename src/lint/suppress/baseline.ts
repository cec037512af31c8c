import { z } from "zod";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { parseBounded } from "../../project-files/parse-bounded.js";
import { compareText } from "../../text/text-order.js";
import { compareDiagnostics, type Diagnostic } from "../diagnostic.js";
import type { CheckReport } from "../report.js";
import { reportPath } from "./report-path.js";
import type { SuppressedDiagnostic } from "./suppression.js";

const BaselineEntrySchema = z
  .object({ rule: z.string(), file: z.string(), tool: z.string(), path: z.string() })
  .strict();
export type BaselineEntry = z.infer<typeof BaselineEntrySchema>;

const BaselineSchema = z.object({ version: z.literal(1), findings: z.array(BaselineEntrySchema) }).strict();

/** Where a baseline lies: its name as given, its folder (entries' files are relative to it), and the report's. */
export interface BaselineLocation {
  file: string;
  dir: string;
  cwd: string;
}

/**
 * What identifies a finding across runs: its rule, file, tool and JSON path, with array indexes left
 * out (`[2].url` → `[*].url`), so that neither a moved line nor a tool added above it makes an accepted
 * finding new again; the tool's name tells the configs of a file apart.
 */
function fingerprint(entry: BaselineEntry): string {
  return [entry.rule, entry.file, entry.tool, entry.path.replace(/\[\d+\]/g, "[*]")].join("\u0000");
}

function toEntry(diagnostic: Diagnostic, at: BaselineLocation): BaselineEntry {
  return {
    rule: diagnostic.code,
    file: reportPath(diagnostic.file, at.dir, at.cwd),
    tool: diagnostic.tool,
    path: diagnostic.path,
  };
}

/** A baseline file's entries; a file that is not one is a one-line `load` error naming it. */
export function parseBaseline(text: string, file: string): BaselineEntry[] {
  let data: unknown;
  try {
    data = parseBounded(text, "json");
  } catch (cause) {
    throw new ToolDeckError("load", `${file}: ${(cause as Error).message}`);
  }
  const parsed = BaselineSchema.safeParse(data);
  if (!parsed.success)
    throw new ToolDeckError("load", `${file}: ${formatZodIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`);
  return parsed.data.findings;
}

/**
 * The baseline of a report (`--update-baseline`): every finding it reports, one entry each, in a stable
 * order. A config that cannot be loaded is never accepted: it stops the run whatever a baseline says.
 */
export function baselineOf(report: CheckReport, at: BaselineLocation): BaselineEntry[] {
  return report.diagnostics
    .filter((diagnostic) => diagnostic.code !== "config-invalid")
    .map((diagnostic) => toEntry(diagnostic, at))
    .sort(
      (a, b) =>
        compareText(a.file, b.file) ||
        compareText(a.rule, b.rule) ||
        compareText(a.tool, b.tool) ||
        compareText(a.path, b.path),
    );
}

/** A baseline file's text. */
export function formatBaseline(findings: readonly BaselineEntry[]): string {
  return `${JSON.stringify({ version: 1, findings }, null, 2)}\n`;
}

/**
 * `--baseline FILE`: the report's findings that the baseline holds move to `suppressed`, each entry
 * accepting one finding; the rest still count. The report says how many were hidden and how many
 * entries matched nothing (`stale`).
 */
export function applyBaseline(
  report: CheckReport,
  entries: readonly BaselineEntry[],
  at: BaselineLocation,
): CheckReport {
  const left = new Map<string, number>();
  for (const entry of entries) left.set(fingerprint(entry), (left.get(fingerprint(entry)) ?? 0) + 1);
  const kept: Diagnostic[] = [];
  const hidden: SuppressedDiagnostic[] = [];
  for (const diagnostic of report.diagnostics) {
    const key = fingerprint(toEntry(diagnostic, at));
    const count = diagnostic.code === "config-invalid" ? 0 : (left.get(key) ?? 0);
    if (count === 0) kept.push(diagnostic);
    else {
      left.set(key, count - 1);
      hidden.push({ ...diagnostic, suppression: { kind: "baseline", by: at.file } });
    }
  }
  const suppressed = [...(report.suppressed ?? []), ...hidden].sort(compareDiagnostics);
  const stale = [...left.values()].reduce((sum, count) => sum + count, 0);
  return {
    ...report,
    diagnostics: kept,
    ...(suppressed.length > 0 ? { suppressed } : {}),
    baseline: { file: at.file, hidden: hidden.length, stale },
  };
}
