import type { FlowiseTool } from "./flowise-tool.js";

/** The emulator's Custom Tools, in memory, in the order they were created. */
export interface ToolStore {
  list(): FlowiseTool[];
  get(id: string): FlowiseTool | undefined;
  put(tool: FlowiseTool): void;
  delete(id: string): boolean;
  replaceAll(tools: readonly FlowiseTool[]): void;
}

/** An empty store; reads and writes copy, so callers never share a row with it. */
export function createToolStore(): ToolStore {
  const rows = new Map<string, FlowiseTool>();
  return {
    list: () => [...rows.values()].map((tool) => ({ ...tool })),
    get: (id) => {
      const tool = rows.get(id);
      return tool && { ...tool };
    },
    put: (tool) => void rows.set(tool.id, { ...tool }),
    delete: (id) => rows.delete(id),
    replaceAll: (tools) => {
      rows.clear();
      for (const tool of tools) rows.set(tool.id, { ...tool });
    },
  };
}
