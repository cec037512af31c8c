import type { LoadResult } from "./load-result.js";
import { agentOf } from "./tool-agent.js";
import type { LoadedTool, ToolSource } from "./tool-config.js";

/**
 * Tool names must be unique among the tools of one agent (its model is given them side by side); two
 * agents (two flows, two Agent nodes, two files) may each have a tool of a name. Each later tool of an
 * agent with a name already seen in it becomes an error naming both places, and is dropped from `tools`.
 */
export function reportDuplicateNames(result: LoadResult): void {
  const seen = new Map<string, ToolSource>();
  const kept: LoadedTool[] = [];
  for (const tool of result.tools) {
    const name = tool.config.name;
    const key = name === undefined ? undefined : `${agentOf(tool.source).id}\u0000${name}`;
    const first = key === undefined ? undefined : seen.get(key);
    if (key === undefined || first === undefined) {
      if (key !== undefined) seen.set(key, tool.source);
      kept.push(tool);
      continue;
    }
    const where = first.path === "" ? first.file : `${first.file}: ${first.path}`;
    result.errors.push({
      file: tool.source.file,
      path: tool.source.path,
      message: `duplicate tool name "${name}" (first defined at ${where})`,
    });
  }
  result.tools = kept;
}
