import type { CheckReport } from "../report.js";
import type { SuppressedDiagnostic } from "./suppression.js";

/**
 * The lines under a summary that say what accepted the findings it does not count, and what the
 * baseline no longer matches: `suppressed: 2 by comments in tools/x.yaml, 1 by tooldeck.config.yaml
 * overrides[0], 3 by the baseline tooldeck.baseline.json`. Empty when nothing was suppressed.
 */
export function describeSuppressions(report: CheckReport): string[] {
  const counts = new Map<string, { count: number; kind: SuppressedDiagnostic["suppression"]["kind"] }>();
  for (const suppressed of report.suppressed ?? []) {
    const by = suppressed.suppression.kind === "inline" ? suppressed.file : suppressed.suppression.by;
    const key = `${suppressed.suppression.kind}\u0000${by}`;
    counts.set(key, { count: (counts.get(key)?.count ?? 0) + 1, kind: suppressed.suppression.kind });
  }
  const parts = [...counts].map(([key, { count, kind }]) => {
    const by = key.slice(key.indexOf("\u0000") + 1);
    if (kind === "inline") return `${count} by ${count === 1 ? "a comment" : "comments"} in ${by}`;
    return `${count} by ${kind === "baseline" ? "the baseline " : ""}${by}`;
  });
  const lines = parts.length === 0 ? [] : [`suppressed: ${parts.join(", ")}`];
  const stale = report.baseline?.stale ?? 0;
  if (stale > 0)
    lines.push(
      `the baseline ${report.baseline?.file} has ${stale} ${stale === 1 ? "entry" : "entries"} that no finding matches (fixed or changed): --update-baseline drops them`,
    );
  return lines;
}
