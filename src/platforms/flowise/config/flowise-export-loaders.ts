import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import type { ExportLoader } from "../../platform.js";
import { detectFlowiseRequestNode } from "./detect-flowise-request-node.js";
import { fromFlowiseRequestInputs } from "./from-flowise-request-inputs.js";
import { fromFlowiseToolkitInputs } from "./from-flowise-toolkit-inputs.js";
import { collectFlowTools, loadFlowData } from "./load-flowise-flow.js";

/** A whole Flowise flow export: its `nodes`. */
const flowExport: ExportLoader = {
  detects: (value) => Array.isArray(value.nodes),
  load: (value, path, sink) => collectFlowTools(value.nodes as unknown[], path, sink),
};

/** A chatflow as Flowise's API returns it (GET /api/v1/chatflows), its flow as a JSON string. */
const chatflowRow: ExportLoader = {
  detects: (value) => "flowData" in value,
  load: (value, path, sink) => loadFlowData(value.flowData, joinPath(path, "flowData"), sink),
};

/** The input keys of one Flowise node (`requestsGetUrl`…), or an Agent node's tool (`agentSelectedTool`). */
const nodeInputs: ExportLoader = {
  detects: (value) => detectFlowiseRequestNode(value).kind !== "none",
  load: loadFlowiseInputs,
};

/** The shapes of Flowise's exports a config file may hold, in the order they are told apart. */
export const FLOWISE_EXPORT_LOADERS: readonly ExportLoader[] = [flowExport, chatflowRow, nodeInputs];

function loadFlowiseInputs(value: Record<string, unknown>, path: string, sink: LoadSink): void {
  const detected = detectFlowiseRequestNode(value);
  switch (detected.kind) {
    case "request": {
      const config = fromFlowiseRequestInputs(detected.node, value, path, sink);
      if (config) sink.tool(config, path, "flowise");
      return;
    }
    case "other": {
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
