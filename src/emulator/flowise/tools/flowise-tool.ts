import { isPlainObject } from "../../../json/json-value.js";
import { FlowiseApiError } from "../flowise-api-error.js";

/**
 * A row of Flowise 3.1's `tool` table (`S/dist/database/entities/Tool.js`): a Custom Tool. `schema` is a
 * JSON string of the grid's rows and `func` a function body; Flowise validates neither.
 */
export interface FlowiseTool {
  id: string;
  name: string;
  description: string;
  color: string;
  iconSrc: string | null;
  schema: string | null;
  func: string | null;
  createdDate: string;
  updatedDate: string;
  workspaceId: string;
}

/** The columns a request body may set, as text; the NOT NULL ones are checked when a row is saved. */
const TEXT_COLUMNS = ["name", "description", "color", "iconSrc", "schema", "func"] as const;
const NOT_NULL = ["name", "description", "color"] as const;

type ToolFields = Partial<Record<(typeof TEXT_COLUMNS)[number], string | null>>;

/**
 * The columns of a request body, as the database stores them: a value that is not text is stored as
 * its JSON text (the UI sends `schema` as a string already), null kept; anything else is ignored.
 */
export function readToolFields(body: unknown): ToolFields {
  if (!isPlainObject(body)) return {};
  const fields: ToolFields = {};
  for (const key of TEXT_COLUMNS) {
    const value = body[key];
    if (value === undefined) continue;
    fields[key] = value === null || typeof value === "string" ? value : JSON.stringify(value);
  }
  return fields;
}

/** A row about to be saved: a missing NOT NULL column is the database's 500, as in Flowise. */
export function checkToolNotNull(fields: ToolFields, service: string): void {
  for (const column of NOT_NULL) {
    if (fields[column] === undefined || fields[column] === null)
      throw new FlowiseApiError(
        500,
        `Error: toolsService.${service} - SQLITE_CONSTRAINT: NOT NULL constraint failed: tool.${column}`,
      );
  }
}
