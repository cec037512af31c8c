import { joinPath } from "../config/json-path.js";
import type { LoadedTool, ToolConfig } from "../config/tool-config.js";
import type { CallView, Fixed } from "../platforms/platform.js";
import { platformOf } from "../platforms/registry.js";
import type { ConfigChange, Fix } from "./diagnostic.js";
import { whyFixChangesTool } from "./fix-safety.js";

/**
 * A rule's fix as its finding carries it. It is judged on what the rule judged (`judged`: the config, or
 * the call view of a Custom Tool's or n8n node's request), so a fix changes a tool's method family,
 * resource or arguments (`changesTool`) in every format alike. Its changes become the config's (a view's
 * through `view.fixOf`) at the config's place in its file; a platform's export is named (`format`), and
 * when the fix cannot be written there the fix says why (`notFixable`).
 */
export function toFindingFix(fix: Fix, judged: ToolConfig, tool: LoadedTool, view?: CallView): Fix {
  const found: Fix = { description: fix.description, changes: [], configPath: tool.source.path };
  const changesTool = whyFixChangesTool(judged, fix);
  if (changesTool) found.changesTool = changesTool;
  const ofConfig = view ? viewFix(view, fix.changes) : { ok: true as const, value: fix.changes };
  // A view's changes that its platform's config cannot say are no changes of the file.
  const changes = ofConfig.ok ? ofConfig.value : [];
  found.changes = changes.map((change) => ({ ...change, path: joinPath(tool.source.path, change.path) }));
  const platform = platformOf(tool.source.format);
  if (platform) found.format = platform.name;
  const why = ofConfig.ok ? whyNotWritten(tool, changes) : ofConfig.reason;
  if (why) found.notFixable = why;
  return found;
}

function viewFix(view: CallView, changes: readonly ConfigChange[]): Fixed<ConfigChange[]> {
  return view.fixOf?.(changes) ?? { ok: false, reason: "the call is not written where --fix can edit it" };
}

/** Why the config's changes cannot be written into its file's format, or undefined. */
function whyNotWritten(tool: LoadedTool, changes: readonly ConfigChange[]): string | undefined {
  const platform = platformOf(tool.source.format);
  if (platform) {
    return platform.exportFixes
      ? platform.exportFixes.whyNotFixable(tool.config, changes)
      : `${platform.label} exports are not edited by --fix`;
  }
  // tooldeck's custom-tool format keeps the code in `code` or in the file `codeFile`, not in `func`.
  if (changes.some((change) => /^(func|schema)\b/.test(change.path)))
    return "the Custom Tool's code and schema are written as code or codeFile in tooldeck's format: change them there";
  return undefined;
}
