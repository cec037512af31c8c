import { joinPath } from "../../../config/json-path.js";
import { type LoadSink, withAgent } from "../../../config/load-sink.js";
import { nodeAgent } from "../../../config/tool-agent.js";
import type { ExportLoader } from "../../platform.js";
import { CUSTOM_TOOL_NODE, deferCustomToolNode } from "../custom-tool/custom-tool-node.js";
import { isToolRow, readToolRow } from "../custom-tool/read-tool-row.js";
import { detectFlowiseRequestNode } from "./detect-flowise-request-node.js";
import { createExportDataLoader } from "./flowise-export-data.js";
import { fromFlowiseRequestInputs } from "./from-flowise-request-inputs.js";
import { fromFlowiseToolkitInputs } from "./from-flowise-toolkit-inputs.js";
import { collectFlowTools, loadFlowData } from "./load-flowise-flow.js";

/** A whole Flowise flow export: its `nodes`. */
const flowExport: ExportLoader = {
  detects: (value) => Array.isArray(value.nodes),
  load: (value, path, sink) => collectFlowTools(value.nodes as unknown[], path, flowSink(value, path, sink)),
};

/** A chatflow as Flowise's API returns it (GET /api/v1/chatflows), its flow as a JSON string. */
const chatflowRow: ExportLoader = {
  detects: (value) => "flowData" in value,
  load: (value, path, sink) =>
    loadFlowData(value.flowData, joinPath(path, "flowData"), flowSink(value, path, sink)),
};

/**
 * A flow that is the whole file is the file's agent; one of several in a file (`[1]`) is an agent of its
 * own, named by its `name` where it has one.
 */
function flowSink(value: Record<string, unknown>, path: string, sink: LoadSink): LoadSink {
  if (path === "") return sink;
  const title = typeof value.name === "string" && value.name.trim() !== "" ? value.name.trim() : path;
  return withAgent(sink, nodeAgent(sink, path, title));
}

/**
 * A Custom Tool as Flowise's Tools page exports it (`name`, `description`, `schema` as a JSON string,
 * `func`, …): a tool of its own, and the row of the flows' Custom Tool nodes naming its `id`.
 */
const toolRow: ExportLoader = {
  detects: isToolRow,
  load(value, path, sink) {
    const row = readToolRow(value, path, sink);
    if (row) sink.tool({ kind: "custom-tool", ...row, schema: [...row.schema] }, path, "flowise");
  },
};

/** The input keys of one Flowise node (`requestsGetUrl`…), or an Agent node's tool (`agentSelectedTool`). */
const nodeInputs: ExportLoader = {
  detects: (value) => detectFlowiseRequestNode(value).kind !== "none",
  load: loadFlowiseInputs,
};

/** The shapes of Flowise's exports a config file may hold, in the order they are told apart. */
export const FLOWISE_EXPORT_LOADERS: readonly ExportLoader[] = [
  flowExport,
  chatflowRow,
  toolRow,
  createExportDataLoader(chatflowRow, toolRow),
  nodeInputs,
];

function loadFlowiseInputs(value: Record<string, unknown>, path: string, sink: LoadSink): void {
  const detected = detectFlowiseRequestNode(value);
  switch (detected.kind) {
    case "request": {
      const config = fromFlowiseRequestInputs(detected.node, value, path, sink);
      if (config) sink.tool(config, path, "flowise");
      return;
    }
    case "other": {
      if (detected.node === CUSTOM_TOOL_NODE) {
        deferCustomToolNode(value, path, sink);
        return;
      }
      const config =
        detected.node === "openAPIToolkit" ? fromFlowiseToolkitInputs(value, path, sink) : undefined;
      if (config) sink.tool(config, path, "flowise");
      else if (detected.node !== "openAPIToolkit") {
        sink.error(joinPath(path, "agentSelectedTool"), `"${detected.node}" is not a Flowise request tool`);
      }
      return;
    }
    case "mixed":
      sink.error(path, `mixes the input keys of Flowise nodes ${detected.nodes.join(" and ")}`);
      return;
    case "none":
      return;
  }
}
