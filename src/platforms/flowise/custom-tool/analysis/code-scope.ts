import type { Expression, Node, ObjectExpression, Pattern, Program } from "acorn";
import { acornWalk } from "../../../../text/javascript-parser.js";
import { type CodeTemplate, joinTemplates } from "./code-template.js";

/** A name the code declares: its one initialiser when it is set once and never again. */
interface Binding {
  init?: Expression;
  /** Declared more than once, assigned, or bound by a parameter or a pattern: its value is not known. */
  unknown: boolean;
}

/** Names Flowise puts in the sandbox that are not `$property` arguments. */
const SANDBOX_NAMES = new Set(["$vars", "$flow", "$input"]);
/** How deep a chain of names is followed (`a = b`, `b = c`, …): a cycle stops here. */
const MAX_DEPTH = 20;

/**
 * What the code's names hold, as far as it can be read without running it: each name set once (a
 * `const`, or a `let` never assigned again) stands for its initialiser; `$name` not declared by the code
 * is the argument `name`; `$vars.x` is a Flowise variable. Everything else is unknown.
 */
export class CodeScope {
  private readonly bindings = new Map<string, Binding>();
  /** `name.key = value` statements, by name: fields added to an object after it was made. */
  private readonly addedKeys = new Map<string, string[]>();

  constructor(program: Program) {
    acornWalk().full(program, (node) => this.record(node));
  }

  /** Whether the code declares `name` itself (then `$x` is not an argument). */
  declares(name: string): boolean {
    return this.bindings.has(name);
  }

  /** The argument a name stands for: `$email` → `email`, unless the code declares it or it is `$vars`. */
  argumentOf(name: string): string | undefined {
    if (!name.startsWith("$") || name.length < 2 || SANDBOX_NAMES.has(name) || this.declares(name))
      return undefined;
    return name.slice(1);
  }

  /** The expression a name set once holds. */
  valueOf(name: string): Expression | undefined {
    const binding = this.bindings.get(name);
    return binding && !binding.unknown ? binding.init : undefined;
  }

  /** The keys `name.key = …` adds to the object `name` holds. */
  keysAddedTo(name: string): readonly string[] {
    return this.addedKeys.get(name) ?? [];
  }

  /** A string value rebuilt from literals, concatenation, template literals, names, `$x` and `$vars.x`. */
  template(expression: Node, depth = 0): CodeTemplate | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const node = expression as Expression;
    switch (node.type) {
      case "Literal":
        return typeof node.value === "string" || typeof node.value === "number"
          ? [{ text: String(node.value) }]
          : undefined;
      case "TemplateLiteral": {
        const parts: CodeTemplate[] = [];
        for (const [index, quasi] of node.quasis.entries()) {
          parts.push([{ text: quasi.value.cooked ?? quasi.value.raw }]);
          const inner = node.expressions[index];
          if (!inner) continue;
          const value = this.template(inner, depth + 1);
          if (!value) return undefined;
          parts.push(value);
        }
        return joinTemplates(...parts);
      }
      case "BinaryExpression": {
        if (node.operator !== "+") return undefined;
        const left = this.template(node.left, depth + 1);
        const right = left && this.template(node.right, depth + 1);
        return left && right ? joinTemplates(left, right) : undefined;
      }
      case "Identifier": {
        const argument = this.argumentOf(node.name);
        if (argument !== undefined) return [{ property: argument }];
        const value = this.valueOf(node.name);
        return value ? this.template(value, depth + 1) : undefined;
      }
      case "MemberExpression": {
        const variable = varsName(node);
        return variable === undefined ? undefined : [{ vars: variable }];
      }
      case "CallExpression": {
        // encodeURIComponent($q) and String($id) are the value itself, as far as its place in a URL goes.
        const callee = node.callee;
        const [argument] = node.arguments;
        if (
          callee.type === "Identifier" &&
          ["encodeURIComponent", "encodeURI", "String"].includes(callee.name) &&
          argument
        )
          return argument.type === "SpreadElement" ? undefined : this.template(argument, depth + 1);
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** The object literal an expression is (directly or through names set once). */
  object(expression: Node | undefined, depth = 0): ObjectExpression | undefined {
    if (!expression || depth > MAX_DEPTH) return undefined;
    const node = expression as Expression;
    if (node.type === "ObjectExpression") return node;
    if (node.type === "Identifier") return this.object(this.valueOf(node.name), depth + 1);
    return undefined;
  }

  private record(node: Node): void {
    if (node.type === "VariableDeclarator") {
      const { id, init } = node as unknown as { id: Pattern; init?: Expression | null };
      if (id.type === "Identifier") this.bind(id.name, init ?? undefined);
      else for (const name of patternNames(id)) this.bind(name, undefined);
    } else if (node.type === "AssignmentExpression") {
      const { left } = node as unknown as { left: Pattern };
      if (left.type === "Identifier") this.spoil(left.name);
      else if (
        left.type === "MemberExpression" &&
        left.object.type === "Identifier" &&
        !left.computed &&
        left.property.type === "Identifier"
      )
        this.addedKeys.set(left.object.name, [...this.keysAddedTo(left.object.name), left.property.name]);
    } else if (node.type === "UpdateExpression") {
      const { argument } = node as unknown as { argument: Expression };
      if (argument.type === "Identifier") this.spoil(argument.name);
    } else if (isFunction(node)) {
      const { id } = node as unknown as { id?: Pattern | null };
      if (node.type === "FunctionDeclaration" && id?.type === "Identifier") this.bind(id.name, undefined);
      for (const param of (node as unknown as { params: Pattern[] }).params)
        for (const name of patternNames(param)) this.bind(name, undefined);
    } else if (node.type === "CatchClause") {
      const { param } = node as unknown as { param?: Pattern | null };
      if (param) for (const name of patternNames(param)) this.bind(name, undefined);
    }
  }

  private bind(name: string, init: Expression | undefined): void {
    const seen = this.bindings.get(name);
    this.bindings.set(name, seen ? { unknown: true } : init ? { init, unknown: false } : { unknown: true });
  }

  private spoil(name: string): void {
    const seen = this.bindings.get(name);
    if (seen) this.bindings.set(name, { unknown: true });
  }
}

/** `$vars.base_url` or `$vars['base_url']` → `base_url`. */
export function varsName(node: Expression): string | undefined {
  if (node.type !== "MemberExpression" || node.object.type !== "Identifier" || node.object.name !== "$vars")
    return undefined;
  if (!node.computed && node.property.type === "Identifier") return node.property.name;
  if (node.property.type === "Literal" && typeof node.property.value === "string") return node.property.value;
  return undefined;
}

function isFunction(node: Node): boolean {
  return ["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"].includes(node.type);
}

function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case "Identifier":
      return [pattern.name];
    case "ObjectPattern":
      return pattern.properties.flatMap((property) =>
        property.type === "RestElement" ? patternNames(property.argument) : patternNames(property.value),
      );
    case "ArrayPattern":
      return pattern.elements.flatMap((element) => (element ? patternNames(element) : []));
    case "RestElement":
      return patternNames(pattern.argument);
    case "AssignmentPattern":
      return patternNames(pattern.left);
    default:
      return [];
  }
}
