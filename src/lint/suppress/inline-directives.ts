import { createRequire } from "node:module";
import type * as Yaml from "yaml";

/** What a `# tooldeck-…` comment asks. */
export type DirectiveKind = "disable-next-line" | "disable" | "enable";

/** One `# tooldeck-disable-next-line rule-a, rule-b -- reason` comment of a YAML config. */
export interface InlineDirective {
  kind: DirectiveKind;
  rules: string[];
  reason?: string;
  /** The comment's line (1-based). */
  line: number;
  /** disable-next-line: the line it applies to, the next one that is neither blank nor a comment. */
  target?: number;
}

/** A `# tooldeck-…` comment that cannot be obeyed: an unknown directive, or one that names no rule. */
export interface DirectiveProblem {
  line: number;
  message: string;
}

const DIRECTIVES: readonly DirectiveKind[] = ["disable-next-line", "disable", "enable"];
const DIRECTIVE = /^#\s*tooldeck-([a-z-]+)(.*)$/;

/**
 * The same lazy `yaml` load as the locator's (src/lint/format/locate-json-path.ts): only a file that
 * mentions `tooldeck-` is parsed, and a run without such comments never loads the parser.
 */
const requireParser = createRequire(import.meta.url);

/**
 * The `# tooldeck-…` comments of a YAML text, read from the parser's tokens: a `#` inside a string or a
 * block scalar is text, not a comment, so it directs nothing. Rules are separated by commas or blanks;
 * what follows ` -- ` is the reason.
 * @example
 * readInlineDirectives("# tooldeck-disable-next-line probe -- legacy host\nurl: x\n");
 * // { directives: [{ kind: "disable-next-line", rules: ["probe"], reason: "legacy host", line: 1, target: 2 }], problems: [] }
 */
export function readInlineDirectives(text: string): {
  directives: InlineDirective[];
  problems: DirectiveProblem[];
} {
  const found = { directives: [] as InlineDirective[], problems: [] as DirectiveProblem[] };
  if (!text.includes("tooldeck-")) return found;
  const lines = text.split(/\r?\n/);
  const lineOf = lineIndex(text);
  for (const comment of yamlComments(text)) {
    const match = DIRECTIVE.exec(comment.source.trim());
    if (!match) continue;
    const line = lineOf(comment.offset);
    const parsed = parseDirective(match[1] as string, match[2] as string);
    if ("problem" in parsed) found.problems.push({ line, message: parsed.problem });
    else
      found.directives.push({
        ...parsed,
        line,
        ...(parsed.kind === "disable-next-line" ? { target: nextContentLine(lines, line) } : {}),
      });
  }
  found.directives.sort((a, b) => a.line - b.line);
  return found;
}

function parseDirective(
  name: string,
  rest: string,
): Omit<InlineDirective, "line" | "target"> | { problem: string } {
  const kind = DIRECTIVES.find((candidate) => candidate === name);
  if (!kind)
    return {
      problem: `tooldeck-${name} is no directive (directives: ${DIRECTIVES.map((d) => `tooldeck-${d}`).join(", ")})`,
    };
  const [list = "", ...reasonParts] = rest.split(/\s--\s|\s--$/);
  const rules = list.split(/[\s,]+/).filter(Boolean);
  if (rules.length === 0) return { problem: `tooldeck-${kind} names no rule (write the rule's id after it)` };
  const reason = reasonParts.join(" -- ").trim();
  return { kind, rules, ...(reason ? { reason } : {}) };
}

/** Every comment token of the text, however deep the parser put it. */
function yamlComments(text: string): { offset: number; source: string }[] {
  const { Parser } = requireParser("yaml") as typeof Yaml;
  const comments: { offset: number; source: string }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const token = node as { type?: unknown; offset?: unknown; source?: unknown };
    if (token.type === "comment" && typeof token.offset === "number" && typeof token.source === "string")
      comments.push({ offset: token.offset, source: token.source });
    for (const value of Object.values(node)) walk(value);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return comments;
}

/** The 1-based line of an offset. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** The first line after `line` holding YAML, not a blank or a comment: stacked directives reach it too. */
function nextContentLine(lines: readonly string[], line: number): number {
  for (let index = line; index < lines.length; index++) {
    const trimmed = (lines[index] as string).trim();
    if (trimmed !== "" && !trimmed.startsWith("#")) return index + 1;
  }
  return lines.length + 1;
}
