import type { ToolKind } from "../../platform.js";
import { customToolCallViews } from "./analysis/call-views.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { fromCanonicalCustomTool } from "./from-canonical-custom-tool.js";
import { createCustomToolExecutable } from "./run/create-custom-tool-executable.js";

/** `kind: custom-tool`: a Flowise Custom Tool in tooldeck's format, and how it is made executable. */
export const CUSTOM_TOOL_KIND: ToolKind = {
  kind: "custom-tool",
  fromCanonical: fromCanonicalCustomTool,
  create: async (config, options) => {
    const tool = config as CustomToolConfig;
    return [
      createCustomToolExecutable(tool, options, {
        caller: tool.caller ?? "chatflow",
        ...(tool.returnDirect ? { returnDirect: true } : {}),
      }),
    ];
  },
  callViews: (config) => customToolCallViews(config as CustomToolConfig),
};
