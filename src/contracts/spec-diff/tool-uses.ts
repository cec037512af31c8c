import { dirname, resolve } from "node:path";
import type { OpenApiToolkitConfig } from "../../config/openapi-toolkit-config.js";
import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { LoadedTool } from "../../config/tool-config.js";
import type { ApiMap } from "../../lint/api-map/api.js";
import { matchUrlOnce } from "../../lint/api-map/match-tool.js";
import { callViewsOf } from "../../lint/api-map/tool-requests.js";
import { toolIdentity } from "../../lint/lint.js";
import { requestShapes } from "../../lint/request-shapes.js";
import type { SentShape } from "../../lint/rules/operation-fix.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { CallView } from "../../platforms/platform.js";
import type { Profile } from "../../profile.js";
import { baseToolName } from "../../runtime/toolkit/standard/tool-names.js";
import { TOOLKIT_METHODS } from "../../runtime/toolkit/toolkit-methods.js";

/** A request a tool makes that reaches an operation of the old description: a request tool's, an HTTP node's, or one call of a Custom Tool. */
export interface RequestUse {
  kind: "request";
  tool: LoadedTool;
  /** The name the model is given, and its node's title where that differs. */
  identity: { tool: string; node?: string };
  /** The request as a request tool: the tool's own config, or the view of a platform's call. */
  config: RequestToolConfig;
  view?: CallView;
  sent: SentShape;
  operation: IndexedOperation;
  profile: Profile;
}

/** One tool of an OpenAPI toolkit whose spec is the old or the new description: the tool its operation makes. */
export interface ToolkitUse {
  kind: "toolkit";
  tool: LoadedTool<OpenApiToolkitConfig>;
  /** The toolkit tool's name: the operationId (or method and path), as the model calls it. */
  identity: { tool: string };
  operation: IndexedOperation;
}

export type ToolUse = RequestUse | ToolkitUse;

/** How tools are matched to the old description: its API (and the others in play), the profile, the two spec files. */
export interface UseContext {
  map: ApiMap;
  /** Profile of tools of tooldeck's own format (`--profile`), default `standard`. */
  profile: Profile;
  /** The old and new description files, resolved: a toolkit whose `spec` is either uses the API. */
  specFiles: readonly string[];
}

/**
 * Every use of an operation of the old description by the tools: each request (a request tool's, an
 * HTTP node's, each call of a platform's kind) whose URL goes to the old description's API, as the API
 * map of `check` matches it, and reaches one of its operations; and each tool of an OpenAPI toolkit whose
 * `spec` is the old or the new file.
 * @example
 * const uses = toolUses(loaded.tools, { map, profile: "standard", specFiles: [resolve(old), resolve(next)] });
 */
export function toolUses(tools: readonly LoadedTool[], context: UseContext): ToolUse[] {
  return tools.flatMap((tool): ToolUse[] =>
    tool.config.kind === "openapi-toolkit"
      ? toolkitUses(tool as LoadedTool<OpenApiToolkitConfig>, context)
      : requestUses(tool, context),
  );
}

function requestUses(tool: LoadedTool, context: UseContext): RequestUse[] {
  const { config } = tool;
  const views: { config: RequestToolConfig; view?: CallView }[] =
    config.kind === "request"
      ? [{ config }]
      : callViewsOf(tool).map((view) => ({ config: view.config, view }));
  const profile = tool.source.format ?? context.profile;
  const identity = toolIdentity(tool);
  return views.flatMap(({ config: request, view }) => {
    const api = matchUrlOnce(context.map, request.url).api;
    if (!api || api !== context.map.apis[0]) return [];
    const full = requestShapes(request, profile, api.spec).find((shape) => shape.full);
    if (!full?.match.ok) return [];
    const use: RequestUse = {
      kind: "request",
      tool,
      identity,
      config: request,
      sent: { url: full.url, path: full.match.path },
      operation: full.match.operation,
      profile,
    };
    if (view) use.view = view;
    return [use];
  });
}

function toolkitUses(tool: LoadedTool<OpenApiToolkitConfig>, context: UseContext): ToolkitUse[] {
  // Loaders give `spec` from the working directory; a config made in code may give it from its file's folder.
  const named = [resolve(tool.config.spec), resolve(dirname(tool.source.file), tool.config.spec)];
  if (!named.some((spec) => context.specFiles.includes(spec))) return [];
  const before = context.map.apis[0]?.spec;
  if (!before) return [];
  const selected = new Set(tool.config.selectedEndpoints);
  return before.operations.flatMap((operation) => {
    if (!TOOLKIT_METHODS.has(operation.method)) return [];
    const name = baseToolName(operation);
    if (selected.size > 0 && !selected.has(name)) return [];
    return [{ kind: "toolkit" as const, tool, identity: { tool: name }, operation }];
  });
}
