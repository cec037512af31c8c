import { parseFlowiseJson } from "../../../../config/flowise-json.js";

/** What a Custom Tool's call gives its caller: text, or a falsy non-string passed through untouched. */
export type CustomToolOutput = string | number | boolean | undefined;

/**
 * What the code's resolved value became inside the sandbox (`shapeReturnValue`): a string as it is,
 * a falsy non-string by its type and text (`0`, `false`, `NaN`), anything else as Flowise's text of it.
 */
export type ReturnedValue =
  | { type: "string"; value: string }
  | { type: "undefined" }
  | { type: "falsy"; of: "number" | "boolean" | "bigint"; text: string }
  | { type: "text"; text: string };

/**
 * Runs inside the sandbox on the code's resolved value, with the engine's own JSON and String:
 * Flowise 3.1.4's rules (reference flowise-custom-tool.md §8) for what is not a string. Objects and
 * arrays (and null) as `JSON.stringify` writes them, numbers and `true` as their text, but `0`,
 * `false` and no value at all passed through as they are. It uses nothing of this file's scope.
 */
export function shapeReturnValue(value: unknown): ReturnedValue {
  if (typeof value === "string") return { type: "string", value };
  if (value === undefined) return { type: "undefined" };
  const kind = typeof value;
  if (!value && (kind === "number" || kind === "boolean" || kind === "bigint"))
    return { type: "falsy", of: kind as "number" | "boolean" | "bigint", text: String(value) };
  if (kind === "object") return { type: "text", text: String(JSON.stringify(value)) };
  return { type: "text", text: String(value) };
}

/** Flowise's agents cut a tool's text at the first of these markers (agents.js:16-18): the LLM sees what is before. */
export const FLOWISE_MARKERS = [
  "\n\n----FLOWISE_SOURCE_DOCUMENTS----\n\n",
  "\n\n----FLOWISE_ARTIFACTS----\n\n",
  "\n\n----FLOWISE_TOOL_ARGS----\n\n",
] as const;

/**
 * The caller's output for a returned value: a string that, trimmed, is `{…}` or `[…]` and parses as
 * JSON5 (after Flowise's clean-ups when it must: `parseFlowiseJson`) is written again as compact JSON (`"{ 'a': 1, b: [1,2,], }"` → `{"a":1,"b":[1,2]}`), any other
 * string kept; the markers cut; falsy non-strings back as the number or boolean they were.
 */
export function toCustomToolOutput(returned: ReturnedValue): CustomToolOutput {
  switch (returned.type) {
    case "undefined":
      return undefined;
    case "falsy":
      return returned.of === "boolean" ? false : Number(returned.text);
    case "text":
      return cutAtMarkers(returned.text);
    default:
      return cutAtMarkers(reserialised(returned.value));
  }
}

function reserialised(text: string): string {
  const trimmed = text.trim();
  const bracketed =
    (trimmed.startsWith("{") && trimmed.endsWith("}")) || (trimmed.startsWith("[") && trimmed.endsWith("]"));
  if (!bracketed) return text;
  const parsed = parseFlowiseJson(trimmed);
  return parsed.ok ? JSON.stringify(parsed.value) : text;
}

function cutAtMarkers(text: string): string {
  let end = text.length;
  for (const marker of FLOWISE_MARKERS) {
    const at = text.indexOf(marker);
    if (at !== -1 && at < end) end = at;
  }
  return text.slice(0, end);
}
