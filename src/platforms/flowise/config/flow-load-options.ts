import { joinPath } from "../../../config/json-path.js";
import type { LoadResult } from "../../../config/load-result.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import type { CustomToolRow } from "../custom-tool/custom-tool-row.js";
import { isToolRow, readToolRow } from "../custom-tool/read-tool-row.js";

/** What `loadFlowiseFlow` is given besides the flow, in memory: no file, no project root. */
export interface FlowiseFlowLoadOptions {
  /** Labels every entry (`flowise:<chatflow name>`). Default `flow`. */
  file?: string;
  /**
   * Flowise's Custom Tool rows (`{id, name, description, schema, func}`, as the Tools page exports them or
   * `GET /api/v1/tools/{id}` answers): the rows the flow's Custom Tool nodes name by id.
   */
  tools?: readonly unknown[];
  /**
   * Flowise's variables (`{name, value, type}`, its `variable` table): a `static` one is its `value` in
   * `$vars` (`LoadResult.vars`); a `runtime` one is read from the Flowise server's environment, so its
   * value is unknown here: its name goes to `LoadResult.runtimeVariables`, and a tool made with them
   * (`createTools(…, { runtimeVariables })`) gives the code `''` and a warning unless `vars` names it.
   */
  variables?: readonly unknown[];
}

/** The rows of `options.tools`, by id; a row without an id, or one Flowise could not build, is a load error. */
export function readOptionRows(
  rows: readonly unknown[] | undefined,
  sink: LoadSink,
): Map<string, CustomToolRow> {
  const byId = new Map<string, CustomToolRow>();
  (rows ?? []).forEach((value, index) => {
    const path = joinPath("options.tools", index);
    if (!isPlainObject(value) || !isToolRow(value)) {
      sink.error(
        path,
        `expected a Flowise tool row {id, name, description, schema, func}, received ${describeType(value)}`,
      );
      return;
    }
    const row = readToolRow(value, path, sink);
    if (!row) return;
    if (row.id === undefined)
      sink.error(
        joinPath(path, "id"),
        "a tool row needs its id: the flow's Custom Tool nodes name rows by id",
      );
    else byId.set(row.id, row);
  });
  return byId;
}

/** `options.variables` into the result: static values as `$vars`, runtime names as `runtimeVariables`. */
export function readOptionVariables(
  variables: readonly unknown[] | undefined,
  sink: LoadSink,
  result: LoadResult,
): void {
  (variables ?? []).forEach((value, index) => {
    const path = joinPath("options.variables", index);
    if (!isPlainObject(value) || typeof value.name !== "string" || value.name === "") {
      sink.error(path, `expected a Flowise variable {name, value, type}, received ${describeType(value)}`);
      return;
    }
    if (value.type === "runtime") {
      result.runtimeVariables ??= [];
      if (!result.runtimeVariables.includes(value.name)) result.runtimeVariables.push(value.name);
    } else if (value.type === undefined || value.type === "static") {
      if (typeof value.value === "string") sink.variable(value.name, value.value);
      else
        sink.error(
          joinPath(path, "value"),
          `expected the text of $vars.${value.name}, received ${describeType(value.value)}`,
        );
    } else {
      sink.error(
        joinPath(path, "type"),
        `expected "static" or "runtime", received ${JSON.stringify(value.type)}`,
      );
    }
  });
}
