import type { MediaTypeObject, ParameterObject, SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { schemaChars } from "./schema-size.js";

/** The property an answer's list is under when the answer is an object (`{ "total": 3, "items": […] }`). */
const LIST_KEYS = new Set([
  "items",
  "data",
  "results",
  "records",
  "entries",
  "values",
  "hits",
  "content",
  "elements",
  "list",
]);
/** Query parameters that say how many items a page holds. */
const PAGE_SIZE = /^(?:per_?page|page_?size|limit|max_?results|\$?top|count|size)$/i;

/** How many items an answer's list holds at most, and what says so. */
export interface ListBound {
  count: number;
  /** `maxItems`, `per_page (max 100)`: said in messages. */
  from: string;
}

/** What an operation's successful JSON answer weighs, from its spec. */
export type AnswerSize =
  | { kind: "bounded"; chars: number; list?: ListBound }
  /** A list nothing bounds: no `maxItems`, no page size; `where` names it (`the answer`, `its items`). */
  | { kind: "unbounded"; where: string; itemChars: number };

/**
 * The size of an operation's successful JSON answer, from its response schema: a list answer (an array,
 * or an object whose list is under `items`, `data`, `results`…, or under `dataField` when the platform
 * reads the records there) is its items times the list's bound, `maxItems` or the page size a query
 * parameter allows (`maximum`, `(max 100)` in its description, else its default); a list with neither is
 * unbounded: it grows with the service's data. Undefined when the operation documents no JSON answer.
 * @example
 * answerSize(listEvents); // { kind: "unbounded", where: "the answer", itemChars: 120 }
 */
export function answerSize(operation: IndexedOperation, dataField?: string): AnswerSize | undefined {
  const schema = successSchema(operation);
  if (!schema) return undefined;
  const list = listOf(schema, dataField);
  if (!list) return { kind: "bounded", chars: schemaChars(schema) };
  const itemChars = schemaChars(list.array.items) + 1;
  const bound = listBound(list.array, operation.parameters);
  if (!bound) return { kind: "unbounded", where: list.where, itemChars };
  const around = list.where === "the answer" ? 2 : schemaChars(withoutList(schema, list.key));
  return { kind: "bounded", chars: around + bound.count * itemChars, list: bound };
}

/** The JSON schema of the first 2xx answer that has one (`200`, `201`, `2XX`). */
function successSchema(operation: IndexedOperation): SchemaObject | undefined {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2(?:\d\d|XX)$/i.test(status)) continue;
    const media = jsonMedia(response.content ?? {});
    if (media?.schema) return media.schema;
  }
  return undefined;
}

function jsonMedia(content: Record<string, MediaTypeObject>): MediaTypeObject | undefined {
  const entries = Object.entries(content);
  return entries.find(([type]) => /^application\/(?:[\w.-]+\+)?json\b/i.test(type))?.[1];
}

interface FoundList {
  array: SchemaObject;
  where: string;
  key?: string;
}

function listOf(schema: SchemaObject, dataField: string | undefined): FoundList | undefined {
  if (isArray(schema)) return { array: schema, where: "the answer" };
  const properties = schema.properties ?? {};
  const keys = dataField ? [dataField] : Object.keys(properties).filter((key) => LIST_KEYS.has(key));
  for (const key of keys) {
    const property = properties[key];
    if (property && isArray(property)) return { array: property, where: `its ${key}`, key };
  }
  return undefined;
}

function isArray(schema: SchemaObject): boolean {
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}

function listBound(array: SchemaObject, parameters: readonly ParameterObject[]): ListBound | undefined {
  if (typeof array.maxItems === "number")
    return { count: array.maxItems, from: `maxItems ${array.maxItems}` };
  for (const parameter of parameters) {
    if (parameter.in !== "query" || !PAGE_SIZE.test(parameter.name)) continue;
    const count = pageSize(parameter);
    if (count !== undefined) return { count, from: `${parameter.name} (at most ${count})` };
  }
  return undefined;
}

/** The most items a page holds: the parameter's `maximum`, the `max N` its description says, its default. */
function pageSize(parameter: ParameterObject): number | undefined {
  const schema = parameter.schema ?? {};
  if (typeof schema.maximum === "number") return schema.maximum;
  const said = /\bmax(?:imum)?\.?:?\s+(?:of\s+)?(\d+)/i.exec(parameter.description ?? "")?.[1];
  if (said) return Number(said);
  return typeof schema.default === "number" ? schema.default : undefined;
}

function withoutList(schema: SchemaObject, key: string | undefined): SchemaObject {
  if (!key || !schema.properties) return schema;
  const { [key]: _list, ...others } = schema.properties;
  return { ...schema, properties: others };
}
