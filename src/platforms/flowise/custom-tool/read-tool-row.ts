import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import { parseBounded } from "../../../project-files/parse-bounded.js";
import type { CustomToolRow, CustomToolSchemaRow } from "./custom-tool-row.js";

/**
 * Whether a value is one of Flowise's tool rows: the Tools page's export of a Custom Tool, or what
 * `GET /api/v1/tools/{id}` answers (`name`, `description`, `schema`, `func`, …).
 */
export function isToolRow(value: Record<string, unknown>): boolean {
  return typeof value.name === "string" && typeof value.func === "string" && "schema" in value;
}

/**
 * A tool row as Flowise stores it, read into a `CustomToolRow`: its `schema` is a JSON string (an array
 * given as is is used as is, as `JSON.parse`'s caller does); undefined, with an error at `path`, when the
 * row could not be turned into a tool by Flowise either.
 */
export function readToolRow(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): CustomToolRow | undefined {
  const schema = readSchemaRows(value.schema, joinPath(path, "schema"), sink);
  if (schema === undefined) return undefined;
  const row = {
    name: String(value.name),
    description: typeof value.description === "string" ? value.description : "",
    schema,
    func: typeof value.func === "string" ? value.func : "",
  };
  return typeof value.id === "string" && value.id !== "" ? { id: value.id, ...row } : row;
}

/** The rows of a schema column: a JSON string of `[{property, type, description, required}]`. */
export function readSchemaRows(
  schema: unknown,
  path: string,
  sink: LoadSink,
): CustomToolSchemaRow[] | undefined {
  let rows = schema;
  if (typeof rows === "string") {
    try {
      rows = parseBounded(rows, "json");
    } catch (error) {
      // Flowise's init fails the same way (`Error: SyntaxError: …`), so the tool never reaches a model.
      sink.error(path, `${(error as Error).message}: Flowise cannot build this tool`);
      return undefined;
    }
  }
  if (!Array.isArray(rows)) {
    sink.error(path, `expected a JSON array of schema rows, received ${describeType(rows)}`);
    return undefined;
  }
  const read: CustomToolSchemaRow[] = [];
  rows.forEach((row, index) => {
    if (isPlainObject(row)) read.push(readSchemaRow(row));
    else sink.error(joinPath(path, index), `expected a schema row object, received ${describeType(row)}`);
  });
  return read.length === rows.length ? read : undefined;
}

/**
 * One grid row as Flowise uses it: the property as a key (`String` of it), a `type` it keeps only when
 * it is one of four strings, `required` when truthy, a description when it is text.
 */
function readSchemaRow(row: Record<string, unknown>): CustomToolSchemaRow {
  const read: { -readonly [K in keyof CustomToolSchemaRow]: CustomToolSchemaRow[K] } = {
    property: String(row.property),
    type: typeof row.type === "string" ? row.type : String(row.type ?? ""),
  };
  if (typeof row.description === "string") read.description = row.description;
  if (row.required) read.required = true;
  return read;
}
