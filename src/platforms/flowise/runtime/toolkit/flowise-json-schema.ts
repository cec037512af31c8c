import type {
  FlowiseEnumNode,
  FlowiseNumberNode,
  FlowiseObjectNode,
  FlowiseSchemaNode,
  FlowiseUnionNode,
} from "./flowise-schema-node.js";

type Json = Record<string, unknown>;

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/**
 * The JSON Schema LangChain's `toJsonSchema` (its copy of zod-to-json-schema, draft-07 target) makes
 * of Flowise's zod schema, written straight from the tree: the same keys in the same order, without
 * building zod. The tests hold it byte-equal to the real conversion for every operation of GitHub's
 * description. zod-to-json-schema writes a `$ref` only for a zod schema it meets twice; Flowise makes
 * a new one at every node, so there is none.
 *
 * Kept (issue 30) for what users feel: building every tool of GitHub's description under the flowise
 * profile (bench/openapi) took 1.46× the process's CPU time without it (460 → 670 ms, medians of 7
 * interleaved runs), each tool's zod schema built at once and converted.
 *
 * @example
 * const inputSchema = toFlowiseJsonSchema(flowiseInputTree(operation));
 */
export function toFlowiseJsonSchema(root: FlowiseObjectNode): Json {
  const schema = described(root);
  schema.$schema = DRAFT_07;
  return schema;
}

/**
 * zod-to-json-schema renders an optional property as its inner schema (optionality shows in the
 * parent's `required`), but an optional array item or union member as "not undefined, or the inner".
 */
function toJson(node: FlowiseSchemaNode, isProperty: boolean): Json {
  if (!node.optional || isProperty) return described(node);
  return withDescription({ anyOf: [{ not: {} }, described(node)] }, node.description);
}

/** zod-to-json-schema adds a truthy `.describe()` text last; `.optional()` keeps the inner's text. */
function described(node: FlowiseSchemaNode): Json {
  return withDescription(typeOf(node), node.description);
}

function withDescription(schema: Json, description: string | undefined): Json {
  if (description) schema.description = description;
  return schema;
}

function typeOf(node: FlowiseSchemaNode): Json {
  switch (node.kind) {
    case "object":
      return objectOf(node);
    case "string":
    case "boolean":
    case "null":
      return { type: node.kind };
    case "number":
      return numberOf(node);
    case "enum":
      return { type: "string", enum: Array.from(node.values) };
    case "union":
      return unionOf(node);
    case "array":
      return { type: "array", items: toJson(node.items, false) };
    case "unknown":
      return {};
  }
}

/** zod's default `strip` objects come out closed. */
function objectOf(node: FlowiseObjectNode): Json {
  const properties: Json = {};
  // Map#forEach rather than for-of: destructuring entries is several times slower until the JIT warms up.
  node.shape.forEach((property, name) => {
    properties[name] = toJson(property, true);
  });
  const schema: Json = { type: "object", properties };
  const required = requiredNames(node.shape, properties);
  if (required.length) schema.required = required;
  schema.additionalProperties = false;
  return schema;
}

/**
 * The keys zod would not accept undefined for, in the order zod-to-json-schema walks the zod shape:
 * an object's key order, which puts array-index keys ("0", "12") first, ascending.
 */
function requiredNames(shape: Map<string, FlowiseSchemaNode>, properties: Json): string[] {
  const required: string[] = [];
  let reordered = false;
  shape.forEach((property, name) => {
    if (!acceptsUndefined(property)) required.push(name);
    reordered ||= startsWithDigit(name);
  });
  return reordered ? Object.keys(properties).filter((name) => required.includes(name)) : required;
}

/** Every array index starts with a digit; other keys keep their insertion order. */
function startsWithDigit(name: string): boolean {
  const code = name.charCodeAt(0);
  return code >= 48 && code <= 57;
}

function numberOf(node: FlowiseNumberNode): Json {
  const schema: Json = { type: node.int ? "integer" : "number" };
  if (node.minimum !== undefined) schema.minimum = node.minimum;
  if (node.maximum !== undefined) schema.maximum = node.maximum;
  return schema;
}

/**
 * zod-to-json-schema's shortcuts before `anyOf` (a third, for literals, never applies here): bare
 * strings, numbers, booleans and nulls collapse to their `type`s, plain enums merge into one enum.
 * The members' descriptions are lost then.
 */
function unionOf(node: FlowiseUnionNode): Json {
  const { members } = node;
  if (members.every(isBarePrimitive)) {
    const types = [...new Set(members.map((member) => member.kind))];
    // An empty union comes out as `{type: undefined}`, which is `{}` once serialized.
    return types.length === 0 ? {} : { type: types.length > 1 ? types : types[0] };
  }
  if (members.every(isPlainEnum)) return { type: "string", enum: mergedValues(members) };
  return { anyOf: members.map((member) => toJson(member, false)) };
}

/** A primitive zod-to-json-schema may fold into a `type` list: no `.optional()` wrapper, no checks. */
function isBarePrimitive(node: FlowiseSchemaNode): boolean {
  if (node.optional) return false;
  if (node.kind === "number") return !node.int && node.minimum === undefined && node.maximum === undefined;
  return node.kind === "string" || node.kind === "boolean" || node.kind === "null";
}

function isPlainEnum(node: FlowiseSchemaNode): node is FlowiseEnumNode {
  return node.kind === "enum" && !node.optional;
}

/** Each enum adds the values not already merged (repeats within one enum are kept, as there). */
function mergedValues(members: FlowiseEnumNode[]): unknown[] {
  let merged: unknown[] = [];
  for (const { values } of members)
    merged = [...merged, ...values.filter((value) => !merged.includes(value))];
  return merged;
}

/**
 * zod-to-json-schema asks zod (`isOptional()`, a parse of `undefined`): optional wrappers and unknown
 * accept it, so does a union with such a member. zod cannot even report the type error of an enum
 * whose values are not a list, and a schema that throws counts as optional there.
 */
function acceptsUndefined(node: FlowiseSchemaNode): boolean {
  if (node.optional || node.kind === "unknown") return true;
  if (node.kind === "union") return node.members.some(acceptsUndefined);
  if (node.kind === "enum") return !Array.isArray(node.values);
  return false;
}
