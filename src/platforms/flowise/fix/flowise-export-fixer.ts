import { isPlainObject } from "../../../json/json-value.js";
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
    return isCustomTool(value, changes) ? customToolEdits(value, changes) : requestInputEdits(value, changes);
  },
};

/** A Custom Tool's place: its code or schema changed, or a Tools-page row or Custom Tool node's inputs. */
function isCustomTool(value: unknown, changes: readonly ConfigChange[]): boolean {
  if (changes.some((change) => /^(func|schema)\b/.test(change.path))) return true;
  return isPlainObject(value) && ("selectedTool" in value || "customToolFunc" in value || "func" in value);
}
