import type { Program } from "acorn";
import { acorn } from "../../../../text/javascript-parser.js";

/** A Custom Tool's code, parsed as Flowise runs it, or why it does not parse. */
export type ParsedCode = { ok: true; program: Program } | { ok: false; line: number; message: string };

/** Flowise runs the body as `async function() { <func> }`; the prefix's line is taken off every line number. */
const PREFIX = "(async function () {\n";

/**
 * Parses a function body with acorn, as the body of the async function Flowise wraps it in (so `return`
 * and `await` are allowed at its top level). Nothing is run: the tree is only read. Line numbers are the
 * body's own (1-based).
 */
export function parseCustomToolCode(func: string): ParsedCode {
  try {
    const program = acorn().parse(`${PREFIX}${func}\n})`, {
      ecmaVersion: "latest",
      sourceType: "script",
      locations: true,
    });
    return { ok: true, program };
  } catch (error) {
    const { loc, message } = error as { loc?: { line: number }; message: string };
    return {
      ok: false,
      line: Math.max(1, (loc?.line ?? 2) - 1),
      message: message.replace(/ \(\d+:\d+\)$/, ""),
    };
  }
}

/** The body's own line of a node of the parsed tree. */
export function lineOf(node: { loc?: { start: { line: number } } | null }): number {
  return Math.max(1, (node.loc?.start.line ?? 2) - 1);
}
