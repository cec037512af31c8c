import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import type { CustomToolRow, CustomToolSchemaRow } from "./custom-tool-row.js";
import { rowsOfExpressionShape } from "./zod-expression-schema.js";
import { readZodSchemaExpression } from "./zod-schema-expression.js";

/** Flowise's node (and Agent tool, and Tool node tool) name of a Custom Tool. */
export const CUSTOM_TOOL_NODE = "customTool";

/** Why a Custom Tool node waits in `skipped` while a load runs: its row may come later. */
export const AWAITING_ROW = "a Custom Tool: its tool row is looked up once everything is loaded";

/**
 * A Custom Tool node of a flow (a chatflow's `customTool` node, an Agent's `agentTools` entry, a Tool
 * node's config): the flow holds only its row's id (`selectedTool`), so it waits in `skipped` with its
 * inputs until the rows of the whole load are known (`resolveCustomTools`).
 */
export function deferCustomToolNode(inputs: Record<string, unknown>, path: string, sink: LoadSink): void {
  sink.skip({ path, node: CUSTOM_TOOL_NODE, reason: AWAITING_ROW, inputs });
}

/**
 * The config of a Custom Tool node, as Flowise's `init` builds it (reference flowise-custom-tool.md §2):
 * the row of its `selectedTool`, overridden by the node's non-empty hidden inputs (`customToolName`,
 * `customToolDesc`, `customToolSchema` (a zod expression), `customToolFunc`). Without a row, the hidden
 * inputs alone make the tool when they name it and give its code; else the node is a load error naming
 * the id it cannot find.
 */
export function customToolOfNode(
  inputs: Record<string, unknown>,
  row: CustomToolRow | undefined,
  path: string,
  sink: LoadSink,
  whyMissing?: string,
): CustomToolConfig | undefined {
  const id = textInput(inputs.selectedTool);
  const name = textInput(inputs.customToolName);
  const func = textInput(inputs.customToolFunc);
  const schemaText = textInput(inputs.customToolSchema);
  const schema = schemaText === "" ? undefined : schemaOfExpression(schemaText, path, sink);
  if (schema === null) return undefined;
  if (!row && (name === "" || func === "")) {
    sink.error(joinPath(path, "selectedTool"), whyMissing ?? notFoundMessage(id));
    return undefined;
  }
  const config: CustomToolConfig = {
    kind: "custom-tool",
    name: name || (row?.name ?? ""),
    description: textInput(inputs.customToolDesc) || (row?.description ?? ""),
    schema: schema ?? [...(row?.schema ?? [])],
    func: func || (row?.func ?? ""),
  };
  if (id !== "") config.id = id;
  if (schema) config.schemaExpression = schemaText;
  const caller = callerAt(path);
  if (caller !== "chatflow") config.caller = caller;
  if (inputs.returnDirect === true || inputs.returnDirect === "true") config.returnDirect = true;
  return config;
}

/**
 * Which Flowise caller runs the node, by where the flow holds it: an Agent's `agentTools` entry, a Tool
 * node's config, else a chatflow's node.
 */
function callerAt(path: string): NonNullable<CustomToolConfig["caller"]> {
  if (path.includes("toolAgentflowSelectedToolConfig")) return "agentflow-tool";
  if (path.includes("agentTools")) return "agentflow-agent";
  return "chatflow";
}

/**
 * `Custom Tool "4d72…" not found: …`: Flowise fails the same way (`Error: Tool <id> not found`). It says
 * every way to give the row: a link in the settings, the one-candidate rule, the "Export data" file (whose
 * tools keep their ids), a Flowise instance.
 */
export function notFoundMessage(id: string): string {
  if (id === "") return "no Custom Tool selected";
  return (
    `Custom Tool "${id}" not found: Flowise's Tools-page export holds no id, so link it in tooldeck.config.yaml ` +
    `(flowise: { tools: { "${id}": <its export> } }) or keep it as the one id-less export beside a flow with one ` +
    `unresolved Custom Tool; or load Flowise's "Export data" file, whose tools keep their ids, or read the flow ` +
    "from the server with --flowise URL"
  );
}

/**
 * The rows of a `customToolSchema` zod expression; null (reported) when Flowise's parser cannot read it,
 * since Flowise's init then fails (`Failed to parse Zod schema: …`). A modifier Flowise ignores is a warning.
 */
function schemaOfExpression(text: string, path: string, sink: LoadSink): CustomToolSchemaRow[] | null {
  const where = joinPath(path, "customToolSchema");
  const read = readZodSchemaExpression(text);
  if (!read.ok) {
    sink.error(
      where,
      `Flowise's schema parser cannot read it, so the tool's init fails: Failed to parse Zod schema: ${read.error}`,
    );
    return null;
  }
  for (const line of read.ignored)
    sink.warn(
      where,
      `${line} is ignored by Flowise's schema parser: neither the schema nor the argument check has it`,
    );
  return rowsOfExpressionShape(read.shape);
}

function textInput(value: unknown): string {
  return typeof value === "string" ? value : "";
}
