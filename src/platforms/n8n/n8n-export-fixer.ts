import { toKeys } from "../../config/json-path.js";
import { isPlainObject } from "../../json/json-value.js";
import { toJsonEdit } from "../../lint/edit-json-text.js";
import type { ExportFixer } from "../platform.js";

/**
 * How `check --fix` writes fixes into an n8n workflow: a node's config is the node (its `parameters`
 * as the workflow stores them), so each change is made at the same keys of the node.
 */
export const N8N_EXPORT_FIXER: ExportFixer = {
  whyNotFixable(_config, changes) {
    const other = changes.find((change) => toKeys(change.path)[0] !== "parameters");
    return other ? `--fix does not edit the ${toKeys(other.path)[0]} of an n8n node` : undefined;
  },
  toEdits(node, changes) {
    if (!isPlainObject(node) || !isPlainObject(node.parameters))
      return { ok: false, reason: "the node is not where the tool was read" };
    return { ok: true, value: changes.map(toJsonEdit) };
  },
};
