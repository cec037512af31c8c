import { STATUS_CODES } from "node:http";
import { stringifyJsonExact } from "../../json/exact-json.js";
import { jsonMedia, jsonMediaEntry, mediaExample } from "../../openapi/media-types.js";
import type { ResponseObject, SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { emptyResponse } from "../status-text.js";
import { generateFitting } from "./generate-value.js";
import type { CheckerFor } from "./read-request.js";

/** The success status an action answers with, the response the spec declares for it, and its media type. */
export interface Success {
  status: number;
  response: ResponseObject | undefined;
  /** The declared JSON media type (`application/vnd.github+json`), else `application/json`. */
  type: string;
}

const successes = new WeakMap<IndexedOperation, Map<readonly number[], Success>>();

/**
 * The success status to answer with: the first of `preferred` the operation declares, else its first
 * declared 2xx (`2XX` as 200), else 200. Worked out once per operation and `preferred` (a constant).
 */
export function successOf(operation: IndexedOperation, preferred: readonly number[]): Success {
  let byPreferred = successes.get(operation);
  if (!byPreferred) {
    byPreferred = new Map();
    successes.set(operation, byPreferred);
  }
  let success = byPreferred.get(preferred);
  if (!success) {
    success = findSuccess(operation, preferred);
    byPreferred.set(preferred, success);
  }
  return success;
}

function findSuccess(operation: IndexedOperation, preferred: readonly number[]): Success {
  const declared = Object.keys(operation.responses);
  const status =
    preferred.find((code) => declared.includes(String(code))) ??
    declared
      .filter((code) => /^2\d\d$/.test(code))
      .map(Number)
      .sort()[0] ??
    (declared.includes("2XX") ? 200 : (preferred[0] ?? 200));
  const response = documented(operation, status);
  return { status, response, type: jsonMediaEntry(response?.content)?.[0] ?? "application/json" };
}

/** The response an operation declares for a status: exact, by class (`4XX`), or `default`. */
export function documented(operation: IndexedOperation, status: number): ResponseObject | undefined {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** The schema of a declared response's JSON body, if it has one. */
export function bodySchemaOf(response: ResponseObject | undefined): SchemaObject | undefined {
  return jsonMedia(response?.content)?.schema;
}

/** A JSON answer with its reason phrase (`201 Created`). */
export function jsonAnswer(status: number, body: unknown, type = "application/json"): Response {
  return new Response(stringifyJsonExact(body), {
    status,
    statusText: STATUS_CODES[status] ?? "",
    headers: { "content-type": type },
  });
}

/**
 * The answer for a declared response without a stored item behind it: its example when it has one,
 * else data generated from its schema (seeded: the same operation answers the same), else no body.
 */
export function exampleAnswer(success: Success, seed: number, checkerFor: CheckerFor): Response {
  const media = jsonMedia(success.response?.content);
  if (!media || success.status === 204 || success.status === 304) return emptyResponse(success.status);
  const example = mediaExample(media);
  const schema = media.schema;
  if (example && (!schema || checkerFor(schema, "response")(example.value) === undefined)) {
    return jsonAnswer(success.status, example.value, success.type);
  }
  if (!schema) return jsonAnswer(success.status, {}, success.type);
  const check = checkerFor(schema, "response");
  const value = generateFitting(schema, "response", seed, (candidate) => check(candidate) === undefined);
  return jsonAnswer(success.status, value, success.type);
}

/**
 * An error answer that fits what the operation declares for the status, in its declared media type:
 * RFC 9457 problem details for `application/problem+json` (`type` `about:blank`, `title` the reason
 * phrase, `status`, `detail` the message, the rest of its schema generated); another JSON schema
 * generated with its message fields (`message`, `error`, `detail`…) holding the message and a numeric
 * `status`/`code` the status; a declared response without a body as an empty body. Where nothing is
 * declared for the status, problem details.
 */
export function errorAnswer(
  operation: IndexedOperation | undefined,
  status: number,
  message: string,
  checkerFor: CheckerFor,
  headers: Record<string, string> = {},
): Response {
  const response = operation ? documented(operation, status) : undefined;
  if (response === undefined) return problemAnswer(status, message, headers);
  const [type, media] = jsonMediaEntry(response.content) ?? [];
  const schema = media?.schema;
  const problem = type !== undefined && /^application\/problem\+json/i.test(type);
  if (!schema) {
    if (problem) return problemAnswer(status, message, headers);
    return withHeaders(emptyResponse(status), headers);
  }
  const check = checkerFor(schema, "response");
  const fits = (value: unknown) => check(value) === undefined;
  const fill = (value: unknown) =>
    problem ? fillProblem(value, message, status) : fillMessage(value, message, status);
  const generated = generateFitting(schema, "response", status, (value) => fits(fill(value)));
  const filled = fill(generated);
  return withHeaders(jsonAnswer(status, fits(filled) ? filled : generated, type), headers);
}

/** RFC 9457 problem details: what an error answer is when the spec says nothing about it. */
export function problemAnswer(
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  return withHeaders(jsonAnswer(status, problemDetails(status, detail), "application/problem+json"), headers);
}

function problemDetails(status: number, detail: string) {
  return { type: "about:blank", title: STATUS_CODES[status] ?? "Error", status, detail };
}

/** A generated problem object with RFC 9457's members said (a `type` URI, never the message). */
function fillProblem(value: unknown, message: string, status: number): unknown {
  const generated = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  return { ...generated, ...problemDetails(status, message) };
}

const STATUS_FIELD = /^(status|code|status_?code|http_?status)$/i;
const MESSAGE_FIELD = /^(message|detail|details|error|error_?message|description|reason|msg|title)$/i;

/**
 * The message in a generated error body: its message fields (two levels deep) say it, or every text
 * field when it has none; a `status`/`code` says the status (as a number, or as text where it is text).
 */
function fillMessage(value: unknown, message: string, status: number): unknown {
  const named = fillFields(value, message, status, 0, true);
  return named.filled ? named.value : fillFields(value, message, status, 0, false).value;
}

function fillFields(
  value: unknown,
  message: string,
  status: number,
  depth: number,
  namedOnly: boolean,
): { value: unknown; filled: boolean } {
  if (typeof value === "string") return { value: namedOnly ? value : message, filled: !namedOnly };
  if (typeof value !== "object" || value === null || depth > 2) return { value, filled: false };
  let filled = false;
  const fillChild = (child: unknown, key?: string) => {
    if (key !== undefined && STATUS_FIELD.test(key) && typeof child === "number") return status;
    if (key !== undefined && STATUS_FIELD.test(key) && typeof child === "string" && /^\d+$/.test(child))
      return String(status);
    if (key !== undefined && namedOnly && MESSAGE_FIELD.test(key) && typeof child === "string") {
      filled = true;
      return message;
    }
    const inner = fillFields(child, message, status, depth + 1, namedOnly);
    filled ||= inner.filled;
    return inner.value;
  };
  if (Array.isArray(value)) return { value: value.map((item) => fillChild(item)), filled };
  const record = { ...(value as Record<string, unknown>) };
  for (const [key, field] of Object.entries(record)) record[key] = fillChild(field, key);
  return { value: record, filled };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
