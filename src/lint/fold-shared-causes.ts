import { groupBy } from "../json/group-by.js";
import { compareText } from "../text/text-order.js";
import { compareDiagnostics, type Diagnostic, type RelatedFinding, reaches } from "./diagnostic.js";

/** How many tools a finding of a shared cause names before it says "and N more" (as `no-spec` does). */
const NAMED = 5;

/**
 * One cause, one finding, across tools: a rule's findings that share a cause (`Diagnostic.cause`, as the
 * rule says it: a host Flowise refuses, a platform's behaviour, one variable) on two tools or more are
 * reported as one finding naming them, `4 tools (a, b, c, d): 127.0.0.1 is a loopback/private host: …`.
 * It keeps each tool's finding in `perTool` (json, sarif and junit report those: `perToolFindings`) and
 * their probe evidence, each line named by its tool (the first five, then how many more). It takes the
 * heaviest of their severities, so a gate fails as before, and sits in the file of the first of them
 * and on no tool, as `no-spec` does. A cause on one tool stays that tool's finding. Pure; sorted as
 * every formatter prints.
 * @example
 * const shown = { ...report, diagnostics: foldSharedCauses(report.diagnostics) };
 */
export function foldSharedCauses(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  const shared = [...groupBy(sorted, (diagnostic) => diagnostic.cause?.id).values()].filter(
    (group) => toolsOf(group).size > 1,
  );
  const foldedAway = new Set(shared.flat());
  return [...sorted.filter((diagnostic) => !foldedAway.has(diagnostic)), ...shared.map(toSharedFinding)].sort(
    compareDiagnostics,
  );
}

/** Every tool's own finding: a finding of a shared cause gives those it stands for, the others themselves. */
export function perToolFindings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.flatMap((diagnostic) => diagnostic.perTool ?? [diagnostic]);
}

function toSharedFinding(group: Diagnostic[]): Diagnostic {
  const [first] = group as [Diagnostic, ...Diagnostic[]];
  const cause = first.cause as NonNullable<Diagnostic["cause"]>;
  const names = [...new Set(group.map((diagnostic) => diagnostic.tool))].sort(compareText);
  const listed =
    names.slice(0, NAMED).join(", ") + (names.length > NAMED ? `, and ${names.length - NAMED} more` : "");
  const files = new Set(group.map((diagnostic) => diagnostic.file)).size;
  const count = `${toolsOf(group).size} tools${files > 1 ? ` in ${files} files` : ""}`;
  const suggestions = new Set(group.map((diagnostic) => diagnostic.suggestion));
  const related = shownEvidence(group.flatMap(namedEvidence));
  return {
    code: first.code,
    severity: group.reduce(
      (heaviest, { severity }) => (reaches(heaviest, severity) ? heaviest : severity),
      first.severity,
    ),
    tool: "",
    file: first.file,
    path: "",
    message: `${count} (${listed}): ${cause.summary}`,
    // One advice for one cause; where the tools' advice differs, each tool's finding keeps its own.
    ...(suggestions.size === 1 && first.suggestion ? { suggestion: first.suggestion } : {}),
    ...(related.length > 0 ? { related } : {}),
    cause,
    perTool: group,
  };
}

/** A tool's probe evidence, each line named by the tool it was seen on. */
function namedEvidence(diagnostic: Diagnostic): RelatedFinding[] {
  return (diagnostic.related ?? []).map((related) => ({
    ...related,
    message: `${diagnostic.tool}: ${related.message}`,
  }));
}

/** The first `NAMED` lines of evidence, then how many more: one tool's shows what the others' say. */
function shownEvidence(evidence: RelatedFinding[]): RelatedFinding[] {
  const last = evidence[NAMED - 1];
  if (evidence.length <= NAMED || !last) return evidence;
  const more = { ...last, message: `and ${evidence.length - NAMED} more like these, one per tool` };
  return [...evidence.slice(0, NAMED), more];
}

/** The tools of some findings, each once (the same name in two files is two tools). */
function toolsOf(group: readonly Diagnostic[]): Set<string> {
  return new Set(group.map((diagnostic) => `${diagnostic.file}\u0000${diagnostic.tool}`));
}
