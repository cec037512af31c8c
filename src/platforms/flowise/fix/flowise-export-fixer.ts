import type { ConfigChange } from "../../../lint/diagnostic.js";
import type { ExportFixer } from "../../platform.js";
import { customToolEdits, whyCustomToolNotFixable } from "./custom-tool-edits.js";
import { requestInputEdits, whyRequestNotFixable } from "./request-input-edits.js";

/**
 * How `check --fix` writes fixes into Flowise exports: a request tool's into its node's inputs (URL,
 * name, Max Output Length, the rows of its Query Params and Body Schema), a Custom Tool's into its code
 * (a literal changed) and schema rows. Its other kinds (an HTTP node, an OpenAPI toolkit) are not edited.
 */
export const FLOWISE_EXPORT_FIXER: ExportFixer = {
  whyNotFixable(config, changes) {
    if (config.kind === "request" && "method" in config)
      return whyRequestNotFixable(String(config.method), changes);
    if (config.kind === "custom-tool") return whyCustomToolNotFixable(changes);
    return `--fix does not edit Flowise ${config.kind} tools`;
  },
  toEdits(value, changes) {
    return isCustomToolChange(changes) ? customToolEdits(value, changes) : requestInputEdits(value, changes);
  },
};

function isCustomToolChange(changes: readonly ConfigChange[]): boolean {
  return changes.some((change) => /^(func|schema)\b/.test(change.path));
}
