import type { ToolRuntimeOptions } from "../../../runtime/runtime-options.js";
import type { ToolKind } from "../../platform.js";
import { customToolCallViews } from "./analysis/call-views.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { fromCanonicalCustomTool } from "./from-canonical-custom-tool.js";
import type { CustomToolSettings } from "./run/create-custom-tool-executable.js";

/** `kind: custom-tool`: a Flowise Custom Tool in tooldeck's format, and how it is made executable. */
export const CUSTOM_TOOL_KIND: ToolKind = {
  kind: "custom-tool",
  fromCanonical: fromCanonicalCustomTool,
  create: async (config, options) => {
    const tool = config as CustomToolConfig;
    // Loaded only when tools are made (call, run, agent, mcp, probes): lint and --help never need it.
    const { createCustomToolExecutable } = await import("./run/create-custom-tool-executable.js");
    return [
      createCustomToolExecutable(tool, options, {
        caller: tool.caller ?? "chatflow",
        ...(tool.returnDirect ? { returnDirect: true } : {}),
        ...settingsOf(options),
      }),
    ];
  },
  callViews: (config) => customToolCallViews(config as CustomToolConfig),
  // The description is the row's (or the node's own customToolDesc); the name is checked by Flowise's
  // Tools page when saved, so a rename belongs there.
  modelFieldPath: (_config, field) =>
    field === "description"
      ? { ok: true, value: "description" }
      : { ok: false, reason: "a Custom Tool is named on Flowise's Tools page: rename it there" },
  whySchemaNotFixable: (_config, key) =>
    key === undefined
      ? "the schema is the Custom Tool's schema rows and its code reads what they say: change both in Flowise"
      : `${key} is the $${key} the Custom Tool's code reads: rename its schema row and the code together in Flowise`,
};

/** The runtime options that set how a Custom Tool runs: its time limit, `$flow`'s ids, runtime variables. */
function settingsOf(options: ToolRuntimeOptions): CustomToolSettings {
  const settings: CustomToolSettings = {};
  if (options.timeoutMs !== undefined) settings.timeoutMs = options.timeoutMs;
  if (options.flowIds) settings.ids = options.flowIds;
  if (options.runtimeVariables) settings.runtimeVariables = options.runtimeVariables;
  if (options.onWarning) settings.onWarning = options.onWarning;
  return settings;
}
