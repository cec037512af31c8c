import { joinPath } from "../../../config/json-path.js";
import type { ToolConfig } from "../../../config/tool-config.js";
import type { Profile } from "../../../profile.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import type { FromAiUse } from "../schema/from-ai-schema.js";

/** An n8n node runs as n8n runs it under every profile, so its rules judge it under every profile. */
export const N8N_RULE_PROFILES: readonly Profile[] = ["n8n", "standard", "flowise"];

/** Whether a config is an n8n HTTP tool node. */
export function isN8nTool(config: ToolConfig): config is N8nHttpToolConfig {
  return config.kind === "n8n-http-tool";
}

/** Every string of a node's parameters with its path (`parameters.url`), depth first in stored order. */
export function parameterStrings(parameters: Record<string, unknown>): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (typeof value === "string") found.push({ path, text: value });
    else if (typeof value === "object" && value !== null && depth < 32) {
      const entries = Array.isArray(value)
        ? value.map((item, index) => [index, item] as const)
        : Object.entries(value);
      for (const [key, item] of entries) walk(item, joinPath(path, key), depth + 1);
    }
  };
  walk(parameters, "parameters", 0);
  return found;
}

/** The `{{ … }}` parts of a text, as written (the lint rules parse no JavaScript: the CLI loads no parser for them). */
export function templateCodes(text: string): string[] {
  return templateCodeSpans(text).map((span) => span.code.trim());
}

/** A `{{ … }}` of a text: where it starts (`{{`) and ends (after `}}`), and the code between. */
export interface TemplateCodeSpan {
  start: number;
  end: number;
  code: string;
}

/**
 * Each `{{` with the first `}}` after it, as `/\{\{([\s\S]*?)\}\}/g` finds them but in one pass: that
 * regular expression reads to the end of the text from every `{{` when no `}}` follows.
 */
export function templateCodeSpans(text: string): TemplateCodeSpan[] {
  const spans: TemplateCodeSpan[] = [];
  for (let open = text.indexOf("{{"); open >= 0; open = text.indexOf("{{", open)) {
    const close = text.indexOf("}}", open + 2);
    if (close < 0) break;
    spans.push({ start: open, end: close + 2, code: text.slice(open + 2, close) });
    open = close + 2;
  }
  return spans;
}

/** The text with each `{{ … }}` replaced by what `replace` makes of its code (as written, not trimmed). */
export function replaceTemplateCodes(text: string, replace: (code: string) => string): string {
  let out = "";
  let position = 0;
  for (const span of templateCodeSpans(text)) {
    out += text.slice(position, span.start) + replace(span.code);
    position = span.end;
  }
  return out + text.slice(position);
}

/** Whether an expression's code is one `$fromAI(…)` call. */
export function isFromAiCode(code: string): boolean {
  return /^\$fromai\s*\([\s\S]*\)$/i.test(code);
}

/** The parameter each `$fromAI` key is first used in, looked up once per key rather than searched per key. */
export function firstPathByKey(uses: readonly FromAiUse[]): Map<string, string> {
  const paths = new Map<string, string>();
  for (const { call, path } of uses) if (!paths.has(call.key)) paths.set(call.key, path);
  return paths;
}
