import { toKeys } from "../../../config/json-path.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { ConfigChange } from "../../../lint/diagnostic.js";
import type { JsonEdit } from "../../../lint/edit-json-text.js";
import type { Fixed } from "../../platform.js";

/** Why a Custom Tool's changes cannot be written into its export, or undefined: only its code, description and schema rows are. */
export function whyCustomToolNotFixable(changes: readonly ConfigChange[]): string | undefined {
  const other = changes.find((change) => !/^(func$|description$|schema\[\d+\]\.)/.test(change.path));
  return other ? `--fix does not edit the ${toKeys(other.path)[0]} of a Custom Tool` : undefined;
}

/**
 * A Custom Tool's changes as edits of where the export holds it: a Tools-page row (`func`, `schema` as a
 * JSON string of rows) or a flow's Custom Tool node, whose own `customToolFunc` overrides its row's code.
 */
export function customToolEdits(value: unknown, changes: readonly ConfigChange[]): Fixed<JsonEdit[]> {
  if (!isPlainObject(value)) return { ok: false, reason: "the Custom Tool is not where it was read" };
  const edits: JsonEdit[] = [];
  for (const change of changes) {
    const [field, ...rest] = toKeys(change.path);
    const key =
      field === "func" ? codeKey(value) : field === "description" ? descriptionKey(value) : schemaKey(value);
    if (!key.ok) return key;
    edits.push({ ...change, path: [key.value, ...rest] });
  }
  return { ok: true, value: edits };
}

function codeKey(value: Record<string, unknown>): Fixed<string> {
  if (typeof value.customToolFunc === "string" && value.customToolFunc !== "")
    return { ok: true, value: "customToolFunc" };
  if (typeof value.func === "string") return { ok: true, value: "func" };
  return {
    ok: false,
    reason: "the Custom Tool's code is in its Tools-page row, not in this flow: fix the row",
  };
}

/** A flow's Custom Tool node gives its own non-empty `customToolDesc` over its row's description. */
function descriptionKey(value: Record<string, unknown>): Fixed<string> {
  if (typeof value.customToolDesc === "string" && value.customToolDesc !== "")
    return { ok: true, value: "customToolDesc" };
  if (typeof value.description === "string" && typeof value.func === "string")
    return { ok: true, value: "description" };
  return {
    ok: false,
    reason: "the Custom Tool's description is in its Tools-page row, not in this flow: fix the row",
  };
}

function schemaKey(value: Record<string, unknown>): Fixed<string> {
  if (typeof value.customToolSchema === "string" && value.customToolSchema !== "")
    return {
      ok: false,
      reason: "the node's schema is a zod expression (customToolSchema): change it in Flowise",
    };
  if (typeof value.schema === "string") return { ok: true, value: "schema" };
  return {
    ok: false,
    reason: "the Custom Tool's schema is in its Tools-page row, not in this flow: fix the row",
  };
}
