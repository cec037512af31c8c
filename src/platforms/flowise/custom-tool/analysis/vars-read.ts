import type { Expression, Identifier, Node } from "acorn";
import { acornWalk } from "../../../../text/javascript-parser.js";
import { varsName } from "./code-scope.js";
import { lineOf, parseCustomToolCode } from "./parse-custom-tool-code.js";

/**
 * The variables a Custom Tool's code reads: the names of its `$vars.x` and `$vars['x']`, or `all`
 * (with the line) when it uses `$vars` any other way (`$vars[name]`, `JSON.stringify($vars)`, a copy).
 */
export type VarsRead = { names: ReadonlySet<string> } | { all: true; line: number };

/**
 * What of `$vars` the code reads, found by acorn (nothing is run). Code that does not parse reads
 * nothing: it does not run either.
 * @example
 * varsRead("return $vars.city + $vars['unit']"); // { names: Set { "city", "unit" } }
 */
export function varsRead(func: string): VarsRead {
  const parsed = parseCustomToolCode(func);
  if (!parsed.ok) return { names: new Set() };
  const names = new Set<string>();
  let whole: number | undefined;
  acornWalk().ancestor(parsed.program, {
    Identifier(node, _state, ancestors) {
      if ((node as Identifier).name !== "$vars" || whole !== undefined) return;
      const parent = ancestors.at(-2) as Node | undefined;
      const name =
        parent?.type === "MemberExpression" && (parent as Expression & { object: Node }).object === node
          ? varsName(parent as Expression)
          : undefined;
      if (name === undefined) whole = lineOf(node);
      else names.add(name);
    },
  });
  return whole === undefined ? { names } : { all: true, line: whole };
}

/** The variables given to code that reads `read`: only those it names, or every one. */
export function varsGiven(vars: Record<string, string>, read: VarsRead): Record<string, string> {
  if ("all" in read) return { ...vars };
  return Object.fromEntries(Object.entries(vars).filter(([name]) => read.names.has(name)));
}
