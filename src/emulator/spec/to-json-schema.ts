import type { SchemaObject } from "../../openapi/openapi-document.js";
import { compileInputPattern } from "../../text/input-pattern.js";
import { withDiscriminator, withNullable } from "./openapi-dialect.js";
import { PLACEHOLDER_FORMAT, whyNotGenerated } from "./pattern-generation.js";

/** Which side of the exchange a schema judges: `readOnly` fields are not asked of requests, `writeOnly` not of answers. */
export type Direction = "request" | "response";

type Json = Record<string, unknown>;

/**
 * An OpenAPI schema as plain JSON Schema that ajv and the generator read. A loaded spec's schemas are
 * object graphs (every `$ref` resolved to its shared target), so a recursive schema is a cycle: each
 * object met again while it is still being copied becomes a `$ref` into `$defs`. On the way, OpenAPI
 * 3.0's dialect becomes JSON Schema (`nullable` and `x-nullable` with or without `type`, a
 * `discriminator`'s branches, boolean `exclusiveMinimum`/`exclusiveMaximum`: `openapi-dialect.ts`), and
 * the required fields that do not apply to this direction are dropped.
 */
export function toJsonSchema(
  schema: SchemaObject | undefined,
  direction: Direction,
  options: { forGeneration?: boolean } = {},
): Json {
  if (schema === undefined || typeof schema !== "object" || schema === null) return {};
  const recursive = findRecursive(schema);
  const defs: Json = {};
  const names = new Map<object, string>();
  const copy = (node: unknown, top = false): unknown => {
    if (typeof node !== "object" || node === null) return node;
    if (Array.isArray(node)) return node.map((item) => copy(item));
    if (!top && recursive.has(node)) {
      let name = names.get(node);
      if (name === undefined) {
        name = `s${names.size}`;
        names.set(node, name);
        defs[name] = convert(node as Json, direction, copy, options.forGeneration === true);
      }
      return { $ref: `#/$defs/${name}` };
    }
    return convert(node as Json, direction, copy, options.forGeneration === true);
  };
  const root = recursive.has(schema) ? copy(schema, false) : copy(schema, true);
  return Object.keys(defs).length > 0 ? { ...(root as Json), $defs: defs } : (root as Json);
}

/** Keys whose values are data, not schemas: copied as they are. */
const DATA_KEYS = new Set(["enum", "const", "default", "example", "examples", "required", "x-tooldeck-id"]);

/** Keys whose values map names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas"]);

/**
 * Whether ajv is given a pattern: one RE2 cannot run (`compileInputPattern`), or that is not one, is
 * left out, so the rest of its schema is still checked.
 */
function isMatchable(pattern: string): boolean {
  return compileInputPattern(pattern).ok;
}

/** Keys left out: documentation, and extensions other than tooldeck's (data nobody validates). */
function isDropped(key: string): boolean {
  return (
    key === "$defs" ||
    key === "definitions" ||
    key === "discriminator" ||
    key === "nullable" ||
    key === "xml" ||
    key === "externalDocs" ||
    (key.startsWith("x-") && !DATA_KEYS.has(key))
  );
}

/** The schemas directly inside a schema node (or an array of them), in the order `convert` copies them. */
export function childSchemas(node: object): unknown[] {
  if (Array.isArray(node)) return node;
  const children: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (isDropped(key) || DATA_KEYS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) children.push(...Object.values(value));
    else children.push(value);
  }
  return children;
}

/** Sizes a generated value may have at most: a description asking for `minItems: 1e9` gets 50. */
const GENERATION_CAP = 50;
const SIZE_KEYS = ["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"];

function convert(
  node: Json,
  direction: Direction,
  copy: (node: unknown) => unknown,
  forGeneration: boolean,
): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (isDropped(key)) continue;
    // json-schema-faker matches patternProperties with JavaScript's RegExp (on property names the spec
    // chooses): a generated value has none of them.
    if (forGeneration && key === "patternProperties") continue;
    if (key === "pattern" && (typeof value !== "string" || !isMatchable(value))) continue;
    if (DATA_KEYS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const entries = Object.entries(value).filter(
        ([name]) => key !== "patternProperties" || isMatchable(name),
      );
      out[key] = Object.fromEntries(entries.map(([name, sub]) => [name, copy(sub)]));
    } else out[key] = copy(value);
  }
  for (const [bound, limit] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof node[bound] !== "boolean") continue;
    if (node[bound] === true && typeof node[limit] === "number") {
      out[bound] = node[limit];
      delete out[limit];
    } else delete out[bound];
  }
  if (forGeneration) capForGeneration(node, out);
  if (Array.isArray(node.required) && isObject(node.properties)) {
    const skip = direction === "request" ? "readOnly" : "writeOnly";
    const properties = node.properties as Record<string, unknown>;
    out.required = node.required.filter(
      (name) => !(isObject(properties[name]) && (properties[name] as Json)[skip] === true),
    );
  }
  return withNullable(node, withDiscriminator(node, out));
}

/**
 * A hostile description cannot make the generator build a huge value: sizes are capped, and a string
 * whose pattern is not generated from (`whyNotGenerated`: one whose strings may be too long to make, or
 * one the emulator does not check) is the placeholder, through a format json-schema-faker is given.
 */
function capForGeneration(node: Json, out: Json): void {
  for (const key of SIZE_KEYS) {
    if (typeof out[key] === "number") out[key] = Math.min(out[key] as number, GENERATION_CAP);
  }
  if (typeof node.pattern === "string" && whyNotGenerated(node.pattern) !== undefined) {
    delete out.pattern;
    out.format = PLACEHOLDER_FORMAT;
  }
}

/** The objects of a schema graph that are reached again from inside themselves. */
function findRecursive(root: object): Set<object> {
  const recursive = new Set<object>();
  const done = new Set<object>();
  const onPath = new Set<object>();
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    if (onPath.has(node)) {
      recursive.add(node);
      return;
    }
    if (done.has(node)) return;
    onPath.add(node);
    for (const child of childSchemas(node)) visit(child);
    onPath.delete(node);
    done.add(node);
  };
  visit(root);
  return recursive;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
