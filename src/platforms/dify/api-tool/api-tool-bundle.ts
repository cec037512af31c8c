import { isPlainObject } from "../../../json/json-value.js";

/** The types Dify gives a custom tool's parameter (fact 59); `file`/`files` are never shown to the model. */
export type DifyParameterType = "string" | "number" | "boolean" | "file" | "files";

/** Where a parameter goes on the wire: an operation parameter's `in`, or a property of the body. */
export type DifyParameterPlace = "path" | "query" | "header" | "cookie" | "body" | "other";

/** One parameter of a Dify API tool, as Dify's parser makes it (fact 58): all `form: llm`. */
export interface DifyApiParameter {
  name: string;
  type: DifyParameterType;
  required: boolean;
  /** `llm_description`: the entry's or property's `description`, "" when absent. */
  description: string;
  /** `schema.default` of an operation parameter, `default` of a body property. */
  default?: unknown;
  in: DifyParameterPlace;
  /** The type the document declared, for lint messages: `object`, `array`, `oneOf`, `untyped`… */
  declared: string;
}

/** One tool Dify makes of an operation (facts 55–61). */
export interface DifyApiBundle {
  /** The operationId, or Dify's path-derived name (fact 56). */
  name: string;
  method: string;
  /** The path as written under `paths`. */
  path: string;
  /** `servers[0].url + path`, `{name}` placeholders kept (fact 55). */
  url: string;
  /** The operation's `description`, else its `summary` (fact 57). */
  summary?: string;
  parameters: DifyApiParameter[];
  /** The operation as the call reads it, its body schemas resolved one level (fact 60). */
  operation: Record<string, unknown>;
  /** `Parameter id is duplicated.` (fact 61). */
  warnings: string[];
}

/** The bundles of a document, or why Dify refuses it (one line). */
export type DifyBundles = { ok: true; bundles: DifyApiBundle[] } | { ok: false; message: string };

const METHODS = ["get", "post", "put", "delete", "patch", "head", "options", "trace"] as const;

/**
 * Every tool Dify's `parse_openapi_to_tool_bundle` makes of a document that `parseDifyApiDocument` took
 * (facts 55–61): one per operation; path-level `parameters` ignored; only `servers[0].url`; a request body
 * `$ref` resolved by walking from the root, one level, and the parameters read from the **last** media type.
 * A parameter entry that is only a `$ref` has no `name`, and Dify's parse fails on it.
 * @example
 * const parsed = difyApiBundles(document);
 * if (parsed.ok) parsed.bundles.map((bundle) => bundle.name); // ["getEvents", "events_post"]
 */
export function difyApiBundles(document: Record<string, unknown>): DifyBundles {
  const server = firstServerUrl(document);
  if (server === undefined) return { ok: false, message: "No server found in the openapi yaml." };
  const bundles: DifyApiBundle[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, unknown>)) {
    if (!isPlainObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isPlainObject(operation)) continue;
      const bundle = toBundle(document, server, path, method, operation);
      if (!bundle.ok) return bundle;
      bundles.push(bundle.bundle);
    }
  }
  return { ok: true, bundles };
}

function firstServerUrl(document: Record<string, unknown>): string | undefined {
  const [first] = Array.isArray(document.servers) ? document.servers : [];
  return isPlainObject(first) && typeof first.url === "string" ? first.url : undefined;
}

function toBundle(
  document: Record<string, unknown>,
  server: string,
  path: string,
  method: string,
  given: Record<string, unknown>,
): { ok: true; bundle: DifyApiBundle } | { ok: false; message: string } {
  const operation = { ...given };
  const parameters: DifyApiParameter[] = [];
  for (const entry of Array.isArray(operation.parameters) ? operation.parameters : []) {
    const parameter = operationParameter(entry);
    if (typeof parameter === "string") return { ok: false, message: `${method} ${path}: ${parameter}` };
    parameters.push(parameter);
  }
  const body = bodyParameters(document, operation);
  if (!body.ok) return { ok: false, message: `${method} ${path}: ${body.message}` };
  parameters.push(...body.parameters);
  const summary = textOf(operation.description) ?? textOf(operation.summary);
  return {
    ok: true,
    bundle: {
      name: typeof operation.operationId === "string" ? operation.operationId : derivedName(path, method),
      method,
      path,
      url: server + path,
      ...(summary === undefined ? {} : { summary }),
      parameters,
      operation,
      warnings: duplicateWarnings(parameters),
    },
  };
}

function textOf(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

/**
 * Dify's name for an operation without operationId (fact 56): the path without its leading `/`, every
 * character outside `[a-zA-Z0-9_-]` deleted, then `_<method>`. An empty path gives a random UUID in the
 * version read and `<root>_get` in the newest tests: tooldeck writes `root_<method>` and says so (docs).
 */
export function derivedName(path: string, method: string): string {
  const cleaned = path.replace(/^\//, "").replace(/[^a-zA-Z0-9_-]/g, "");
  return `${cleaned === "" ? "root" : cleaned}_${method}`;
}

/** An entry of the operation's `parameters`, or why Dify's parse fails on it. */
function operationParameter(entry: unknown): DifyApiParameter | string {
  if (!isPlainObject(entry) || typeof entry.name !== "string")
    return isPlainObject(entry) && "$ref" in entry
      ? `a parameter that is only a $ref (${String(entry.$ref)}) is not resolved by Dify, whose parse fails on it (KeyError: 'name')`
      : "a parameter without a name (KeyError: 'name')";
  const schema = isPlainObject(entry.schema) ? entry.schema : undefined;
  const place = typeof entry.in === "string" && isPlace(entry.in) ? entry.in : "other";
  return {
    name: entry.name,
    ...parameterType(entry),
    required: entry.required === true,
    description: typeof entry.description === "string" ? entry.description : "",
    ...(schema && "default" in schema ? { default: schema.default } : {}),
    in: place,
  };
}

function isPlace(value: string): value is DifyParameterPlace {
  return ["path", "query", "header", "cookie"].includes(value);
}

/**
 * `_get_tool_parameter_type` (fact 59): `format: binary` → file; `type` (or `schema.type`) integer or
 * number → number, boolean, string; an array of binary items → files; anything else (object, array,
 * `oneOf`, `allOf`, none) → left a string.
 */
export function parameterType(entry: Record<string, unknown>): { type: DifyParameterType; declared: string } {
  if (entry.format === "binary") return { type: "file", declared: "file" };
  const schema = isPlainObject(entry.schema) ? entry.schema : {};
  const type = "type" in entry ? entry.type : schema.type;
  if (type === "integer" || type === "number") return { type: "number", declared: type };
  if (type === "boolean" || type === "string") return { type, declared: type };
  if (type === "array") {
    const items = isPlainObject(entry.items) ? entry.items : isPlainObject(schema.items) ? schema.items : {};
    return { type: items.format === "binary" ? "files" : "string", declared: "array" };
  }
  return { type: "string", declared: typeof type === "string" ? type : untypedShape(entry, schema) };
}

function untypedShape(entry: Record<string, unknown>, schema: Record<string, unknown>): string {
  for (const key of ["oneOf", "allOf", "anyOf", "$ref"]) if (key in entry || key in schema) return key;
  return "untyped";
}

type BodyParameters = { ok: true; parameters: DifyApiParameter[] } | { ok: false; message: string };

/**
 * The first-level properties of the request body (fact 58), from the **last** media type (fact 60): each
 * media type's schema `$ref` is first replaced by what its path from the document's root names.
 */
function bodyParameters(
  document: Record<string, unknown>,
  operation: Record<string, unknown>,
): BodyParameters {
  const requestBody = operation.requestBody;
  if (!isPlainObject(requestBody) || !isPlainObject(requestBody.content)) return { ok: true, parameters: [] };
  const content: Record<string, unknown> = {};
  let last: Record<string, unknown> | undefined;
  for (const [type, media] of Object.entries(requestBody.content)) {
    if (!isPlainObject(media)) continue;
    const resolved = resolvedMedia(document, media);
    if (!resolved.ok) return resolved;
    content[type] = resolved.media;
    last = resolved.media;
  }
  operation.requestBody = { ...requestBody, content };
  const schema = isPlainObject(last?.schema) ? last.schema : undefined;
  if (!schema) return { ok: true, parameters: [] };
  const required = Array.isArray(schema.required) ? schema.required : [];
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  return {
    ok: true,
    parameters: Object.entries(properties).map(([name, property]) => {
      const shape = isPlainObject(property) ? property : {};
      return {
        name,
        ...parameterType(shape),
        required: required.includes(name),
        description: typeof shape.description === "string" ? shape.description : "",
        ...("default" in shape ? { default: shape.default } : {}),
        in: "body" as const,
      };
    }),
  };
}

type ResolvedMedia = { ok: true; media: Record<string, unknown> } | { ok: false; message: string };

/** A media type with its schema's `$ref` replaced, one level, by walking `#/a/b` from the root. */
function resolvedMedia(document: Record<string, unknown>, media: Record<string, unknown>): ResolvedMedia {
  const schema = media.schema;
  if (!isPlainObject(schema) || typeof schema.$ref !== "string") return { ok: true, media };
  let target: unknown = document;
  for (const key of schema.$ref.split("/").slice(1)) {
    if (!isPlainObject(target) || !Object.hasOwn(target, key))
      return { ok: false, message: `request body $ref ${schema.$ref} does not resolve (KeyError: '${key}')` };
    target = target[key];
  }
  return { ok: true, media: { ...media, schema: target } };
}

/** `Parameter <name> is duplicated.` for each name used twice; both parameters stay (fact 61). */
function duplicateWarnings(parameters: readonly DifyApiParameter[]): string[] {
  const counts = new Map<string, number>();
  for (const { name } of parameters) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([name]) => `Parameter ${name} is duplicated.`);
}
