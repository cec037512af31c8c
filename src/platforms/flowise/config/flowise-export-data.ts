import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
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

/** The sections of a document store's export (Settings › Export data with only its document stores). */
const DOCUMENT_STORE_SECTIONS = new Set(["DocumentStore", "DocumentStoreFileChunk"]);

/**
 * Flowise's "Export data" file, loaded whole: every flow of its flow sections by `flow` (a flow of its
 * own path, so its own agent), every `Tool` row by `tool` (linked to the flows' Custom Tool nodes by id),
 * every `Variable` row as a `$vars` value (`readVariables`); the other sections hold no tools and are
 * passed over quietly. A file with neither flows nor tools says what it is: one of variables only is a
 * note (its values still count), any other (a document store's) an error, so it is not mistaken for a
 * broken tool config.
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
      const variables = readVariables(value.Variable, joinPath(path, "Variable"), sink);
      if (items === 0) reportNoTools(value, path, sink, variables);
    },
  };
}

/**
 * The `Variable` rows as Flowise's `getVars` gives them to a flow (reference flowise-custom-tool.md §5):
 * a static one is its `value`, a runtime one is the Flowise server's environment variable of its name,
 * unknown here (a note says so; `--var` gives it). How many rows were read.
 */
function readVariables(rows: unknown, path: string, sink: LoadSink): number {
  if (!Array.isArray(rows)) return 0;
  let read = 0;
  rows.forEach((row, index) => {
    const at = joinPath(path, index);
    if (!isPlainObject(row) || typeof row.name !== "string" || row.name === "") {
      sink.warn(at, "expected a variable row with a name: left out of $vars");
      return;
    }
    read += 1;
    if (row.type === "runtime")
      sink.note(
        at,
        `$vars.${row.name} is a runtime variable, read from the Flowise server's environment: its value is unknown here (give it with --var ${row.name}=VALUE)`,
      );
    else if (typeof row.value === "string") sink.variable(row.name, row.value);
    else
      sink.warn(
        joinPath(at, "value"),
        `expected the text of $vars.${row.name}, received ${describeType(row.value)}`,
      );
  });
  return read;
}

function reportNoTools(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
  variables: number,
): void {
  const held = Object.keys(value).filter((key) => (value[key] as unknown[]).length > 0);
  if (variables > 0 && held.every((key) => key === "Variable")) {
    const what = `${variables} variable${variables === 1 ? "" : "s"}`;
    sink.note(
      path,
      `a Flowise "Export data" file of variables only (${what}): its values are the $vars of the flows checked with it`,
    );
    return;
  }
  if (held.length > 0 && held.every((key) => DOCUMENT_STORE_SECTIONS.has(key))) {
    sink.error(
      path,
      `a Flowise document store export (${held.join(", ")}): it holds no chatflow, agentflow or tool to check`,
    );
    return;
  }
  const what = held.length === 0 ? "nothing" : held.join(", ");
  sink.error(path, `a Flowise "Export data" file holding ${what}: no chatflow, agentflow or tool to check`);
}
