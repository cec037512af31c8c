import { dirname } from "node:path";
import type { LoadResult, SkippedNode } from "../../../config/load-result.js";
import { createLoadSink, withAgent } from "../../../config/load-sink.js";
import type { LoadedTool } from "../../../config/tool-config.js";
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
  const sole = soleCandidate(nodes, result.tools, rows, exported);
  const used = new Set<CustomToolConfig>();
  for (const node of nodes) {
    const id = selectedId(node);
    const fromExport = node === sole?.node ? sole.export : exported.get(id);
    if (fromExport) used.add(fromExport);
    const file = createLoadSink(result, node.file);
    const sink = node.agent ? withAgent(file, node.agent) : file;
    const row = rows.get(id) ?? fromExport;
    if (node === sole?.node)
      sink.note(
        node.path,
        `Custom Tool "${id}" read from ${sole.file}, the one id-less Tools-page export beside the flow`,
      );
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

function selectedId(node: SkippedNode): string {
  return typeof node.inputs.selectedTool === "string" ? node.inputs.selectedTool : "";
}

/**
 * The one Custom Tool node whose row is nowhere and the one id-less Tools-page export beside its flow:
 * Flowise's Tools page deletes the id on export (`exportTool`), so when each is the only one of its kind
 * they can only belong together. Any other count links nothing (the node's error says how to link it).
 */
function soleCandidate(
  nodes: readonly SkippedNode[],
  tools: readonly LoadedTool[],
  rows: ReadonlyMap<string, CustomToolRow>,
  exported: ReadonlyMap<string, CustomToolConfig>,
): { node: SkippedNode; export: CustomToolConfig; file: string } | undefined {
  const unresolved = nodes.filter((node) => {
    const id = selectedId(node);
    return id !== "" && !rows.has(id) && !exported.has(id) && !hasOwnCode(node);
  });
  const idless = tools.filter(
    ({ config, source }) =>
      config.kind === "custom-tool" &&
      source.format === "flowise" &&
      source.path === "" &&
      config.id === undefined,
  );
  const [node] = unresolved;
  const [tool] = idless;
  if (unresolved.length !== 1 || idless.length !== 1 || !node || !tool) return undefined;
  if (dirname(node.file) !== dirname(tool.source.file)) return undefined;
  return { node, export: tool.config as CustomToolConfig, file: tool.source.file };
}

/** A node whose hidden inputs name the tool and give its code needs no row. */
function hasOwnCode(node: SkippedNode): boolean {
  return (
    typeof node.inputs.customToolName === "string" &&
    node.inputs.customToolName !== "" &&
    typeof node.inputs.customToolFunc === "string" &&
    node.inputs.customToolFunc !== ""
  );
}
