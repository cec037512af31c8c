import { isPlainObject } from "../../json/json-value.js";
import { mergeAllOf } from "../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";

/**
 * The fields a recorded answer carried that the old description's response declared and the new one's
 * no longer does: top-level fields of an object body, or of each item of an array body (`[].location`).
 * The response of the recorded status is compared, else `2XX`, else `default`.
 * @example
 * removedResponseFields(getEvent, getEventNext, 200, { id: "1", location: "Berlin" }); // ["location"]
 */
export function removedResponseFields(
  before: IndexedOperation,
  after: IndexedOperation,
  status: number | undefined,
  body: unknown,
): string[] {
  if (status === undefined || body === undefined) return [];
  const old = responseSchema(before, status);
  const next = responseSchema(after, status);
  if (!old || !next) return [];
  if (Array.isArray(body)) {
    const carried = new Set(body.filter(isPlainObject).flatMap((item) => Object.keys(item)));
    return removed(old.items, next.items, carried).map((name) => `[].${name}`);
  }
  return isPlainObject(body) ? removed(old, next, new Set(Object.keys(body))) : [];
}

function removed(
  old: SchemaObject | undefined,
  next: SchemaObject | undefined,
  carried: ReadonlySet<string>,
): string[] {
  const had = propertiesOf(old);
  const has = propertiesOf(next);
  if (!had || !has) return [];
  return [...carried].filter((name) => had.has(name) && !has.has(name));
}

function propertiesOf(schema: SchemaObject | undefined): Set<string> | undefined {
  if (!schema) return undefined;
  const merged = mergeAllOf(schema);
  return merged.properties ? new Set(Object.keys(merged.properties)) : undefined;
}

function responseSchema(operation: IndexedOperation, status: number): SchemaObject | undefined {
  const { responses } = operation;
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const content = response?.content ?? {};
  const media =
    content["application/json"] ?? Object.entries(content).find(([type]) => type.endsWith("+json"))?.[1];
  return media?.schema ? mergeAllOf(media.schema) : undefined;
}
