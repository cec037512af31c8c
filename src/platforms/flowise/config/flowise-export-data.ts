import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { ExportLoader } from "../../platform.js";

/** The sections of Flowise's "Export data" file that hold flows (each its own agent). */
const FLOW_SECTIONS = ["ChatFlow", "AgentFlow", "AgentFlowV2", "AssistantFlow"] as const;

/**
 * The sections Flowise's Settings › "Export data" writes (its `exportImport` service): a file whose keys
 * are all among them, each an array, is that export.
 */
const SECTIONS = new Set<string>([
  ...FLOW_SECTIONS,
  "Tool",
  "Variable",
  "AssistantCustom",
  "AssistantOpenAI",
  "AssistantAzure",
  "ChatMessage",
  "ChatMessageFeedback",
  "CustomTemplate",
  "DocumentStore",
  "DocumentStoreFileChunk",
  "Execution",
]);

/** Whether a value is Flowise's "Export data" file. */
export function isExportData(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => SECTIONS.has(key) && Array.isArray(value[key]));
}

/**
 * Flowise's "Export data" file, loaded whole: every flow of its flow sections by `flow` (a flow of its
 * own path, so its own agent), every `Tool` row by `tool` (linked to the flows' Custom Tool nodes by id);
 * the other sections hold no tools and are passed over quietly. A file with neither flows nor tools is
 * an error saying what it holds, so it is not mistaken for a broken tool config.
 */
export function createExportDataLoader(flow: ExportLoader, tool: ExportLoader): ExportLoader {
  return {
    detects: isExportData,
    load(value, path, sink) {
      let items = 0;
      for (const section of [...FLOW_SECTIONS, "Tool"]) {
        const loader = section === "Tool" ? tool : flow;
        const entries = value[section];
        if (!Array.isArray(entries)) continue;
        entries.forEach((entry, index) => {
          if (!isPlainObject(entry)) return;
          items += 1;
          loader.load(entry, joinPath(joinPath(path, section), index), sink);
        });
      }
      if (items === 0) reportEmpty(value, path, sink);
    },
  };
}

function reportEmpty(value: Record<string, unknown>, path: string, sink: LoadSink): void {
  const held = Object.keys(value).filter((key) => (value[key] as unknown[]).length > 0);
  const what = held.length === 0 ? "nothing" : held.join(", ");
  sink.error(path, `a Flowise "Export data" file holding ${what}: no chatflow, agentflow or tool to check`);
}
