import { resolve } from "node:path";
import type { PlatformName } from "../platforms/platform-names.js";
import { ProjectFileError, readProjectFile } from "../project-files/read-project-file.js";
import type { LinkedToolFile } from "./linked-tool-file.js";
import type { LoadResult, SkippedNode } from "./load-result.js";
import type { ToolAgent, ToolConfig, ToolSource } from "./tool-config.js";

/** A file a config names, read, or why not (one line: `is outside the project (…); widen it with --root`). */
export type NamedFileText = { ok: true; text: string } | { ok: false; message: string };

/**
 * A document the settings name for a platform's loaders (`dify: { providers: { <name>: <file> } }`): `file`
 * absolute, `shown` as the load names files (relative to its folder when inside it).
 */
export interface NamedDocumentLink extends LinkedToolFile {
  shown: string;
}

/**
 * A document the settings name, read (or why not), with where it is and where it was named; `spec`, what
 * a config reading it names it by when not `shown` (a `data:` URL of a document an instance answered).
 */
export type NamedDocument = NamedFileText & Pick<NamedDocumentLink, "shown" | "origin"> & { spec?: string };

/** The documents the settings name, by platform, then by the key the platform's exports name them by. */
export type NamedDocuments = { [P in PlatformName]?: ReadonlyMap<string, NamedDocumentLink> };

/** What the loaders of one file report into: tools, errors, warnings and skipped nodes, located by JSON path. */
export interface LoadSink {
  readonly file: string;
  /** The agent its tools are given to, when not the whole file (`withAgent`). */
  readonly agent?: ToolAgent;
  /**
   * `format`: the platform whose export the config was read from (its keys are not tooldeck's); `agent`:
   * the agent it is given to, when not the whole file (`withAgent`); `placed`: where its code is written
   * when another file holds it, and its keys written elsewhere than under `path` by their names.
   */
  tool(
    config: ToolConfig,
    path: string,
    format?: PlatformName,
    agent?: ToolAgent,
    placed?: Pick<ToolSource, "code" | "keys">,
  ): void;
  error(path: string, message: string): void;
  warn(path: string, message: string): void;
  /** A part of the export that is read but not modelled (`LoadResult.notes`). */
  note(path: string, message: string): void;
  skip(node: Omit<SkippedNode, "file">): void;
  /** A `$vars` value the export carries (`LoadResult.vars`): the first export naming a variable sets it. */
  variable(name: string, value: string): void;
  /**
   * Reads a file the config names (`codeFile: update.js`), relative to the config file's folder and only
   * inside the project's roots, as every file a config names. Absent where the config has no file
   * (stdin, a Flowise instance).
   */
  readNamedFile?(path: string): NamedFileText;
  /**
   * The document the settings name for `key` of `platform`'s (`dify.providers.weather`), read inside the
   * project's roots as every file a config names; undefined when they name none. Absent where the load
   * was given none (stdin, a platform's instance).
   */
  namedDocument?(platform: PlatformName, key: string): NamedDocument | undefined;
}

/** Where the files a config names are: its own folder, and the roots they must stay inside. */
export interface NamedFileScope {
  folder: string;
  roots: readonly string[];
  /** The documents the settings name for platforms' loaders. */
  documents?: NamedDocuments;
}

/** A sink writing into `result`, every entry labelled with `file`; `scope` lets its configs name files. */
export function createLoadSink(result: LoadResult, file: string, scope?: NamedFileScope): LoadSink {
  const sink: LoadSink = {
    file,
    tool: (config, path, format, agent, placed) =>
      result.tools.push({
        config,
        source: {
          file,
          path,
          ...(format ? { format } : {}),
          ...(agent ? { agent } : {}),
          ...(placed?.code ? { code: placed.code } : {}),
          ...(placed?.keys && Object.keys(placed.keys).length > 0 ? { keys: placed.keys } : {}),
        },
      }),
    error: (path, message) => result.errors.push({ file, path, message }),
    warn: (path, message) => result.warnings.push({ file, path, message }),
    note: (path, message) => {
      result.notes ??= [];
      result.notes.push({ file, path, message });
    },
    skip: (node) => result.skipped.push({ file, ...node }),
    variable: (name, value) => {
      result.vars ??= {};
      // Defined, not assigned: a variable named `__proto__` is a value like any other.
      if (!Object.hasOwn(result.vars, name))
        Object.defineProperty(result.vars, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    },
  };
  if (scope) sink.readNamedFile = (path) => readNamedFile(path, scope);
  const documents = scope?.documents;
  if (documents && scope)
    sink.namedDocument = (platform, key) => {
      const link = documents[platform]?.get(key);
      return (
        link && { ...readNamedFile(link.file, scope, link.shown), shown: link.shown, origin: link.origin }
      );
    };
  return sink;
}

/**
 * The same sink, each tool it reports (and each node it sets aside, which becomes a tool later) given to
 * `agent`: the loader of an Agent node's tools writes through it.
 */
export function withAgent(sink: LoadSink, agent: ToolAgent): LoadSink {
  return {
    ...sink,
    agent,
    tool: (config, path, format, inner, placed) => sink.tool(config, path, format, inner ?? agent, placed),
    skip: (node) => sink.skip({ ...node, agent: node.agent ?? agent }),
  };
}

function readNamedFile(path: string, scope: NamedFileScope, shown = path): NamedFileText {
  try {
    return { ok: true, text: readProjectFile(resolve(scope.folder, path), { roots: scope.roots }) };
  } catch (error) {
    if (error instanceof ProjectFileError) return { ok: false, message: `"${shown}" ${error.message}` };
    throw error;
  }
}
