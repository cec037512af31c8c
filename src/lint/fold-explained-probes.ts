import { groupBy } from "../json/group-by.js";
import { compareDiagnostics, type Diagnostic, reaches } from "./diagnostic.js";
import type { ProbeSymptom } from "./probe/probe-symptom.js";
import type { LintRule } from "./rule.js";

/**
 * One cause, one finding: a probe finding whose failure a lint finding of the same tool predicted (its
 * rule `explains` the symptom: PUT /events answered 404 behind `operation-not-found`) is folded into that
 * finding as `related` evidence instead of reported again; so is one whose message the rule recognises
 * (`explainsFailure`: Flowise's refusal of a host behind `flowise-private-host`). The finding takes the heavier severity of
 * the two, so folding never weakens a gate; the first claimant in report order (errors first) takes it.
 * Pure; returns the findings sorted as every formatter prints them.
 */
export function foldExplainedProbes(
  diagnostics: readonly Diagnostic[],
  rules: readonly Pick<LintRule, "id" | "explains" | "explainsFailure">[],
): Diagnostic[] {
  const explains = new Map(rules.map((rule) => [rule.id, explainer(rule)]));
  const sorted = [...diagnostics].sort(compareDiagnostics);
  const claimants = groupBy(sorted, (diagnostic) =>
    explains.get(diagnostic.code) ? toolKey(diagnostic) : undefined,
  );
  const folded = new Map<Diagnostic, Diagnostic[]>();
  const kept: Diagnostic[] = [];
  for (const diagnostic of sorted) {
    const claimant =
      diagnostic.code === "probe"
        ? claimants
            .get(toolKey(diagnostic))
            ?.find((lint) => explains.get(lint.code)?.(diagnostic) && isWithin(lint.path, diagnostic.path))
        : undefined;
    if (!claimant) kept.push(diagnostic);
    else if (folded.has(claimant)) folded.get(claimant)?.push(diagnostic);
    else folded.set(claimant, [diagnostic]);
  }
  return kept.map((diagnostic) => withRelated(diagnostic, folded.get(diagnostic))).sort(compareDiagnostics);
}

/** Whether a rule's findings account for a probe failure: by its symptom, or by what it says. */
function explainer(
  rule: Pick<LintRule, "explains" | "explainsFailure">,
): ((probe: Diagnostic) => boolean) | undefined {
  const symptoms = new Set<ProbeSymptom>(rule.explains ?? []);
  const { explainsFailure } = rule;
  if (symptoms.size === 0 && !explainsFailure) return undefined;
  return (probe) =>
    (probe.symptom !== undefined && symptoms.has(probe.symptom)) ||
    (explainsFailure?.(probe.message) ?? false);
}

function withRelated(diagnostic: Diagnostic, related: Diagnostic[] | undefined): Diagnostic {
  if (!related) return diagnostic;
  const severity = related.reduce(
    (heaviest, probe) => (reaches(heaviest, probe.severity) ? heaviest : probe.severity),
    diagnostic.severity,
  );
  return {
    ...diagnostic,
    severity,
    related: [
      ...(diagnostic.related ?? []),
      ...related.map(({ code, severity, path, message }) => ({ code, severity, path, message })),
    ],
  };
}

function toolKey(diagnostic: Diagnostic): string {
  return `${diagnostic.file}\u0000${diagnostic.tool}`;
}

/** Whether a lint finding's path lies in the config a probe finding is about (`[2].url` in `[2]`). */
function isWithin(path: string, configPath: string): boolean {
  return (
    configPath === "" ||
    path === configPath ||
    path.startsWith(`${configPath}.`) ||
    path.startsWith(`${configPath}[`)
  );
}
