import { existsSync, statSync } from "node:fs";
import { dirname, extname, isAbsolute, relative, resolve, sep } from "node:path";
import { isPlainObject } from "../json/json-value.js";
import type { PlatformName } from "../platforms/platform-names.js";
import { loadedPlatforms, PLATFORM_ENTRIES, preparePlatforms } from "../platforms/registry.js";
import { linkOutOfProject, namedFolder, outsideLinkMessage } from "../project-files/named-path.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { projectRoot, realRoots } from "../project-files/project-root.js";
import { confineToolkitSpecs } from "./confine-toolkit-specs.js";
import { expandGlob, globBase, isGlob } from "./expand-glob.js";
import type { LinkedToolFile } from "./linked-tool-file.js";
import { listConfigFiles } from "./list-config-files.js";
import { loadConfigDocument, platformsOfDocument } from "./load-config-document.js";
import { emptyLoadResult, type LoadResult } from "./load-result.js";
import { createLoadSink, type LoadSink, type NamedDocuments } from "./load-sink.js";
import { CONFIG_EXTENSIONS, readConfigFile } from "./read-config-file.js";
import { reportDuplicateNames } from "./report-duplicate-names.js";

/** Options of `loadToolConfigs`. */
export interface LoadToolConfigsOptions {
  /** Folder that relative paths are resolved against (default: the process's working directory). */
  cwd?: string;
  /**
   * Folders every file read and every toolkit spec path must be inside, besides the paths given
   * (docs/security.md); default the repository of the working directory.
   */
  roots?: readonly string[];
  /** The text that the path `-` stands for (the CLI's stdin): one config, or an array of them. */
  stdin?: string;
  /**
   * Files the settings link to a platform's tool ids (`flowise: { tools: { <id>: <file> } }`): each is
   * read (inside `roots`) when the paths did not, and the platform links it to the flows naming its id.
   */
  linked?: { [P in PlatformName]?: ReadonlyMap<string, LinkedToolFile> };
  /**
   * Documents the settings name for a platform's loaders (`dify: { providers: { <name>: <file> } }`), by
   * the key its exports name them by: never read as configs, only by a loader naming one
   * (`LoadSink.namedDocument`), inside `roots`.
   */
  documents?: { [P in PlatformName]?: ReadonlyMap<string, LinkedToolFile> };
}

/** How a config read from stdin (`-`) is named in reports; `--fix` leaves it alone. */
export const STDIN_FILE = "<stdin>";

/**
 * Loads tool configs from files and folders (folders recursively: every .json/.yaml/.yml file, sorted).
 * A path may be a pattern (`tools/**\/*.yaml`) or `-` (`options.stdin`).
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
  return finishLoad(readToolDocuments(paths, options), options);
}

/**
 * `loadToolConfigs`, each platform whose files it reads loaded first (`import()`ed once): the load a run
 * does, which loads no platform it does not read (issue 44).
 */
export async function loadToolConfigsLazily(
  paths: readonly string[],
  options: LoadToolConfigsOptions = {},
): Promise<LoadResult> {
  const read = readToolDocuments(paths, options);
  const needed = new Set<PlatformName>();
  for (const document of read.documents) platformsOfDocument(document, needed);
  for (const entry of PLATFORM_ENTRIES) if (options.linked?.[entry.name]?.size) needed.add(entry.name);
  await preparePlatforms(needed);
  return finishLoad(read, options);
}

/**
 * The files a load read, parsed: `documents` (what platforms they need) and `steps`, what the load does
 * with each file in order (its tools, or why it has none), run once the platforms are loaded, so that
 * entries keep the order of the files.
 */
interface ReadDocuments {
  result: LoadResult;
  documents: unknown[];
  steps: (() => void)[];
  roots: string[];
  base: string;
  loaded: Map<string, string>;
  /** The files read only because the settings link them (their tools count only through the nodes naming them). */
  onlyLinked: Set<string>;
}

function readToolDocuments(paths: readonly string[], options: LoadToolConfigsOptions): ReadDocuments {
  const base = options.cwd ?? process.cwd();
  const result = emptyLoadResult();
  const read = { documents: [] as unknown[], steps: [] as (() => void)[] };
  const failed = (file: string, message: string) =>
    read.steps.push(() => result.errors.push({ file, path: "", message }));
  const loaded = new Map<string, string>();
  const project = options.roots ?? [projectRoot(base)];
  const refused = refuseLinksOut(paths, project, base, result);
  const named = paths
    .filter((path) => path !== "-" && !refused.has(path))
    .map((path) => (isGlob(path) ? globBase(path) : path));
  const roots = [...project, ...named.map((path) => namedFolder(path, base))];
  const listing = {
    roots: realRoots(roots),
    onRefused: failed,
  };
  const documents = namedDocuments(options.documents, base);
  const loadOnce = (file: string, named: boolean) => {
    const absolute = resolve(base, file);
    if (loaded.has(absolute)) return;
    loaded.set(absolute, file);
    readFile(file, absolute, { named, roots, result, ...(documents ? { documents } : {}) }, read);
  };
  for (const path of paths) {
    if (refused.has(path)) continue;
    const stats = statSync(resolve(base, path), { throwIfNoEntry: false });
    if (path === "-") readStdin(options.stdin, result, read);
    else if (stats === undefined && isGlob(path)) {
      const files = expandGlob(path, base, listing);
      if (files.length === 0) failed(path, "no config file matches");
      for (const file of files) loadOnce(file, false);
    } else if (stats === undefined) failed(path, "no such file or folder");
    else if (stats.isDirectory())
      for (const file of listConfigFiles(path, base, listing)) loadOnce(file, false);
    else loadOnce(path, true);
  }
  // A linked file the paths did not name counts only through the node it gives its row to.
  const onlyLinked = new Set<string>();
  for (const entry of PLATFORM_ENTRIES) {
    for (const { file, origin } of options.linked?.[entry.name]?.values() ?? []) {
      const shown = shownPath(file, base);
      if (!existsSync(file)) failed(shown, `no such file (${origin})`);
      else if (!loaded.has(file)) {
        onlyLinked.add(shown);
        loadOnce(shown, true);
      }
    }
  }
  return { result, ...read, roots, base, loaded, onlyLinked };
}

/** The documents read, loaded by their platforms' loaders, then tied together and checked. */
function finishLoad(read: ReadDocuments, options: LoadToolConfigsOptions): LoadResult {
  const { result, roots, base, loaded, onlyLinked } = read;
  for (const step of read.steps) step();
  // A platform not loaded read no file of this load: it has nothing to tie together.
  for (const platform of loadedPlatforms()) {
    const linked = options.linked?.[platform.name];
    platform.completeLoad?.(result, linked && labelled(linked, loaded, base));
  }
  if (onlyLinked.size > 0) result.tools = result.tools.filter((tool) => !onlyLinked.has(tool.source.file));
  confineToolkitSpecs(result, roots);
  reportDuplicateNames(result);
  return result;
}

/** The linked files as the load names them: each by the label it was read under (or would have been). */
function labelled(
  linked: ReadonlyMap<string, LinkedToolFile>,
  loaded: ReadonlyMap<string, string>,
  base: string,
): Map<string, LinkedToolFile> {
  return new Map(
    [...linked].map(([id, link]) => [
      id,
      { ...link, file: loaded.get(link.file) ?? shownPath(link.file, base) },
    ]),
  );
}

/** The documents the settings name, each with its path as the load shows it. */
function namedDocuments(
  documents: LoadToolConfigsOptions["documents"],
  base: string,
): NamedDocuments | undefined {
  if (!documents) return undefined;
  const named: NamedDocuments = {};
  for (const [platform, links] of Object.entries(documents) as [PlatformName, Map<string, LinkedToolFile>][])
    named[platform] = new Map(
      [...links].map(([key, link]) => [key, { ...link, shown: shownPath(link.file, base) }]),
    );
  return named;
}

/** A path relative to `base` when inside it (`tools/x.json`), as paths given are shown; else absolute. */
function shownPath(file: string, base: string): string {
  const rel = relative(base, file);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : file;
}

/**
 * A path the user gave is trusted, and so is what sits beside or below it, unless it leaves the project
 * through a symlink (`tools` → `../../..`): each such path is a load error naming the symlink, and is
 * not read.
 */
function refuseLinksOut(
  paths: readonly string[],
  project: readonly string[],
  base: string,
  result: LoadResult,
): Set<string> {
  const refused = new Set<string>();
  for (const path of paths) {
    const outside =
      path === "-" ? undefined : linkOutOfProject(isGlob(path) ? globBase(path) : path, project, base);
    if (!outside) continue;
    refused.add(path);
    result.errors.push({ file: path, path: "", message: outsideLinkMessage(outside) });
  }
  return refused;
}

function readFile(
  file: string,
  absolute: string,
  {
    named,
    roots,
    result,
    documents,
  }: { named: boolean; roots: readonly string[]; result: LoadResult; documents?: NamedDocuments },
  read: Pick<ReadDocuments, "documents" | "steps">,
): void {
  const sink = createLoadSink(result, file, {
    folder: dirname(absolute),
    roots,
    ...(documents ? { documents } : {}),
  });
  if (named && !CONFIG_EXTENSIONS.includes(extname(file).toLowerCase())) {
    read.steps.push(() => sink.error("", `unsupported file type (expected ${CONFIG_EXTENSIONS.join(", ")})`));
    return;
  }
  const content = readConfigFile(absolute, { roots });
  if (!content.ok) read.steps.push(() => sink.error("", content.message));
  else if (isDescriptionFragment(content.value))
    read.steps.push(() =>
      sink.note(
        "",
        "an OpenAPI fragment (paths, no openapi: or swagger:): not a tool config, and not used to judge the tools",
      ),
    );
  else if (isOpenApiDocument(content.value)) read.steps.push(() => result.specs.push(file));
  else documentRead(content.value, sink, read);
}

function documentRead(
  document: unknown,
  sink: LoadSink,
  read: Pick<ReadDocuments, "documents" | "steps">,
): void {
  read.documents.push(document);
  read.steps.push(() => loadConfigDocument(document, sink));
}

/** `-`: one config document read from stdin, JSON or YAML. */
function readStdin(
  text: string | undefined,
  result: LoadResult,
  read: Pick<ReadDocuments, "documents" | "steps">,
): void {
  const sink = createLoadSink(result, STDIN_FILE);
  if (text === undefined || text.trim() === "") {
    read.steps.push(() => sink.error("", "nothing was read from stdin"));
    return;
  }
  let document: unknown;
  try {
    document = parseBounded(text.replace(/^\uFEFF/, ""), /^\s*[[{]/.test(text) ? "json" : "yaml");
  } catch (error) {
    read.steps.push(() => sink.error("", (error as Error).message));
    return;
  }
  documentRead(document, sink, read);
}

/** An OpenAPI 3 or Swagger 2 document: not a tool config, but a description tools are linted against. */
function isOpenApiDocument(value: unknown): boolean {
  return isPlainObject(value) && ("openapi" in value || "swagger" in value);
}

/**
 * A top-level `paths` object without `openapi:` or `swagger:`: Flowise's own swagger.yml is such a
 * fragment (its `openapi` and `info` are added at runtime), and no tool config has that key. It cannot
 * judge anything as it is, so it is said and left, never a reason to stop the run.
 */
function isDescriptionFragment(value: unknown): boolean {
  return isPlainObject(value) && !("openapi" in value || "swagger" in value) && isPlainObject(value.paths);
}
