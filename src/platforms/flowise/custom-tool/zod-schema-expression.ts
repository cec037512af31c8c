import type { CallExpression, Expression, ObjectExpression } from "acorn";
import { acorn } from "../../../text/javascript-parser.js";
import { propertyKey } from "./analysis/syntax-shapes.js";
import {
  flowiseArguments,
  flowiseArrayModifiersError,
  flowiseComplexArguments,
  flowiseSplitError,
} from "./zod-expression-arguments.js";

/** A zod type of a `customToolSchema` expression, as Flowise's parser reads it: a base and its modifiers. */
export interface ZodChain {
  base: ZodBase;
  /** In chain order; each one's arguments as Flowise parses their text (`'x'` keeps its quotes). */
  modifiers: ZodModifier[];
}

export type ZodBase =
  | { type: "string" | "number" | "boolean" | "date" }
  | { type: "enum"; values: string[] }
  | { type: "object"; shape: [string, ZodChain][] }
  | { type: "array"; item: ZodChain };

export interface ZodModifier {
  name: string;
  args: unknown[];
}

/** The shape read from an expression and the modifiers Flowise ignores; or why Flowise's parser fails. */
export type ZodExpressionRead =
  | { ok: true; shape: [string, ZodChain][]; ignored: string[] }
  | { ok: false; error: string };

/**
 * Flowise 3.1.4's `SecureZodSchemaParser` allow-list: a modifier of an object or an array, or any
 * modifier inside `z.array(z.object({…}))`, outside it fails the tool's init.
 */
const ALLOWED = new Set(
  "string number int boolean date object array enum optional max min describe default".split(" "),
);
const PRIMITIVES = new Set(["string", "number", "boolean", "date", "enum"]);

/** Where a chain sits: inside `z.array(z.object({…}))` Flowise checks every name against its allow-list. */
interface Context {
  text: string;
  strict: boolean;
  ignored: string[];
}

class ParserFailure extends Error {}

/**
 * A node's hidden `customToolSchema` input (`z.object({a: z.number().int().describe("x")})`), read with
 * acorn, never run, as Flowise 3.1.4's `SecureZodSchemaParser` reads it (reference
 * flowise-custom-tool.md §2): bases `string`, `number`, `boolean`, `date`, `enum([…])`, `object({…})`,
 * `array(…)`; modifiers applied in order. A modifier outside its allow-list on a primitive is ignored
 * (listed in `ignored`); what makes Flowise's init fail is `ok: false` with Flowise's reason.
 */
export function readZodSchemaExpression(text: string): ZodExpressionRead {
  if (!cleaned(text).startsWith("z.object("))
    return { ok: false, error: "Schema must start with z.object()" };
  let expression: Expression;
  try {
    expression = acorn().parseExpressionAt(text, 0, { ecmaVersion: "latest" });
  } catch {
    return { ok: false, error: "Invalid z.object() syntax" };
  }
  const shape = objectArgument(expression);
  if (!shape) return { ok: false, error: "Invalid z.object() syntax" };
  const context: Context = { text, strict: false, ignored: [] };
  try {
    return { ok: true, shape: readShape(shape, "", context), ignored: context.ignored };
  } catch (error) {
    if (error instanceof ParserFailure) return { ok: false, error: error.message };
    throw error;
  }
}

/** Flowise strips comments and collapses whitespace before it reads anything. */
function cleaned(text: string): string {
  return text
    .replace(/\/\/.*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function objectArgument(node: Expression): ObjectExpression | undefined {
  const call = baseCall(node);
  if (call?.name !== "object") return undefined;
  const [argument] = call.call.arguments;
  return argument?.type === "ObjectExpression" ? argument : undefined;
}

function readShape(object: ObjectExpression, at: string, context: Context): [string, ZodChain][] {
  const shape: [string, ZodChain][] = [];
  for (const property of object.properties) {
    const key = property.type === "Property" ? propertyKey(property) : undefined;
    if (key === undefined || property.type !== "Property")
      fail(`${at || "the object"}: a property Flowise's parser cannot read`);
    const where = at === "" ? key : `${at}.${key}`;
    const chain = readChain(property.value as Expression, where, context);
    const index = shape.findIndex(([name]) => name === key);
    if (index === -1) shape.push([key, chain]);
    else shape[index] = [key, chain];
  }
  return shape;
}

function readChain(node: Expression, where: string, context: Context): ZodChain {
  const calls: CallExpression[] = [];
  let current: Expression = node;
  while (!isZCall(current)) {
    if (current.type !== "CallExpression" || current.callee.type !== "MemberExpression")
      fail(`${where}: ${source(current, context)} is not a zod type`);
    calls.unshift(current);
    current = current.callee.object as Expression;
  }
  const base = current as CallExpression;
  const name = memberName(base);
  const modifiers = calls.map((call) => ({ name: memberName(call), call }));
  if (name === "object" || name === "array") {
    return readComposite(name, base, modifiers, where, { ...context, node });
  }
  if (!PRIMITIVES.has(name))
    fail(`${where}: ${context.strict ? "Unsupported type" : "Unsupported base type"}: ${name}`);
  const split = flowiseSplitError(cleaned(source(node, context)));
  if (split) fail(`${where}: ${split}`);
  const chain: ZodChain = { base: primitiveBase(name, base, where, context), modifiers: [] };
  for (const { name: modifier, call } of modifiers) {
    if (!ALLOWED.has(modifier)) {
      if (context.strict) fail(`${where}: Unsupported modifier: ${modifier}`);
      context.ignored.push(`${where}: .${modifier}()`);
      continue;
    }
    chain.modifiers.push({ name: modifier, args: flowiseArguments(argumentText(call, context)) });
  }
  return chain;
}

function readComposite(
  name: "object" | "array",
  base: CallExpression,
  modifiers: { name: string; call: CallExpression }[],
  where: string,
  context: Context & { node: Expression },
): ZodChain {
  if (name === "array" && modifiers.length > 0) {
    const split = flowiseArrayModifiersError(cleaned(context.text.slice(base.end, context.node.end)));
    if (split) fail(`${where}: ${split}`);
  }
  for (const { name: modifier } of modifiers)
    if (!ALLOWED.has(modifier)) fail(`${where}: Unsupported modifier: ${modifier}`);
  const [argument] = base.arguments;
  let chainBase: ZodBase;
  if (name === "object") {
    if (argument?.type !== "ObjectExpression") fail(`${where}: Invalid object syntax`);
    chainBase = { type: "object", shape: readShape(argument, where, context) };
  } else {
    if (!argument || argument.type === "SpreadElement") fail(`${where}: Invalid array syntax`);
    chainBase = { type: "array", item: readArrayItem(argument, `${where}[]`, context) };
  }
  const read = name === "object" ? flowiseComplexArguments : flowiseArguments;
  return {
    base: chainBase,
    modifiers: modifiers.map(({ name: modifier, call }) => ({
      name: modifier,
      args: read(cleaned(argumentText(call, context))),
    })),
  };
}

/** `z.array(z.object({…}))`: every property is checked against the allow-list, the object's own modifiers are not read. */
function readArrayItem(node: Expression, where: string, context: Context): ZodChain {
  const object = objectArgument(stripCalls(node));
  if (!object) return readChain(node, where, context);
  if (stripCalls(node) !== node) {
    context.ignored.push(`${where}: the modifiers of an object inside z.array()`);
  }
  const strict: Context = { ...context, strict: true };
  return { base: { type: "object", shape: readShape(object, where, strict) }, modifiers: [] };
}

function stripCalls(node: Expression): Expression {
  let current = node;
  while (!isZCall(current) && current.type === "CallExpression" && current.callee.type === "MemberExpression")
    current = current.callee.object as Expression;
  return current;
}

function primitiveBase(name: string, call: CallExpression, where: string, context: Context): ZodBase {
  if (name !== "enum") return { type: name as "string" | "number" | "boolean" | "date" };
  const [values] = flowiseArguments(argumentText(call, context));
  if (!Array.isArray(values) || values.length === 0) fail(`${where}: enum requires array of values`);
  return { type: "enum", values: values as string[] };
}

/** `z.<name>(…)`. */
function isZCall(node: Expression): boolean {
  return (
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    node.callee.object.type === "Identifier" &&
    node.callee.object.name === "z"
  );
}

function baseCall(node: Expression): { name: string; call: CallExpression } | undefined {
  return isZCall(node)
    ? { name: memberName(node as CallExpression), call: node as CallExpression }
    : undefined;
}

function memberName(call: CallExpression): string {
  const callee = call.callee;
  if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier")
    return "";
  return callee.property.name;
}

/** `(…)` of a call as written, whitespace collapsed as Flowise collapses it. */
function argumentText(call: CallExpression, context: Context): string {
  return context.text.slice(call.callee.end, call.end).replace(/\s+/g, " ");
}

function source(node: Expression, context: Context): string {
  return context.text.slice(node.start, node.end);
}

function fail(message: string): never {
  throw new ParserFailure(message);
}
