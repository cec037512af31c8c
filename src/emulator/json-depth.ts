import { nestsDeeperThan } from "../json/json-depth.js";

/** How deeply a request body's JSON may nest: far past any real config, far below V8's stack. */
export const MAX_JSON_DEPTH = 256;

/** Whether a request body's JSON text nests deeper than `MAX_JSON_DEPTH` (see `nestsDeeperThan`). */
export function nestsTooDeep(text: string): boolean {
  return nestsDeeperThan(text, MAX_JSON_DEPTH);
}

/** The message both emulators answer 400 with. */
export const TOO_DEEP_MESSAGE = `JSON nests deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * `JSON.parse` for JSON text carried inside a string field (a multipart part, a `metadata` string),
 * which the body's own depth check reads as one string: text nested deeper than `MAX_JSON_DEPTH` is a
 * `SyntaxError` with `TOO_DEEP_MESSAGE`, before a later recursive walk overflows the stack.
 */
export function parseJsonWithinDepth(text: string): unknown {
  if (nestsTooDeep(text)) throw new SyntaxError(TOO_DEEP_MESSAGE);
  return JSON.parse(text);
}

/** The first string field holding JSON text nested deeper than `MAX_JSON_DEPTH`, if any. */
export function tooDeepJsonField(fields: Record<string, unknown>): string | undefined {
  return Object.keys(fields).find((key) => {
    const value = fields[key];
    return typeof value === "string" && nestsTooDeep(value);
  });
}
