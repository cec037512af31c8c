import { MAX_DEPTH, nestsDeeperThan, valueNestsDeeperThan } from "../json/json-depth.js";

/**
 * Why a tool refuses its arguments before reading them, else undefined: they nest `MAX_DEPTH` levels
 * deep or more (a text, which Flowise parses as JSON, counted over the text). An LLM's JSON of 20,000
 * levels parses, then overflowed the stack where a body was serialised or nulls removed: a thrown
 * "Maximum call stack size exceeded" instead of a failed call. No Flowise fact: tooldeck's own bound,
 * the one its files are held to.
 */
export function tooDeepArguments(args: unknown): string | undefined {
  const tooDeep =
    typeof args === "string"
      ? nestsDeeperThan(args, MAX_DEPTH - 1)
      : valueNestsDeeperThan(args, MAX_DEPTH - 1);
  return tooDeep ? `the arguments nest ${MAX_DEPTH} levels deep or more; nothing was sent` : undefined;
}
