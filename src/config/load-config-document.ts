import { describeType, isPlainObject } from "../json/json-value.js";
import { detectFlowiseRequestNode } from "./detect-flowise-request-node.js";
import { fromCanonicalConfig } from "./from-canonical-config.js";
import { fromFlowiseRequestInputs } from "./from-flowise-request-inputs.js";
import { fromFlowiseToolkitInputs } from "./from-flowise-toolkit-inputs.js";
import { joinPath } from "./json-path.js";
import { collectFlowTools, loadFlowData } from "./load-flowise-flow.js";
import type { LoadSink } from "./load-sink.js";

/** The content of one config file: one config or an array of them. */
export function loadConfigDocument(document: unknown, sink: LoadSink): void {
  if (!Array.isArray(document)) {
    loadConfigValue(document, "", sink);
    return;
  }
  document.forEach((value, index) => {
    loadConfigValue(value, joinPath("", index), sink);
  });
}

/**
 * One config, whichever of the accepted shapes it has: tooldeck's own (`kind`), a Flowise flow export
 * (`nodes`), a chatflow from Flowise's API (`flowData`), or the input keys of a Flowise request node
 * (`requestsGetUrl`…, or `agentSelectedTool`).
 */
export function loadConfigValue(value: unknown, path: string, sink: LoadSink): void {
  if (!isPlainObject(value)) {
    sink.error(path, `expected a tool config object, received ${describeType(value)}`);
  } else if ("kind" in value) {
    const config = fromCanonicalConfig(value, path, sink);
    if (config) sink.tool(config, path);
  } else if (Array.isArray(value.nodes)) {
    collectFlowTools(value.nodes, path, sink);
  } else if ("flowData" in value) {
    // A chatflow as Flowise's API returns it (GET /api/v1/chatflows), its flow as a JSON string.
    loadFlowData(value.flowData, joinPath(path, "flowData"), sink);
  } else {
    loadFlowiseInputs(value, path, sink);
  }
}

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
      sink.error(
        path,
        'not a tool config: expected "kind" (tooldeck format), Flowise request-tool inputs (requestsGetUrl…) or a Flowise flow export ("nodes")',
      );
  }
}
