import type { Expression, Identifier, Node, Program } from "acorn";
import { acornWalk } from "../../../../text/javascript-parser.js";
import { type CodeScope, varsName } from "./code-scope.js";
import { lineOf } from "./parse-custom-tool-code.js";

/** Where the code reads each `$property` without a `typeof` guard, and each `$vars.x`: first line of each. */
export interface ArgumentReads {
  /** Argument → the first line reading it unguarded. */
  unguarded: ReadonlyMap<string, number>;
  /** Variable → the first line reading `$vars.<name>`. */
  vars: ReadonlyMap<string, number>;
}

/**
 * The code's reads of its arguments and variables. A read of `$x` is guarded when it is `typeof $x`, or
 * sits in the branch of an `if`, `?:` or `&&` whose test asks `typeof $x`: an optional argument the model
 * left out has no global at all in Flowise's sandbox, so any other read throws `ReferenceError`.
 */
export function argumentReads(program: Program, scope: CodeScope): ArgumentReads {
  const unguarded = new Map<string, number>();
  acornWalk().ancestor(program, {
    Identifier(node, _state, ancestors) {
      const argument = scope.argumentOf((node as Identifier).name);
      if (
        argument === undefined ||
        unguarded.has(argument) ||
        isGuarded(node, ancestors, (node as Identifier).name)
      )
        return;
      unguarded.set(argument, lineOf(node));
    },
  });
  const vars = new Map<string, number>();
  acornWalk().simple(program, {
    MemberExpression(node) {
      const name = varsName(node as Expression);
      if (name !== undefined && !vars.has(name)) vars.set(name, lineOf(node));
    },
  });
  return { unguarded, vars };
}

function isGuarded(node: Node, ancestors: readonly Node[], name: string): boolean {
  const parent = ancestors.at(-2) as (Node & { operator?: string }) | undefined;
  if (parent?.type === "UnaryExpression" && parent.operator === "typeof") return true;
  return ancestors.some((outer) => {
    const branch = guardedBranch(outer);
    return branch !== undefined && asksTypeof(branch.test, name) && within(node, branch.body);
  });
}

/** The test of an `if`/`?:`/`&&` and the part of it that runs only when the test holds. */
function guardedBranch(node: Node): { test: Node; body: Node } | undefined {
  const any = node as Node & { test?: Node; consequent?: Node; left?: Node; right?: Node; operator?: string };
  if ((node.type === "IfStatement" || node.type === "ConditionalExpression") && any.test && any.consequent)
    return { test: any.test, body: any.consequent };
  if (node.type === "LogicalExpression" && any.operator === "&&" && any.left && any.right)
    return { test: any.left, body: any.right };
  return undefined;
}

function asksTypeof(test: Node, name: string): boolean {
  let found = false;
  acornWalk().simple(test, {
    UnaryExpression(node) {
      const { operator, argument } = node as Node & { operator: string; argument: Node & { name?: string } };
      if (operator === "typeof" && argument.type === "Identifier" && argument.name === name) found = true;
    },
  });
  return found;
}

function within(node: Node, outer: Node): boolean {
  return node.start >= outer.start && node.end <= outer.end;
}
