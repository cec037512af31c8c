import type { Expression, Node } from "acorn";

/** What an expression reads when a tool is called. */
export interface EvaluationScope {
  /** The arguments the model sent. */
  args: Record<string, unknown>;
  /** n8n Variables (`$vars.name`): tooldeck's variables (`--var`). */
  vars?: Record<string, string> | undefined;
}

export type Evaluation = { ok: true; value: unknown } | { ok: false; unknownVariable: string };

const FROM_AI_NAMES = new Set(["$fromAI", "$fromai", "$fromAi"]);
/** Deeper literals than this are not evaluated (hostile input); n8n's own defaults are shallow. */
const MAX_DEPTH = 64;

/**
 * Why tooldeck will not evaluate an expression, or undefined when it will. tooldeck evaluates only what a
 * tool call needs and no code: `$fromAI(…)` with literal arguments, `JSON.stringify(…)` of one, literals,
 * and `$vars.name`; anything else (`$json`, `$('Node')`, `$credentials`, operators, other calls) depends
 * on an execution tooldeck does not have.
 * @example
 * unsupportedReason(parseExpressionAt("$json.id", 0, { ecmaVersion: "latest" }), "$json.id");
 * // "{{ $json.id }} reads $json, which tooldeck does not evaluate"
 */
export function unsupportedReason(expression: Expression | undefined, source: string): string | undefined {
  if (expression && isSupported(expression, 0)) return undefined;
  const names = [...new Set(source.match(/\$\(\s*(['"`])[^'"`]*\1\s*\)|\$[A-Za-z_]\w*/g) ?? [])].filter(
    (name) => !FROM_AI_NAMES.has(name) && name !== "$vars",
  );
  const reads = names.length > 0 ? `reads ${names.join(", ")}, which` : "is code";
  return `{{ ${shorten(source)} }} ${reads} tooldeck does not evaluate`;
}

function shorten(source: string): string {
  const flat = source.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

function isSupported(node: Node, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const next = (child: Node | null) => child !== null && isSupported(child, depth + 1);
  const any = node as unknown as Record<string, unknown>;
  switch (node.type) {
    case "Literal":
      return any.regex === undefined && any.bigint === undefined;
    case "TemplateLiteral":
      return (any.expressions as Node[]).length === 0;
    case "ArrayExpression":
      return (any.elements as (Node | null)[]).every(
        (element) => element?.type !== "SpreadElement" && next(element),
      );
    case "ObjectExpression":
      return (any.properties as Node[]).every(
        (property) => isPlainProperty(property) && next(propertyValue(property)),
      );
    case "UnaryExpression":
      return (any.operator === "-" || any.operator === "+") && isNumberLiteral(any.argument as Node);
    case "CallExpression":
      return isSupportedCall(node, depth);
    case "MemberExpression":
      return varName(node) !== undefined;
    default:
      return false;
  }
}

function isSupportedCall(node: Node, depth: number): boolean {
  const call = node as unknown as { callee: Node; arguments: Node[]; optional: boolean };
  if (call.optional || call.arguments.some((arg) => arg.type === "SpreadElement")) return false;
  if (isFromAiCallee(call.callee)) {
    const [key] = call.arguments;
    return key?.type === "Literal" && typeof (key as unknown as { value: unknown }).value === "string"
      ? call.arguments.every((arg) => isSupported(arg, depth + 1))
      : false;
  }
  return (
    isJsonStringify(call.callee) &&
    call.arguments.length === 1 &&
    isSupported(call.arguments[0] as Node, depth + 1)
  );
}

function isFromAiCallee(callee: Node): boolean {
  return callee.type === "Identifier" && FROM_AI_NAMES.has((callee as unknown as { name: string }).name);
}

function isJsonStringify(callee: Node): boolean {
  if (callee.type !== "MemberExpression") return false;
  const member = callee as unknown as { object: Node; property: Node; computed: boolean; optional: boolean };
  return (
    !member.computed &&
    !member.optional &&
    member.object.type === "Identifier" &&
    (member.object as unknown as { name: string }).name === "JSON" &&
    (member.property as unknown as { name: string }).name === "stringify"
  );
}

/** `$vars.name` or `$vars['name']`: the variable's name. */
function varName(node: Node): string | undefined {
  const member = node as unknown as { object: Node; property: Node; computed: boolean; optional: boolean };
  if (member.optional || member.object.type !== "Identifier") return undefined;
  if ((member.object as unknown as { name: string }).name !== "$vars") return undefined;
  const property = member.property as unknown as { type: string; name?: string; value?: unknown };
  if (!member.computed && property.type === "Identifier") return property.name;
  if (member.computed && property.type === "Literal" && typeof property.value === "string")
    return property.value;
  return undefined;
}

function isPlainProperty(node: Node): boolean {
  const property = node as unknown as {
    type: string;
    computed: boolean;
    kind: string;
    method: boolean;
    key: Node;
  };
  return (
    property.type === "Property" &&
    !property.computed &&
    property.kind === "init" &&
    !property.method &&
    (property.key.type === "Identifier" || property.key.type === "Literal")
  );
}

function propertyValue(property: Node): Node {
  return (property as unknown as { value: Node }).value;
}

function isNumberLiteral(node: Node): boolean {
  return node.type === "Literal" && typeof (node as unknown as { value: unknown }).value === "number";
}

/**
 * The value of an expression `unsupportedReason` accepts, as n8n computes it during a tool call:
 * `$fromAI(key, …, default)` is the model's `query[key]`, else its `key`, else the default as written
 * (the JavaScript value, not the schema's parsed one), `null` counting as missing (n8n's `??`).
 */
export function evaluateExpression(node: Node, scope: EvaluationScope): Evaluation {
  const any = node as unknown as Record<string, unknown>;
  switch (node.type) {
    case "Literal":
      return { ok: true, value: any.value };
    case "TemplateLiteral":
      return { ok: true, value: (any.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? "" };
    case "ArrayExpression":
      return evaluateAll(any.elements as Node[], scope);
    case "ObjectExpression":
      return evaluateObject(any.properties as Node[], scope);
    case "UnaryExpression": {
      const value = (any.argument as unknown as { value: number }).value;
      return { ok: true, value: any.operator === "-" ? -value : value };
    }
    case "CallExpression":
      return evaluateCall(node, scope);
    default:
      return evaluateVar(varName(node) as string, scope);
  }
}

function evaluateCall(node: Node, scope: EvaluationScope): Evaluation {
  const call = node as unknown as { callee: Node; arguments: Node[] };
  const args = evaluateAll(call.arguments, scope);
  if (!args.ok) return args;
  const values = args.value as unknown[];
  if (!isFromAiCallee(call.callee)) return { ok: true, value: JSON.stringify(values[0]) };
  const key = values[0] as string;
  const query = scope.args.query;
  const nested = isRecord(query) ? ownValue(query, key) : undefined;
  return { ok: true, value: nested ?? ownValue(scope.args, key) ?? values[3] };
}

function evaluateVar(name: string, scope: EvaluationScope): Evaluation {
  const value = scope.vars === undefined ? undefined : ownValue(scope.vars, name);
  return value === undefined ? { ok: false, unknownVariable: `$vars.${name}` } : { ok: true, value };
}

function evaluateAll(nodes: readonly Node[], scope: EvaluationScope): Evaluation {
  const values: unknown[] = [];
  for (const child of nodes) {
    const result = evaluateExpression(child, scope);
    if (!result.ok) return result;
    values.push(result.value);
  }
  return { ok: true, value: values };
}

function evaluateObject(properties: readonly Node[], scope: EvaluationScope): Evaluation {
  const object: Record<string, unknown> = {};
  for (const property of properties) {
    const key = (property as unknown as { key: { name?: string; value?: unknown } }).key;
    const result = evaluateExpression(propertyValue(property), scope);
    if (!result.ok) return result;
    Object.defineProperty(object, String(key.name ?? key.value), {
      value: result.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ok: true, value: object };
}

/** A key's own value: never one inherited from Object.prototype (`constructor`, `__proto__`). */
function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
