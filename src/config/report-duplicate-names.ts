import type { LoadResult } from "./load-result.js";
import type { LoadedTool, ToolSource } from "./tool-config.js";

/**
 * Tool names must be unique among everything loaded (an agent is given them side by side): each later
 * tool with a name already seen becomes an error naming both places, and is dropped from `tools`.
 */
export function reportDuplicateNames(result: LoadResult): void {
  const seen = new Map<string, ToolSource>();
  const kept: LoadedTool[] = [];
  for (const tool of result.tools) {
    const name = tool.config.name;
    const first = name === undefined ? undefined : seen.get(name);
    if (name === undefined || first === undefined) {
      if (name !== undefined) seen.set(name, tool.source);
      kept.push(tool);
      continue;
    }
    const where = first.path === "" ? first.file : `${first.file}: ${first.path}`;
    result.errors.push({
      ...tool.source,
      message: `duplicate tool name "${name}" (first defined at ${where})`,
    });
  }
  result.tools = kept;
}
