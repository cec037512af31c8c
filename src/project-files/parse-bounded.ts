import { CORE_SCHEMA, load } from "js-yaml";
import { MAX_DEPTH, nestsDeeperThan } from "../json/json-depth.js";
import { assertBoundedExpansion, CycleError } from "./bounded-expansion.js";

/** Why a text did not parse, in one line that quotes none of it (the file may hold secrets). */
export class ParseError extends Error {
  override readonly name = "ParseError";
}

/** How a text is read: JSON, YAML, or JSON first and YAML when that fails (YAML is a superset). */
export type TextFormat = "json" | "yaml" | "json-or-yaml";

/**
 * The nesting at which a parsed text is refused: js-yaml's own limit for YAML (99 nested levels parse,
 * 100 do not), held for JSON too, since the walks of a config after loading are recursive (20,000
 * levels of JSON parse, then overflow the stack later).
 */
export { MAX_DEPTH };

export interface ParseBoundedOptions {
  /**
   * Skip the depth check of JSON: for specs, whose nesting the `$ref` resolver bounds as it walks, and
   * where a scan here would cost ~15 ms on GitHub's 13 MB description. Default false.
   */
  depthCheckedLater?: boolean;
}

/**
 * The one place a file's text becomes a value (configs, specs, scenarios, cassettes, vars, settings):
 * parsed, then refused when it nests `MAX_DEPTH` levels deep or more, or (YAML) when its aliases make
 * it stand for more than `MAX_EXPANDED_VALUES` values or make a node contain itself (`a: &a [*a]`,
 * which every later walk would follow forever). Throws `ParseError` or `ExpansionError`, one line each,
 * never quoting the text.
 */
export function parseBounded(text: string, format: TextFormat, options: ParseBoundedOptions = {}): unknown {
  if (format === "yaml") return parseYamlBounded(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    if (format === "json") throw new ParseError(`invalid JSON (${jsonReason(cause as Error)})`, { cause });
    return parseYamlBounded(text); // YAML is a superset: a JSON error may still be valid YAML
  }
  // The text scanned once it is known to be JSON: cheaper than walking the value. JSON.parse never
  // shares an object between two places, so only YAML needs the expansion count.
  if (!options.depthCheckedLater && nestsDeeperThan(text, MAX_DEPTH - 1)) {
    throw new ParseError(`invalid JSON (nested ${MAX_DEPTH} levels deep or more)`);
  }
  return value;
}

function parseYamlBounded(text: string): unknown {
  const value = parseYaml(text);
  try {
    assertBoundedExpansion(value, { refuseCycles: true });
  } catch (cause) {
    if (!(cause instanceof CycleError)) throw cause;
    throw new ParseError("invalid YAML (an alias refers to a node it is inside: a cycle)", { cause });
  }
  return value;
}

/** V8 quotes the text around the error (`Unexpected token 'r', "root:x:0:0"... is not valid JSON`). */
function jsonReason(error: Error): string {
  return error.message.replace(
    /, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s,
    " (the text is not valid JSON)",
  );
}

function parseYaml(text: string): unknown {
  try {
    // CORE_SCHEMA without mergeTag: `<<` stays a plain key holding a shared alias (counted below), so a
    // merge-key bomb cannot make js-yaml copy keys; aliases are shared, never copied.
    return load(text, { schema: CORE_SCHEMA });
  } catch (cause) {
    const { reason, mark } = cause as { reason?: string; mark?: { line: number; column: number } };
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : "";
    const why = reason ?? (cause as Error).message.split("\n")[0];
    throw new ParseError(`invalid YAML (${why}${where})`, { cause });
  }
}
