import type { OpenApiToolkitConfig } from "../../config/openapi-toolkit-config.js";
import type { ToolConfig } from "../../config/tool-config.js";
import { CUSTOM_CODE_NOT_RUN, isCustomCodeSetAside } from "../../runtime/toolkit/custom-code-policy.js";
import type { LintRule } from "../rule.js";

/** An OpenAPI toolkit's own Custom Code, set aside because code was not allowed (--allow-code). */
export const customCodeNotRun: LintRule<OpenApiToolkitConfig> = {
  id: "custom-code-not-run",
  severity: "warning",
  profiles: ["flowise", "standard"],
  description: "a toolkit's Custom Code is not run without --allow-code",
  docs:
    "Custom Code is JavaScript from the config, and a config in a pull request is written by anyone. " +
    "tooldeck runs it only with `--allow-code` (`allowCode: true` in the library), each call in a sandbox " +
    "(QuickJS in WebAssembly, in a worker thread: nothing of Node's, no files, no sockets, a hard time limit); " +
    "without it the toolkit behaves as with " +
    "Flowise's default code (fetch the URL, return the JSON body), so probes and calls judge that instead.",
  appliesTo: (config: ToolConfig): config is OpenApiToolkitConfig => config.kind === "openapi-toolkit",
  check(tool, context) {
    if (!isCustomCodeSetAside(tool.config, context.allowCode ?? false)) return [];
    return [
      {
        path: "customCode",
        message: CUSTOM_CODE_NOT_RUN,
        cause: { key: "allow-code", summary: CUSTOM_CODE_NOT_RUN.replace(/^its /, "their ") },
      },
    ];
  },
};
