import { joinPath } from "../../../config/json-path.js";
import type { ToolConfig } from "../../../config/tool-config.js";
import type { Profile } from "../../../profile.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";

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
  return [...text.matchAll(/\{\{([\s\S]*?)\}\}/g)].map((match) => (match[1] ?? "").trim());
}

/** Whether an expression's code is one `$fromAI(…)` call. */
export function isFromAiCode(code: string): boolean {
  return /^\$fromai\s*\([\s\S]*\)$/i.test(code);
}
