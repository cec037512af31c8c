import type { ToolConfig } from "../../../../config/tool-config.js";
import { renderTemplate } from "../analysis/code-template.js";
import type { HttpCall } from "../analysis/http-call.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import type { CustomToolSchemaRow } from "../custom-tool-row.js";

/** The rules on Custom Tools judge every profile: a Custom Tool is Flowise's whatever it runs under. */
export const CUSTOM_TOOL_PROFILES = ["flowise", "standard"] as const;

/** Whether a config is a Custom Tool. */
export function isCustomTool(config: ToolConfig): config is CustomToolConfig {
  return config.kind === "custom-tool";
}

/** The row each property ends up with (the later of two rows of one property wins), with its index. */
export function effectiveRows(
  rows: readonly CustomToolSchemaRow[],
): Map<string, { row: CustomToolSchemaRow; index: number }> {
  const effective = new Map<string, { row: CustomToolSchemaRow; index: number }>();
  for (const [index, row] of rows.entries()) effective.set(row.property, { row, index });
  return effective;
}

/** `POST https://api.hubapi.com/…` as far as the code writes it; `the call` when it computes both. */
export function describeCall(call: HttpCall): string {
  const url = call.url ? renderTemplate(call.url) : undefined;
  if (call.method && url) return `${call.method} ${url}`;
  if (url) return `the call of ${url}`;
  return call.method ? `the ${call.method} call` : "the call";
}

/** The host a call's URL starts with, when the code writes it out (`https://api.x.com/` + $path). */
export function hostOf(call: HttpCall): string | undefined {
  const [first] = call.url ?? [];
  if (!first || !("text" in first)) return undefined;
  return /^https?:\/\/([^/?#:@]+)/i.exec(first.text)?.[1]?.toLowerCase();
}
