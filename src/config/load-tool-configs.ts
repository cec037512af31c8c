import { statSync } from "node:fs";
import { extname, resolve } from "node:path";
import { isPlainObject } from "../json-value.js";
import { listConfigFiles } from "./list-config-files.js";
import { loadConfigDocument } from "./load-config-document.js";
import { emptyLoadResult, type LoadResult } from "./load-result.js";
import { createLoadSink } from "./load-sink.js";
import { CONFIG_EXTENSIONS, readConfigFile } from "./read-config-file.js";
import { reportDuplicateNames } from "./report-duplicate-names.js";

/** Options of `loadToolConfigs`. */
export interface LoadToolConfigsOptions {
  /** Folder that relative paths are resolved against (default: the process's working directory). */
  cwd?: string;
}

/**
 * Loads tool configs from files and folders (folders recursively: every .json/.yaml/.yml file, sorted).
 * A file holds one config or an array of them, in tooldeck's format (`kind: request` …), as Flowise
 * request-node inputs (`requestsGetUrl` …) or as a whole Flowise flow export. OpenAPI documents met are
 * listed in `specs`. Never throws for bad input: every problem is an entry of `errors` or `warnings`
 * naming the file (as given) and the JSON path inside it.
 *
 * @example
 * const { tools, errors } = loadToolConfigs(["tools/"]);
 * for (const error of errors) console.error(formatConfigIssue(error));
 * // tools/x.json: queryParamsSchema.id.in: expected "path" or "query"
 */
export function loadToolConfigs(paths: readonly string[], options: LoadToolConfigsOptions = {}): LoadResult {
  const base = options.cwd ?? process.cwd();
  const result = emptyLoadResult();
  const loaded = new Set<string>();
  const loadOnce = (file: string, named: boolean) => {
    const absolute = resolve(base, file);
    if (loaded.has(absolute)) return;
    loaded.add(absolute);
    loadFile(file, absolute, named, result);
  };
  for (const path of paths) {
    const stats = statSync(resolve(base, path), { throwIfNoEntry: false });
    if (stats === undefined) result.errors.push({ file: path, path: "", message: "no such file or folder" });
    else if (stats.isDirectory()) for (const file of listConfigFiles(path, base)) loadOnce(file, false);
    else loadOnce(path, true);
  }
  reportDuplicateNames(result);
  return result;
}

function loadFile(file: string, absolute: string, named: boolean, result: LoadResult): void {
  const sink = createLoadSink(result, file);
  if (named && !CONFIG_EXTENSIONS.includes(extname(file).toLowerCase())) {
    sink.error("", `unsupported file type (expected ${CONFIG_EXTENSIONS.join(", ")})`);
    return;
  }
  const content = readConfigFile(absolute);
  if (!content.ok) sink.error("", content.message);
  else if (isOpenApiDocument(content.value)) result.specs.push(file);
  else loadConfigDocument(content.value, sink);
}

/**
 * An OpenAPI 3 or Swagger 2 document: not a tool config, but a description tools are linted against.
 * A top-level `paths` object counts too: Flowise's own swagger.yml is such a fragment (its `openapi` and
 * `info` are added at runtime), and no tool config has that key.
 */
function isOpenApiDocument(value: unknown): boolean {
  return isPlainObject(value) && ("openapi" in value || "swagger" in value || isPlainObject(value.paths));
}
