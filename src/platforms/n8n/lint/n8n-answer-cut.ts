import type { AnswerCut } from "../../platform.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { optimizeSettingsOf } from "../runtime/optimize-settings.js";

const TURN_ON =
  "turn on Optimize Response in the node: keep the fields the model needs under Field Containing Data, or read it as Text with Truncate Response";

/**
 * What the model reads of an n8n HTTP tool's answer: all of it, unless Optimize Response keeps the
 * records under Field Containing Data, or cuts a text answer at Max Response Characters (reference
 * facts 32, 56). A JSON answer is never cut by length, only thinned to the fields kept.
 */
export function n8nAnswerCut(config: N8nHttpToolConfig): AnswerCut {
  const settings = optimizeSettingsOf(config.parameters);
  if (!settings) return { advice: TURN_ON };
  if (settings.responseType !== "json") {
    return settings.maxLength > 0
      ? { chars: settings.maxLength, advice: "lower Max Response Characters in Optimize Response" }
      : { advice: "turn on Truncate Response in Optimize Response and set Max Response Characters" };
  }
  return {
    ...(settings.dataField ? { dataField: settings.dataField } : {}),
    advice:
      "read the answer as Text in Optimize Response and turn on Truncate Response (Max Response Characters)",
  };
}
