import type { ToolRuntimeOptions } from "../../../runtime/runtime-options.js";
import { sanitizeToolName } from "../../../runtime/tool-name.js";
import type { ExecutableTool, ToolResult } from "../../../runtime/tool-result.js";
import type { CustomToolConfig } from "./custom-tool-config.js";
import { customToolJsonSchema } from "./custom-tool-schema.js";

/** What a call of a Custom Tool says when its code is not run: the model and the user read it. */
export const CUSTOM_TOOL_CODE_NOT_RUN =
  "the Custom Tool's code was not run (it runs only with --allow-code, in a sandbox)";

/** The same when code is allowed but this build has no Custom Tool executor to run it in. */
export const CUSTOM_TOOL_NO_EXECUTOR =
  "the Custom Tool's code was not run: tooldeck cannot run Custom Tool code yet";

/**
 * A Custom Tool whose code is not run, as toolkit Custom Code without --allow-code: listed, described and
 * given its schema like any tool, and each call answers that its code did not run, sending nothing.
 */
export function createCustomToolNotRun(
  config: CustomToolConfig,
  options: ToolRuntimeOptions = {},
): ExecutableTool {
  const message = options.allowCode ? CUSTOM_TOOL_NO_EXECUTOR : CUSTOM_TOOL_CODE_NOT_RUN;
  const result: ToolResult = { ok: false, output: message, error: message };
  const tool: ExecutableTool = {
    name: customToolName(config.name, options),
    description: config.description,
    inputSchema: customToolJsonSchema(config.schema),
    notProbed: "its code was not run; its calls are judged from the code",
    invoke: () => Promise.resolve({ ...result }),
  };
  if (config.returnDirect) tool.returnDirect = true;
  return tool;
}

/**
 * Flowise checks no Custom Tool name (`Get Weather (1)` reaches the model as it is, unlike a request
 * tool's); any other profile gives a name providers accept.
 */
export function customToolName(name: string, options: ToolRuntimeOptions): string {
  return options.profile === "flowise" ? name : sanitizeToolName(name);
}
