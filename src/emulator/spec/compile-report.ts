import type { SchemaObject } from "../../openapi/openapi-document.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import { componentSchemaName } from "../../openapi/schema-names.js";
import { explainUncompilable, operationSchemas, uncompilableNote } from "./schema-notes.js";
import type { OnUncompilable } from "./schema-validator.js";
import type { Direction } from "./to-json-schema.js";

/**
 * What an emulator tells of the schemas ajv cannot compile: `onUncompilable` for its validator, which
 * tells `log` each one once, the first time a value is checked against it; `notes()` lists those found
 * before any request (`explainUncompilable`) and those met since.
 */
export function createCompileReport(index: OperationIndex, log?: (line: string) => void) {
  const told = new Set<string>();
  const onUncompilable: OnUncompilable = (schema, direction, message) => {
    const line = uncompilableNote(whereIs(index, schema, direction), message);
    if (told.has(line)) return;
    told.add(line);
    log?.(line);
  };
  return {
    onUncompilable,
    notes: () => [...new Set([...explainUncompilable(index), ...told])],
  };
}

/** Where a schema is used first (`POST /issues request body`), else its component name. */
function whereIs(index: OperationIndex, schema: SchemaObject, direction: Direction): string {
  for (const operation of index.operations) {
    const placed = operationSchemas(operation).find(
      (entry) => entry.schema === schema && entry.direction === direction,
    );
    if (placed) return placed.where;
  }
  const name = componentSchemaName(schema);
  return name === undefined ? "a schema" : `schema ${name}`;
}
