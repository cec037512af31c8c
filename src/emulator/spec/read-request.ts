import { parseJsonExact } from "../../json/exact-json.js";
import { readStreamWithin } from "../../net/read-stream-within.js";
import { declaresContentType, isJsonMediaType, isXmlMediaType } from "../../openapi/media-types.js";
import type { ParameterObject, SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { nestsTooDeep, TOO_DEEP_MESSAGE } from "../json-depth.js";
import type { SchemaCheck } from "./schema-validator.js";
import { textAsType, typeOf } from "./text-as-type.js";
import type { Direction } from "./to-json-schema.js";
import { readXmlBody } from "./xml-body.js";

/** Our limit where a spec is silent: larger bodies get 413. */
export const SPEC_BODY_LIMIT_BYTES = 1024 * 1024;

export type CheckerFor = (schema: SchemaObject, direction: Direction) => SchemaCheck;

/** Why a request is refused: the status class (`invalid` is 400, or 422 where the spec says so) and what. */
export type RequestProblem = { ok: false; problem: "invalid" | "too-large" | "media-type"; message: string };

/** Headers every client sends and no parameter describes (OpenAPI ignores them as parameters). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * The path, query and header parameters of a request (its URL parsed once, by the caller), each turned
 * into the type its schema gives
 * (`"7"` → 7 for an integer) and checked against that schema; a missing required one is a problem.
 */
export function readParameters(
  request: Request,
  url: URL,
  operation: IndexedOperation,
  pathValues: Record<string, string>,
  checkerFor: CheckerFor,
): { ok: true; path: Record<string, unknown> } | RequestProblem {
  const query = url.searchParams;
  const path: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    const raw = rawValues(parameter, request, query, pathValues);
    if (raw === undefined) continue;
    if (raw.length === 0) {
      if (parameter.required || parameter.in === "path") return invalid(`${label(parameter)} is required`);
      continue;
    }
    const value = coerce(raw, parameter.schema);
    const problem = parameter.schema ? checkerFor(parameter.schema, "request")(value) : undefined;
    if (problem) return invalid(`${label(parameter)} ${problem}`);
    if (parameter.in === "path") path[parameter.name] = value;
  }
  return { ok: true, path };
}

/** The values given for a parameter (none when absent), or undefined for one tooldeck does not check. */
function rawValues(
  parameter: ParameterObject,
  request: Request,
  query: URLSearchParams,
  pathValues: Record<string, string>,
): string[] | undefined {
  switch (parameter.in) {
    case "path": {
      const value = pathValues[parameter.name];
      return value === undefined ? [] : [value];
    }
    case "query":
      return parameter.style === "deepObject" ? undefined : query.getAll(parameter.name);
    case "header": {
      if (IGNORED_HEADERS.has(parameter.name.toLowerCase())) return undefined;
      const value = request.headers.get(parameter.name);
      return value === null ? [] : [value];
    }
    default:
      return undefined;
  }
}

function label(parameter: ParameterObject): string {
  return `${parameter.in} parameter "${parameter.name}"`;
}

/** Text from a URL as the schema's type: numbers and booleans parsed, arrays from repeats or commas. */
function coerce(raw: readonly string[], schema: SchemaObject | undefined): unknown {
  const type = typeOf(schema);
  if (type === "array") {
    const values = raw.length === 1 ? (raw[0] as string).split(",") : raw;
    return values.map((value) => textAsType(value, schema?.items));
  }
  return textAsType(raw.at(-1) as string, schema);
}

/** A request body read, parsed as its media type says, and checked against its schema. */
export type BodyRead = { ok: true; present: boolean; value: unknown } | RequestProblem;

/**
 * Reads and checks the body of a request: at most 1 MiB (413 beyond), a `Content-Type` the operation
 * declares (415), JSON that parses and nests at most 256 levels, XML as its schema describes it
 * (`readXmlBody`), forms as objects, the schema of that media type. An operation without a request body
 * ignores what is sent.
 */
export async function readBody(
  request: Request,
  operation: IndexedOperation,
  checkerFor: CheckerFor,
): Promise<BodyRead> {
  const declared = operation.requestBody;
  if (!declared) return absent(false);
  const bytes = await readBytesWithin(request, SPEC_BODY_LIMIT_BYTES);
  if (!bytes)
    return {
      ok: false,
      problem: "too-large",
      message: `request body is larger than ${SPEC_BODY_LIMIT_BYTES} bytes`,
    };
  if (bytes.length === 0) return absent(declared.required === true);
  const sent = request.headers.get("content-type") ?? "";
  const types = Object.keys(declared.content ?? {});
  const type = declaresContentType(types, sent);
  if (type === undefined) {
    return {
      ok: false,
      problem: "media-type",
      message: `Content-Type ${sent === "" ? "(none)" : `"${sent}"`} is not one of ${types.join(", ")}`,
    };
  }
  const schema = declared.content[type]?.schema;
  const parsed = await parseBody(bytes, sent, schema);
  if (!parsed.ok) return parsed;
  const value = schema ? coerceForm(parsed.value, schema, sent) : parsed.value;
  const problem = schema ? checkerFor(schema, "request")(value) : undefined;
  return problem
    ? invalid(`request body ${problem}`.replace("body /", "body: /"))
    : { ok: true, present: true, value };
}

/**
 * The body's bytes, or undefined when it is over the limit. A declared Content-Length is trusted (Node's
 * parser enforces it): `arrayBuffer()` keeps @hono/node-server on its fast path, where touching the
 * web stream costs a POST three quarters of its throughput. Without one (chunked, or an in-process
 * Request), the stream is counted as it is read.
 */
async function readBytesWithin(request: Request, limit: number): Promise<Buffer | undefined> {
  const length = request.headers.get("content-length");
  if (length !== null && !request.headers.has("transfer-encoding")) {
    return Number(length) > limit ? undefined : Buffer.from(await request.arrayBuffer());
  }
  return request.body ? readStreamWithin(request.body, limit) : Buffer.alloc(0);
}

function absent(required: boolean): BodyRead {
  return required ? invalid("request body is required") : { ok: true, present: false, value: undefined };
}

async function parseBody(
  bytes: Buffer,
  contentType: string,
  schema: SchemaObject | undefined,
): Promise<{ ok: true; value: unknown } | RequestProblem> {
  const bare = contentType.split(";")[0]?.trim().toLowerCase();
  const text = bytes.toString("utf8");
  if (isJsonMediaType(contentType)) {
    if (nestsTooDeep(text)) return invalid(TOO_DEEP_MESSAGE);
    try {
      return { ok: true, value: parseJsonExact(text) };
    } catch {
      return invalid("request body is not valid JSON");
    }
  }
  if (isXmlMediaType(contentType)) {
    const xml = await readXmlBody(text, schema);
    return xml.ok ? xml : invalid(xml.message);
  }
  if (bare === "application/x-www-form-urlencoded") {
    return { ok: true, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (bare === "multipart/form-data") {
    try {
      const form = await new Response(new Uint8Array(bytes), {
        headers: { "content-type": contentType },
      }).formData();
      const fields = [...form].map(([name, value]) => [name, typeof value === "string" ? value : value.name]);
      return { ok: true, value: Object.fromEntries(fields) };
    } catch {
      return invalid("request body is not valid multipart/form-data");
    }
  }
  return { ok: true, value: text };
}

/** Form fields arrive as text: numbers and booleans are read as the schema's property types say. */
function coerceForm(value: unknown, schema: SchemaObject, contentType: string): unknown {
  const form = !isJsonMediaType(contentType) && !isXmlMediaType(contentType);
  if (!form || typeof value !== "object" || value === null) return value;
  const properties = schema.properties ?? {};
  return Object.fromEntries(
    Object.entries(value as Record<string, string>).map(([name, text]) => [
      name,
      textAsType(text, properties[name]),
    ]),
  );
}

function invalid(message: string): RequestProblem {
  return { ok: false, problem: "invalid", message };
}
