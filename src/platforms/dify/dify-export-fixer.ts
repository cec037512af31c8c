import { toKeys } from "../../config/json-path.js";
import { isPlainObject } from "../../json/json-value.js";
import { toJsonEdit } from "../../lint/edit-json-text.js";
import type { ExportFixer } from "../platform.js";

/** The fields of a node's `data` a fix of its request writes (fact 11). */
const WRITTEN = new Set(["method", "url", "params"]);

/**
 * How `check --fix` writes fixes into a Dify app's DSL: a node's config is its `data` (the loader reads it
 * at `workflow.graph.nodes[i].data`), so each change of its method, URL or params is made at the same key
 * of `data`, the method in the case the node writes it (`PUT` or `put`, fact 10).
 */
export const DIFY_EXPORT_FIXER: ExportFixer = {
  whyNotFixable(_config, changes) {
    const other = changes.find((change) => !WRITTEN.has(String(toKeys(change.path)[0])));
    return other ? `--fix does not edit the ${toKeys(other.path)[0]} of a Dify node` : undefined;
  },
  toEdits(data, changes) {
    if (!isPlainObject(data) || data.type !== "http-request")
      return { ok: false, reason: "the node is not where the tool was read" };
    const upper = typeof data.method === "string" && data.method === data.method.toUpperCase();
    return {
      ok: true,
      value: changes.map((change) =>
        toJsonEdit(
          change.path === "method" && upper && typeof change.value === "string"
            ? { ...change, value: change.value.toUpperCase() }
            : change,
        ),
      ),
    };
  },
};
