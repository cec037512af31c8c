import type { ToolKind } from "../../platform.js";
import { customToolCallViews } from "./analysis/call-views.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { createCustomToolNotRun } from "./custom-tool-not-run.js";
import { fromCanonicalCustomTool } from "./from-canonical-custom-tool.js";

/** `kind: custom-tool`: a Flowise Custom Tool in tooldeck's format, and how it is made executable. */
export const CUSTOM_TOOL_KIND: ToolKind = {
  kind: "custom-tool",
  fromCanonical: fromCanonicalCustomTool,
  create: async (config, options) => [createCustomToolNotRun(config as CustomToolConfig, options)],
  callViews: (config) => customToolCallViews(config as CustomToolConfig),
};
