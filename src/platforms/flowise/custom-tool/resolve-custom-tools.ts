import { dirname } from "node:path";
import { joinPath } from "../../../config/json-path.js";
import type { LinkedToolFile } from "../../../config/linked-tool-file.js";
import type { LoadResult, SkippedNode } from "../../../config/load-result.js";
import { createLoadSink, withAgent } from "../../../config/load-sink.js";
import type { LoadedTool, ToolSource } from "../../../config/tool-config.js";
import { groupBy } from "../../../json/group-by.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { CUSTOM_TOOL_NODE, customToolOfNode } from "./custom-tool-node.js";
import type { CustomToolRow } from "./custom-tool-row.js";

/** Where the rows of a load's Custom Tool nodes may come from besides the exports it loaded. */
export interface CustomToolRowSources {
  /** A Flowise instance's rows, by id: they come first. */
  rows?: ReadonlyMap<string, CustomToolRow>;
  /** Why an id has no row there (the source said why), for the node's error. */
  whyMissing?: ReadonlyMap<string, string>;
  /** The files the settings link to ids (`flowise: { tools: { <id>: <file> } }`), each loaded by now. */
  linked?: ReadonlyMap<string, LinkedToolFile>;
}

/** The tool a node is built from: its row, and the export it was loaded from when it is one. */
interface Found {
  row?: CustomToolRow;
  export?: LoadedTool;
  note?: string;
  whyMissing?: string;
}

/**
 * Turns the Custom Tool nodes a load set aside (`deferCustomToolNode`) into tools, each with the row of
 * its id: a Flowise instance's, else the export loaded with that id (an "Export data" file's `Tool`
 * rows), else the file the settings link to the id, else the one id-less Tools-page export beside a flow
 * with one such node. A row a flow uses is that flow's tool and no longer a tool of its own (it would be
 * listed twice). A node whose row is nowhere is a load error naming the id and how to link it, never a
 * silent drop.
 */
export function resolveCustomTools(result: LoadResult, sources: CustomToolRowSources = {}): void {
  const nodes = result.skipped.filter((node) => node.node === CUSTOM_TOOL_NODE);
  if (nodes.length === 0) return;
  result.skipped = result.skipped.filter((node) => node.node !== CUSTOM_TOOL_NODE);
  const rows = sources.rows ?? new Map<string, CustomToolRow>();
  const linked = sources.linked ?? new Map<string, LinkedToolFile>();
  const exported = exportedRows(result);
  const sole = soleCandidates(nodes, result.tools, { rows, exported, linked });
  const used = new Set<LoadedTool>();
  for (const node of nodes) {
    const id = selectedId(node);
    const beside = sole.get(node);
    const found: Found = beside
      ? { export: beside, note: soleNote(id, beside.source.file) }
      : findRow(id, { rows, exported, linked }, result.tools, sources.whyMissing);
    if (found.export) used.add(found.export);
    const file = createLoadSink(result, node.file);
    const sink = node.agent ? withAgent(file, node.agent) : file;
    if (found.note) sink.note(node.path, found.note);
    const row = found.row ?? (found.export?.config as CustomToolConfig | undefined);
    const config = customToolOfNode(node.inputs, row, node.path, sink, found.whyMissing);
    if (config) sink.tool(config, node.path, "flowise", undefined, placesOf(found.export, node));
  }
  result.tools = result.tools.filter((tool) => !used.has(tool));
}

interface Known {
  rows: ReadonlyMap<string, CustomToolRow>;
  exported: ReadonlyMap<string, LoadedTool>;
  linked: ReadonlyMap<string, LinkedToolFile>;
}

function findRow(
  id: string,
  known: Known,
  tools: readonly LoadedTool[],
  whyMissing: ReadonlyMap<string, string> | undefined,
): Found {
  const row = known.rows.get(id);
  if (row) return { row };
  const exported = known.exported.get(id);
  if (exported) return { export: exported };
  const link = known.linked.get(id);
  if (!link) return whyMissing?.has(id) ? { whyMissing: whyMissing.get(id) as string } : {};
  const inFile = customToolsOf(tools).filter((tool) => tool.source.file === link.file);
  const [only] = inFile;
  if (only && inFile.length === 1) return { export: only };
  const held = inFile.length === 0 ? "holds no Custom Tool" : `holds ${inFile.length} Custom Tools`;
  return { whyMissing: `Custom Tool "${id}" not found: ${link.file} (${link.origin}) ${held}` };
}

/**
 * Where the node's code and schema are written: under its own hidden input (`customToolFunc`,
 * `customToolSchema`) when it sets one, which overrides the row's, else in its export's row when a file
 * holds that (`func`, `schema`), for findings in them to point at a key the file has. `code` names the
 * export when it holds the code.
 */
function placesOf(exported: LoadedTool | undefined, node: SkippedNode): Pick<ToolSource, "code" | "keys"> {
  const keys: Record<string, { file: string; path: string }> = {};
  for (const [key, input] of Object.entries(NODE_INPUTS)) {
    if (setsInput(node, input)) keys[key] = { file: node.file, path: joinPath(node.path, input) };
    else if (exported) keys[key] = { file: exported.source.file, path: joinPath(exported.source.path, key) };
  }
  if (!exported || setsInput(node, NODE_INPUTS.func)) return { keys };
  return { keys, code: { file: exported.source.file, path: exported.source.path } };
}

function setsInput(node: SkippedNode, input: string): boolean {
  return typeof node.inputs[input] === "string" && node.inputs[input] !== "";
}

/** The hidden inputs of a Custom Tool node that override its row's keys, by the config's key. */
const NODE_INPUTS = { func: "customToolFunc", schema: "customToolSchema" } as const;

function soleNote(id: string, file: string): string {
  return `Custom Tool "${id}" read from ${file}, the one id-less Tools-page export beside the flow`;
}

/** The Custom Tools loaded from Flowise's tool rows (a Tools-page export, an Export data file). */
function customToolsOf(tools: readonly LoadedTool[]): LoadedTool[] {
  return tools.filter(({ config, source }) => config.kind === "custom-tool" && source.format === "flowise");
}

/** Those of them that carry their id, by id. */
function exportedRows(result: LoadResult): Map<string, LoadedTool> {
  const rows = new Map<string, LoadedTool>();
  for (const tool of customToolsOf(result.tools)) {
    const { id } = tool.config as CustomToolConfig;
    if (id !== undefined) rows.set(id, tool);
  }
  return rows;
}

function selectedId(node: SkippedNode): string {
  return typeof node.inputs.selectedTool === "string" ? node.inputs.selectedTool : "";
}

/**
 * Per folder, the one Custom Tool node whose row is nowhere and the one id-less Tools-page export beside
 * its flow (none the settings link to an id): Flowise's Tools page deletes the id on export
 * (`exportTool`), so when each is the only one of its kind in its folder they can only belong together,
 * whatever other folders of the run hold (a repository keeps each flow in a folder of its own with its
 * tool). Any other count in a folder links nothing there (the node's error says how to link it).
 */
function soleCandidates(
  nodes: readonly SkippedNode[],
  tools: readonly LoadedTool[],
  known: Known,
): Map<SkippedNode, LoadedTool> {
  const unresolved = nodes.filter((node) => {
    const id = selectedId(node);
    return (
      id !== "" &&
      !known.rows.has(id) &&
      !known.exported.has(id) &&
      !known.linked.has(id) &&
      !hasOwnCode(node)
    );
  });
  const linkedFiles = new Set([...known.linked.values()].map((link) => link.file));
  const idless = customToolsOf(tools).filter(
    ({ config, source }) =>
      source.path === "" && (config as CustomToolConfig).id === undefined && !linkedFiles.has(source.file),
  );
  const exportsByFolder = groupBy(idless, (tool) => dirname(tool.source.file));
  const linked = new Map<SkippedNode, LoadedTool>();
  for (const [folder, [node, ...otherNodes]] of groupBy(unresolved, (node) => dirname(node.file))) {
    const [tool, ...otherTools] = exportsByFolder.get(folder) ?? [];
    if (node && tool && otherNodes.length === 0 && otherTools.length === 0) linked.set(node, tool);
  }
  return linked;
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
