import type { LoadResult } from "../../../config/load-result.js";
import { createLoadSink, withAgent } from "../../../config/load-sink.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { CUSTOM_TOOL_NODE, customToolOfNode } from "./custom-tool-node.js";
import type { CustomToolRow } from "./custom-tool-row.js";

/**
 * Turns the Custom Tool nodes a load set aside (`deferCustomToolNode`) into tools, each with the row of
 * its id from `rows` (a Flowise instance's), else from the Tools-page exports loaded beside the flows.
 * A row a flow uses is that flow's tool and no longer a tool of its own (it would be listed twice). A
 * node whose row is nowhere is a load error naming the id (`whyMissing`'s text for it when the source
 * said why), never a silent drop.
 */
export function resolveCustomTools(
  result: LoadResult,
  rows: ReadonlyMap<string, CustomToolRow> = new Map(),
  whyMissing: ReadonlyMap<string, string> = new Map(),
): void {
  const nodes = result.skipped.filter((node) => node.node === CUSTOM_TOOL_NODE);
  if (nodes.length === 0) return;
  result.skipped = result.skipped.filter((node) => node.node !== CUSTOM_TOOL_NODE);
  const exported = exportedRows(result);
  const used = new Set<CustomToolConfig>();
  for (const node of nodes) {
    const id = typeof node.inputs.selectedTool === "string" ? node.inputs.selectedTool : "";
    const fromExport = exported.get(id);
    if (fromExport) used.add(fromExport);
    const file = createLoadSink(result, node.file);
    const sink = node.agent ? withAgent(file, node.agent) : file;
    const row = rows.get(id) ?? fromExport;
    const config = customToolOfNode(node.inputs, row, node.path, sink, whyMissing.get(id));
    if (config) sink.tool(config, node.path, "flowise");
  }
  result.tools = result.tools.filter((tool) => !used.has(tool.config as CustomToolConfig));
}

/** The Custom Tools loaded from Flowise's tool rows (a Tools-page export) that carry their id. */
function exportedRows(result: LoadResult): Map<string, CustomToolConfig> {
  const rows = new Map<string, CustomToolConfig>();
  for (const { config, source } of result.tools)
    if (config.kind === "custom-tool" && source.format === "flowise" && config.id !== undefined)
      rows.set(config.id, config);
  return rows;
}
