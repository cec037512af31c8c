import { type ConfigIssue, formatConfigIssue } from "../config/config-issue.js";
import { loadToolConfigs } from "../config/load-tool-configs.js";
import type { LoadedTool } from "../config/tool-config.js";

/** What `tooldeck init` found in a folder: tool configs, Flowise exports and OpenAPI descriptions. */
export interface ProjectTools {
  tools: LoadedTool[];
  /** The files (as found, relative to the folder) the tools came from, in order. */
  toolFiles: string[];
  /** Those of them that are Flowise flow exports. */
  flowiseFiles: string[];
  /** OpenAPI descriptions met, relative to the folder. */
  specs: string[];
  /** Files that look like configs but could not be loaded, each with its first error (`file: path: message`). */
  unloaded: string[];
}

/**
 * Every tool config, Flowise export and OpenAPI description under `dir` (node_modules and hidden folders
 * left out, inside the project as every load is): a file that is neither (package.json) is skipped
 * silently, since `init` looks at a whole repository, not at files it was told are configs.
 */
export function findProjectTools(dir: string): ProjectTools {
  const loaded = loadToolConfigs(["."], { cwd: dir });
  const tools = loaded.tools;
  const files = (selected: readonly LoadedTool[]) => [
    ...new Set(selected.map((tool) => tidy(tool.source.file))),
  ];
  return {
    tools,
    toolFiles: files(tools),
    flowiseFiles: files(tools.filter((tool) => tool.source.format === "flowise")),
    specs: loaded.specs.map(tidy),
    unloaded: firstErrorPerFile(loaded.errors),
  };
}

/** One line per file that failed, its first error: a file can hold many, and one says why. */
function firstErrorPerFile(errors: readonly ConfigIssue[]): string[] {
  const byFile = new Map<string, ConfigIssue>();
  for (const error of errors) if (!byFile.has(error.file)) byFile.set(error.file, error);
  return [...byFile.values()].map((error) => formatConfigIssue({ ...error, file: tidy(error.file) }));
}

function tidy(file: string): string {
  return file.replace(/^\.\//, "").split("\\").join("/");
}
