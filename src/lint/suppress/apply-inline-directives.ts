import { groupBy } from "../../json/group-by.js";
import { nearestName } from "../../text/nearest-name.js";
import type { Diagnostic } from "../diagnostic.js";
import { jsonPathLocator } from "../format/locate-json-path.js";
import { type InlineDirective, readInlineDirectives } from "./inline-directives.js";
import type { SuppressedDiagnostic } from "./suppression.js";

/** Reads a config file named in the report; undefined when it cannot be read. */
export type ReadConfigText = (file: string) => string | undefined;

export interface InlineOutcome {
  kept: Diagnostic[];
  suppressed: SuppressedDiagnostic[];
  /** A `config-invalid` error per comment that cannot be obeyed (an unknown rule or directive). */
  problems: Diagnostic[];
}

/**
 * `# tooldeck-disable-next-line <rule> -- reason` and `# tooldeck-disable <rule>` … `# tooldeck-enable
 * <rule>` in YAML configs: a finding whose place (the line its JSON path is written on, as every format
 * prints it) such a comment covers is suppressed, with the comment as its reason. JSON files hold no
 * comments (overrides in `tooldeck.config.*` do their job). A comment naming a rule that does not
 * exist is an error finding, so a typo never silently keeps a finding or hides one.
 */
export function applyInlineDirectives(
  diagnostics: readonly Diagnostic[],
  files: readonly string[],
  readFile: ReadConfigText,
  knownRules: readonly string[],
): InlineOutcome {
  const outcome: InlineOutcome = { kept: [], suppressed: [], problems: [] };
  const byFile = groupBy(diagnostics, (diagnostic) => diagnostic.file);
  for (const file of new Set([...files, ...byFile.keys()])) {
    const findings = byFile.get(file) ?? [];
    const text = isYamlFile(file) ? readFile(file) : undefined;
    if (text === undefined) {
      outcome.kept.push(...findings);
      continue;
    }
    const { directives, problems } = readInlineDirectives(text);
    outcome.problems.push(
      ...problems.map((problem) => invalidComment(file, problem.line, problem.message)),
      ...unknownRules(directives, knownRules).map(({ line, message }) => invalidComment(file, line, message)),
    );
    if (directives.length === 0) {
      outcome.kept.push(...findings);
      continue;
    }
    const locate = jsonPathLocator(text);
    for (const diagnostic of findings) {
      const covering = coveringDirective(directives, diagnostic.code, locate(diagnostic.path).line);
      if (!covering) outcome.kept.push(diagnostic);
      else
        outcome.suppressed.push({
          ...diagnostic,
          suppression: {
            kind: "inline",
            by: `${file}:${covering.line}`,
            line: covering.line,
            ...(covering.reason ? { reason: covering.reason } : {}),
          },
        });
    }
  }
  return outcome;
}

function isYamlFile(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** The comment that covers a finding of `rule` written on `line`: a next-line one, or an open block. */
function coveringDirective(
  directives: readonly InlineDirective[],
  rule: string,
  line: number,
): InlineDirective | undefined {
  let open: InlineDirective | undefined;
  for (const directive of directives) {
    if (directive.line >= line) break;
    if (!directive.rules.includes(rule)) continue;
    if (directive.kind === "disable-next-line" && directive.target === line) return directive;
    if (directive.kind === "disable") open ??= directive;
    if (directive.kind === "enable") open = undefined;
  }
  return open;
}

function unknownRules(
  directives: readonly InlineDirective[],
  knownRules: readonly string[],
): { line: number; message: string }[] {
  return directives.flatMap((directive) =>
    directive.rules
      .filter((rule) => !knownRules.includes(rule))
      .map((rule) => {
        const nearest = nearestName(rule, knownRules);
        return {
          line: directive.line,
          message: `tooldeck-${directive.kind} names no rule "${rule}"${nearest ? `, did you mean ${nearest}?` : ""}`,
        };
      }),
  );
}

function invalidComment(file: string, line: number, message: string): Diagnostic {
  return {
    code: "config-invalid",
    severity: "error",
    tool: "",
    file,
    path: "",
    message: `line ${line}: ${message}`,
  };
}
