import { MAX_DEPTH, nestsDeeperThan } from "../json/json-depth.js";

/** What a recorded body's text holds, when it is JSON. */
export type JsonBody = { json: true; value: unknown } | { json: false };

const NOT_JSON: JsonBody = { json: false };

/**
 * A recorded body read as JSON: an object, array or scalar that parses and nests less than `MAX_DEPTH`
 * levels (a recorded body is hostile input: a 5,000-deep `[[[…]]]` would overflow every recursive walk
 * after it). Anything else is no JSON body; the empty text too.
 */
export function readJsonBody(text: string | undefined): JsonBody {
  if (text === undefined || text.trim() === "") return NOT_JSON;
  if (nestsDeeperThan(text, MAX_DEPTH - 1)) return NOT_JSON;
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return NOT_JSON;
  }
}
