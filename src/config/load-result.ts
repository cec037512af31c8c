import type { ConfigError, ConfigIssue, ConfigWarning } from "./config-issue.js";
import type { LoadedTool, ToolAgent } from "./tool-config.js";

/**
 * A node of a Flowise flow that calls HTTP but is not a request tool (an OpenAPI toolkit, an HTTP node, a
 * Tool node): kept with its raw inputs so later loaders can map it.
 */
export interface SkippedNode {
  file: string;
  /** JSON path of the node's inputs, e.g. `nodes[4].data.inputs`. */
  path: string;
  /** Flowise's node or tool name: `openAPIToolkit`, `httpAgentflow`, `toolAgentflow`. */
  node: string;
  reason: string;
  inputs: Record<string, unknown>;
  /** The agent it would be given to, when not the whole file (an Agent node's Custom Tool). */
  agent?: ToolAgent;
}

/** Everything a load produced. A bad file never throws: it becomes entries in `errors`. */
export interface LoadResult {
  tools: LoadedTool[];
  errors: ConfigError[];
  warnings: ConfigWarning[];
  /**
   * Parts of an export tooldeck reads but does not model (an n8n workflow's Gmail tool), said so that
   * nothing is dropped in silence: `config-note` infos. Absent when a loader has none to say.
   */
  notes?: ConfigIssue[];
  /**
   * `$vars` values an export carries (the static `Variable` rows of Flowise's "Export data" file): a run
   * uses them where `--var` gives none. Absent when no export has any.
   */
  vars?: Record<string, string>;
  /**
   * Flowise `runtime` variables the load was given (`loadFlowiseFlow`'s `variables`): their values live in
   * the Flowise server's environment. Pass them to `createTools` as `runtimeVariables`. Absent when none.
   */
  runtimeVariables?: string[];
  /** OpenAPI/Swagger documents met while loading (paths as given), for the linter. */
  specs: string[];
  skipped: SkippedNode[];
}

/** A result with nothing loaded yet. */
export function emptyLoadResult(): LoadResult {
  return { tools: [], errors: [], warnings: [], notes: [], specs: [], skipped: [] };
}
