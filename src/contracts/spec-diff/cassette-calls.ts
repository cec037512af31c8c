import { statSync } from "node:fs";
import { resolve } from "node:path";
import { listConfigFiles } from "../../config/list-config-files.js";
import { loadJsonFile } from "../../json/load-json-file.js";
import { matchOperation } from "../../openapi/match-operation.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import { realRoots } from "../../project-files/project-root.js";
import { CassetteSchema } from "../../replay/cassette.js";

/** A recorded call that reached an operation of the old description: what the agent sent and what it was answered. */
export interface RecordedCall {
  /** The cassette, as found (`scenarios/cassettes/update-event.standard.cassette.json`). */
  file: string;
  /** Its place in the cassette: `calls[0]`. */
  path: string;
  /** The tool that made it, as the model called it. */
  tool: string;
  operation: IndexedOperation;
  /** The request's JSON body, its query and the recorded answer's status and JSON body (undefined when not JSON). */
  requestBody: unknown;
  query: URLSearchParams;
  status: number | undefined;
  responseBody: unknown;
}

/**
 * The recorded calls of the cassettes (`.cassette.json`) in the paths given (files or folders, read
 * inside `roots`), each matched to the old description's operation its request reached; a call without a
 * request or that reached none is left out. A cassette that cannot be read is a `load` error naming it.
 * @example
 * const calls = recordedCalls(["scenarios/cassettes"], before, { roots: [process.cwd()] });
 */
export function recordedCalls(
  paths: readonly string[],
  before: OperationIndex,
  options: { roots?: readonly string[] } = {},
): RecordedCall[] {
  const cwd = process.cwd();
  const roots = options.roots ? realRoots(options.roots) : undefined;
  const files = paths.flatMap((path) =>
    statSync(resolve(cwd, path), { throwIfNoEntry: false })?.isDirectory()
      ? listConfigFiles(path, cwd, { endings: [".cassette.json"], ...(roots ? { roots } : {}) })
      : [path],
  );
  return files.flatMap((file) => callsOf(file, before, roots));
}

function callsOf(file: string, before: OperationIndex, roots: readonly string[] | undefined): RecordedCall[] {
  const cassette = loadJsonFile(file, CassetteSchema, roots ? { roots } : {});
  return cassette.calls.flatMap((call, index) => {
    if (!call.request) return [];
    const match = matchOperation(before, call.request.method, call.request.url);
    if (!match.ok) return [];
    return [
      {
        file,
        path: `calls[${index}]`,
        tool: call.tool,
        operation: match.operation,
        requestBody: parseJson(call.request.body),
        query: queryOf(call.request.url),
        status: call.response?.status,
        responseBody: parseJson(call.response?.body),
      },
    ];
  });
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf("?");
  return new URLSearchParams(at < 0 ? "" : url.slice(at + 1).split("#")[0]);
}
