import { z } from "zod";
import { invalidJsonMessage, parseFlowiseJson } from "../../../config/flowise-json.js";
import { joinPath } from "../../../config/json-path.js";
import { reportZodIssues } from "../../../config/report-zod-issues.js";
import { BodyFieldSpecSchema, ParamSpecSchema } from "../../../config/request-tool-config.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import { flowiseHtmlToText } from "./flowise-html-to-text.js";
import type { FlowiseInputReader, PickedInput } from "./flowise-input-reader.js";

/** A text input (name, description, URL) or undefined when absent or not text (reported). */
export function readText(picked: PickedInput | undefined, reader: FlowiseInputReader): string | undefined {
  if (picked === undefined) return undefined;
  if (typeof picked.value === "string") return picked.value;
  reader.fail(picked.path, `expected string, received ${describeType(picked.value)}`);
  return undefined;
}

/** Headers: an object as it is, or a JSON object string (HTML-stripped first, as Flowise does). */
export function readHeaders(
  picked: PickedInput | undefined,
  reader: FlowiseInputReader,
  toText: (html: string) => string = flowiseHtmlToText,
): Record<string, string> | undefined {
  if (picked === undefined) return {};
  const parsed = readJsonObject(picked, reader, toText);
  if (parsed === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    // fetch turns number and boolean header values into text, so Flowise accepts them.
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      headers[name] = String(value);
    } else {
      reader.fail(joinPath(picked.path, name), `expected string, received ${describeType(value)}`);
    }
  }
  return headers;
}

/** The fixed Body: an object as it is, or a JSON object string (not HTML-stripped: Flowise does not). */
export function readBody(
  picked: PickedInput | undefined,
  reader: FlowiseInputReader,
): Record<string, unknown> | undefined {
  return picked === undefined ? undefined : readJsonObject(picked, reader, (text) => text);
}

function readJsonObject(
  picked: PickedInput,
  reader: FlowiseInputReader,
  prepare: (text: string) => string,
): Record<string, unknown> | undefined {
  let value = picked.value;
  if (typeof value === "string") {
    const parsed = parseFlowiseJson(prepare(value));
    if (!parsed.ok) {
      reader.fail(picked.path, invalidJsonMessage(parsed));
      return undefined;
    }
    value = parsed.value;
  }
  if (isPlainObject(value)) return value;
  reader.fail(picked.path, `expected a JSON object, received ${describeType(value)}`);
  return undefined;
}

const SCHEMA_FALLBACKS = {
  params: "Flowise shows the LLM free-form query parameters and then sends none of them",
  body: "Flowise silently drops the Body Schema, and then ignores any body the LLM sends",
} as const;

const ENTRY_SCHEMAS = {
  params: z.record(z.string(), ParamSpecSchema),
  body: z.record(z.string(), BodyFieldSpecSchema),
} as const;

/**
 * A Query Params Schema or Body Schema: a JSON string Flowise parses leniently. What Flowise cannot parse
 * it silently ignores; that is kept (no schema) with a warning. Entries that parse but do not fit the
 * model are errors at their path (`…QueryParamsSchema.id.in: expected "path" or "query"`).
 */
export function readSchema<K extends keyof typeof ENTRY_SCHEMAS>(
  picked: PickedInput | undefined,
  reader: FlowiseInputReader,
  kind: K,
  toText: (html: string) => string = flowiseHtmlToText,
): z.infer<(typeof ENTRY_SCHEMAS)[K]> | undefined {
  if (picked === undefined) return undefined;
  const parsed = parseSchemaText(picked, reader, kind, toText);
  if (parsed === undefined || Object.keys(parsed).length === 0) return undefined;
  const result = ENTRY_SCHEMAS[kind].safeParse(parsed);
  if (result.success) return result.data as z.infer<(typeof ENTRY_SCHEMAS)[K]>;
  reportZodIssues(result.error, picked.path, reader.fail);
  return undefined;
}

function parseSchemaText(
  picked: PickedInput,
  reader: FlowiseInputReader,
  kind: keyof typeof SCHEMA_FALLBACKS,
  toText: (html: string) => string,
): Record<string, unknown> | undefined {
  const fallback = SCHEMA_FALLBACKS[kind];
  if (typeof picked.value !== "string") {
    // Flowise strips HTML from a Body Schema first, which throws on anything but text: no tool at all.
    if (kind === "body") reader.fail(picked.path, `expected string, received ${describeType(picked.value)}`);
    else
      reader.warn(picked.path, `expected a JSON string, received ${describeType(picked.value)}: ${fallback}`);
    return undefined;
  }
  // Flowise strips HTML from a Body Schema but not from a Query Params Schema.
  const text = kind === "body" ? toText(picked.value) : picked.value;
  const parsed = parseFlowiseJson(text);
  if (!parsed.ok) {
    reader.warn(picked.path, `not valid JSON (${parsed.reason}): ${fallback}`);
    return undefined;
  }
  if (isPlainObject(parsed.value)) return parsed.value;
  reader.warn(picked.path, `not a JSON object (${describeType(parsed.value)}): ${fallback}`);
  return undefined;
}

/** Whether a Query Params Schema is text Flowise cannot read as a JSON object (then it drops every param). */
export function isUnparsableSchema(picked: PickedInput | undefined): boolean {
  if (typeof picked?.value !== "string" || picked.value.trim() === "") return false;
  const parsed = parseFlowiseJson(picked.value);
  return !parsed.ok || !isPlainObject(parsed.value);
}

/**
 * Max Output Length: Flowise applies `parseInt` to a truthy value, so "2000" → 2000, blank → no limit,
 * and the number 0 (falsy) → no limit while the text "0" → an always-empty output.
 */
export function readMaxOutputLength(
  picked: PickedInput | undefined,
  reader: FlowiseInputReader,
): number | undefined {
  if (picked === undefined) return undefined;
  const value = Number.parseInt(String(picked.value), 10);
  if (typeof picked.value === "object" || Number.isNaN(value)) {
    reader.fail(picked.path, `expected a whole number, received ${JSON.stringify(picked.value)}`);
    return undefined;
  }
  return value;
}
