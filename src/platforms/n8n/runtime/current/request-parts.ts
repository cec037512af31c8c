import { setField } from "../../../../json/field-path.js";
import { isPlainObject } from "../../../../json/json-value.js";
import { N8nNodeError } from "../node-failure.js";

/** A key/value row of the current node (`queryParameters.parameters[i]` and the like), as rendered. */
export interface Row {
  name: unknown;
  value: unknown;
}

/** The rows of a fixed collection (`{ parameters: [...] }`), objects only. */
export function rowsOf(collection: unknown): Row[] {
  const rows = isPlainObject(collection) && Array.isArray(collection.parameters) ? collection.parameters : [];
  return rows.filter(isPlainObject).map((row) => ({ name: row.name, value: row.value }));
}

/**
 * Rows as n8n folds them into query, header and form values: a name set twice keeps the last value
 * before typeVersion 4.3, and becomes a list from 4.3 on (n8n-nodes-base's HttpRequest GenericFunctions).
 */
export function foldRows(rows: readonly Row[], typeVersion: number): Record<string, unknown> {
  const folded: Record<string, unknown> = Object.create(null);
  for (const { name, value } of rows) {
    const key = String(name);
    const existing = folded[key];
    if (typeVersion < 4.3 || existing === undefined) folded[key] = value;
    else folded[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return folded;
}

/**
 * A keypair JSON body (typeVersion 4+): each name is a lodash path, so `a.b` nests (`{"a":{"b":…}}`);
 * a name through `__proto__`, `constructor` or `prototype` is left out, as lodash `set` leaves it.
 */
export function jsonBodyOfRows(rows: readonly Row[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { name, value } of rows) setField(body, String(name), value);
  return body;
}

/** n8n's parse of a JSON text parameter, with its error when the text is not JSON (fact 16). */
export function parseJsonParameter(value: unknown, field: string): unknown {
  try {
    // JSON.parse reads any value as its text, as n8n's call does ("[object Object]" fails).
    return JSON.parse(String(value));
  } catch {
    throw new N8nNodeError(`The value in the "${field}" field is not valid JSON`);
  }
}

/** Header names lower-cased, as the node does by default (option Lowercase Headers). */
export function keysToLowercase(headers: unknown): Record<string, unknown> {
  if (!isPlainObject(headers)) return {};
  const lowered: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return lowered;
}

/**
 * A header value as the HTTP client sends it: text, a list joined with `, `; `undefined`, `null` and
 * `false` leave the header out (fact 20).
 */
export function headerText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.map(String).join(", ") : String(value);
}
