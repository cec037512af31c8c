import type { ToolKind } from "../../platform.js";
import { customToolCallViews } from "./analysis/call-views.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { fromCanonicalCustomTool } from "./from-canonical-custom-tool.js";

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
      }),
    ];
  },
  callViews: (config) => customToolCallViews(config as CustomToolConfig),
};
