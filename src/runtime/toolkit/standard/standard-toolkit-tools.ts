import { ToolDeckError } from "../../../errors.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { serverUrlWithDefaults } from "../../../openapi/server-url.js";
import type { ExecutableTool } from "../../tool-result.js";
import type { ToolkitContext } from "../toolkit-context.js";
import { TOOLKIT_METHODS } from "../toolkit-methods.js";
import { createArgumentValidator } from "./argument-validator.js";
import { createStandardTool } from "./standard-toolkit-tool.js";
import { uniqueToolNames } from "./tool-names.js";

/** Every operation as a tool, names made valid and unique; selectedEndpoints checked. */
export function standardToolkitTools(context: ToolkitContext): ExecutableTool[] {
  const operations = context.index.operations.filter((op) => TOOLKIT_METHODS.has(op.method));
  const names = uniqueToolNames(operations);
  const chosen = selectOperations(context, operations, names);
  const validate = createArgumentValidator();
  return chosen.map((i) => {
    const operation = operations[i] as IndexedOperation;
    const setup = { name: names[i] as string, serverUrl: serverUrlFor(operation, context), validate };
    return createStandardTool(operation, setup, context);
  });
}

/** Positions of the selected operations; a selector may be an operationId, a tool name or `METHOD /path`. */
function selectOperations(
  context: ToolkitContext,
  operations: IndexedOperation[],
  names: string[],
): number[] {
  const all = operations.map((_, i) => i);
  const selectors = context.config.selectedEndpoints;
  if (selectors.length === 0) return all;
  const picked = new Set<number>();
  for (const selector of selectors) {
    const hits = all.filter((i) => {
      const op = operations[i] as IndexedOperation;
      return op.operationId === selector || names[i] === selector || `${op.method} ${op.path}` === selector;
    });
    if (hits.length === 0) {
      throw new ToolDeckError(
        "load",
        `${context.config.name ?? "openapi-toolkit"}: selectedEndpoints: "${selector}" is not an operation of ${context.index.title}`,
      );
    }
    for (const i of hits) picked.add(i);
  }
  return all.filter((i) => picked.has(i));
}

/** selectedServer, else the operation's first server with variable defaults, made absolute against a spec URL. */
function serverUrlFor(operation: IndexedOperation, context: ToolkitContext): string {
  if (context.config.selectedServer) return context.config.selectedServer;
  const server = operation.servers[0];
  const url = server ? serverUrlWithDefaults(server) : "/";
  const location = context.index.spec.location;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || location.kind !== "url") return url;
  return new URL(url, location.url).href;
}
