import { STATUS_CODES } from "node:http";
import { jsonMedia, mediaExample } from "../../openapi/media-types.js";
import type { ResponseObject, SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { emptyResponse } from "../status-text.js";
import { generateFitting } from "./generate-value.js";
import type { CheckerFor } from "./read-request.js";

/** The success status an action answers with, and the response the spec declares for it. */
export interface Success {
  status: number;
  response: ResponseObject | undefined;
}

/**
 * The success status to answer with: the first of `preferred` the operation declares, else its first
 * declared 2xx (`2XX` as 200), else 200.
 */
export function successOf(operation: IndexedOperation, preferred: readonly number[]): Success {
  const declared = Object.keys(operation.responses);
  const status =
    preferred.find((code) => declared.includes(String(code))) ??
    declared
      .filter((code) => /^2\d\d$/.test(code))
      .map(Number)
      .sort()[0] ??
    (declared.includes("2XX") ? 200 : (preferred[0] ?? 200));
  return { status, response: documented(operation, status) };
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
  return new Response(JSON.stringify(body), {
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
    return jsonAnswer(success.status, example.value);
  }
  if (!schema) return jsonAnswer(success.status, {});
  const check = checkerFor(schema, "response");
  return jsonAnswer(
    success.status,
    generateFitting(schema, "response", seed, (value) => check(value) === undefined),
  );
}

/**
 * An error answer that fits what the operation declares for the status: a body generated from the
 * declared error schema with its text fields holding the message (`{"error": "…"}`), a declared
 * response without a body as an empty body; where nothing is declared, RFC 9457 problem details.
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
  const schema = bodySchemaOf(response);
  if (!schema) return withHeaders(emptyResponse(status), headers);
  const check = checkerFor(schema, "response");
  const fits = (value: unknown) => check(value) === undefined;
  const filledFits = (value: unknown) => fits(fillMessage(structuredClone(value), message, status, 0));
  const generated = generateFitting(schema, "response", status, filledFits);
  const filled = fillMessage(structuredClone(generated), message, status, 0);
  return withHeaders(jsonAnswer(status, fits(filled) ? filled : generated), headers);
}

/** RFC 9457 problem details: what an error answer is when the spec says nothing about it. */
export function problemAnswer(
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  const title = STATUS_CODES[status] ?? "Error";
  return withHeaders(
    jsonAnswer(status, { type: "about:blank", title, status, detail }, "application/problem+json"),
    headers,
  );
}

const STATUS_FIELD = /^(status|code|status_?code|http_?status)$/i;

/** Every text field (two levels deep) says the message; a numeric `status`/`code` says the status. */
function fillMessage(value: unknown, message: string, status: number, depth: number): unknown {
  if (typeof value === "string") return message;
  if (typeof value !== "object" || value === null || depth > 2) return value;
  if (Array.isArray(value)) return value.map((item) => fillMessage(item, message, status, depth + 1));
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(record)) {
    record[key] =
      typeof field === "number" && STATUS_FIELD.test(key)
        ? status
        : fillMessage(field, message, status, depth + 1);
  }
  return record;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
