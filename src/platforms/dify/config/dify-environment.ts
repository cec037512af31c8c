import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { isPlainObject } from "../../../json/json-value.js";

/**
 * `workflow.environment_variables` (reference/dify-tools.md facts 4, 95) as tooldeck variables: in
 * tooldeck, `{{#env.NAME#}}` is the variable `NAME`, so each non-secret value the export carries is set
 * (`--var` still wins). A `secret` one is never read: its value is given with `--secret NAME=…`, and a
 * note says so. The list is checked as graphon checks it, with its messages.
 */
export function loadDifyEnvironment(value: unknown, where: string, sink: LoadSink): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    sink.error(where, "Runtime variables must be a list.");
    return;
  }
  value.forEach((variable, index) => {
    const path = joinPath(where, index);
    if (!isPlainObject(variable)) sink.error(path, "Runtime variable must be a mapping.");
    else if (typeof variable.name !== "string" || variable.name === "")
      sink.error(joinPath(path, "name"), "Runtime variable name must be a non-empty string.");
    else if (variable.value_type === "secret")
      sink.note(
        path,
        `{{#env.${variable.name}#}} is a secret environment variable: its value is not read from the export; give it with --secret ${variable.name}=…`,
      );
    else {
      const text = valueText(variable.value);
      if (text !== undefined) sink.variable(variable.name, text);
    }
  });
}

/** A value as the text a template inserts: a string as is, a number as written, an object as JSON. */
function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
