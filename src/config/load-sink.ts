import type { PlatformName } from "../platforms/platform-names.js";
import type { LoadResult, SkippedNode } from "./load-result.js";
import type { ToolConfig } from "./tool-config.js";

/** What the loaders of one file report into: tools, errors, warnings and skipped nodes, located by JSON path. */
export interface LoadSink {
  readonly file: string;
  /** `format`: the platform whose export the config was read from (its keys are not tooldeck's). */
  tool(config: ToolConfig, path: string, format?: PlatformName): void;
  error(path: string, message: string): void;
  warn(path: string, message: string): void;
  /** A part of the export that is read but not modelled (`LoadResult.notes`). */
  note(path: string, message: string): void;
  skip(node: Omit<SkippedNode, "file">): void;
}

/** A sink writing into `result`, every entry labelled with `file`. */
export function createLoadSink(result: LoadResult, file: string): LoadSink {
  return {
    file,
    tool: (config, path, format) =>
      result.tools.push({ config, source: format ? { file, path, format } : { file, path } }),
    error: (path, message) => result.errors.push({ file, path, message }),
    warn: (path, message) => result.warnings.push({ file, path, message }),
    note: (path, message) => {
      result.notes ??= [];
      result.notes.push({ file, path, message });
    },
    skip: (node) => result.skipped.push({ file, ...node }),
  };
}
