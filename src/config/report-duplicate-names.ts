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
    const first = seen.get(tool.config.name);
    if (first === undefined) {
      seen.set(tool.config.name, tool.source);
      kept.push(tool);
      continue;
    }
    const where = first.path === "" ? first.file : `${first.file}: ${first.path}`;
    result.errors.push({
      ...tool.source,
      message: `duplicate tool name "${tool.config.name}" (first defined at ${where})`,
    });
  }
  result.tools = kept;
}
