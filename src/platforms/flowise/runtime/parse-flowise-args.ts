import type { z } from "zod/v3";

export type ParsedArgs = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** LangChain's prefix for arguments that fail a tool's schema; Flowise shows it as is. */
const MISMATCH = "Received tool input did not match expected schema";

/** Flowise gives up converting after this many rounds (each round fixes the issues of one parse). */
const ROUNDS = 3;

/**
 * Validates arguments as Flowise 3.1 does, for request tools and toolkit operations alike
 * (reference/flowise-tools.md, section 6): zod parse (unknown keys stripped); on failure the values at
 * the failing paths are converted and parsing is retried. The failure text is LangChain's prefix and
 * the ZodError's issue array pretty-printed as JSON (2-space indent).
 */
export function parseFlowiseArgs(schema: z.ZodTypeAny, args: unknown): ParsedArgs {
  const { result } = convertAndParse(schema, args);
  if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
  return { ok: false, error: `${MISMATCH} ${JSON.stringify(result.error.issues, null, 2)}` };
}

/**
 * The arguments after Flowise's conversions, before its transforms: what a schema check made from the
 * same zod schema accepts when Flowise would (the LangChain adapter runs this first).
 */
export function convertFlowiseArgs(schema: z.ZodTypeAny, args: unknown): unknown {
  return convertAndParse(schema, args).converted;
}

type Parse = { success: true; data: unknown } | { success: false; error: z.ZodError };

/** The converted arguments and the parse of them, the last parse of the rounds kept, not repeated. */
function convertAndParse(schema: z.ZodTypeAny, args: unknown) {
  let converted = typeof args === "string" ? parseJsonText(args) : args;
  let result: Parse = schema.safeParse(converted);
  for (let round = 0; round < ROUNDS && !result.success; round++) {
    const next = convertAtIssues(converted, result.error.issues);
    if (next === undefined) break;
    converted = next;
    result = schema.safeParse(converted);
  }
  return { converted, result };
}

function convertAtIssues(value: unknown, issues: z.ZodIssue[]): unknown {
  const copy = structuredClone(value);
  let changed = false;
  for (const issue of issues) {
    if (issue.code !== "invalid_type" || issue.path.length === 0) continue;
    const parent = issue.path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], copy);
    const key = issue.path.at(-1) as string | number;
    if (typeof parent !== "object" || parent === null) continue;
    const before = (parent as Record<string | number, unknown>)[key];
    if (before === undefined) continue;
    const after = convert(before, issue.expected);
    if (after !== undefined) {
      (parent as Record<string | number, unknown>)[key] = after;
      changed = true;
    }
  }
  return changed ? copy : undefined;
}

/**
 * Flowise's conversion of one value to the type its schema expects: text from anything (objects as
 * JSON), numbers by `parseFloat` (`"12abc"` → 12), booleans by `Boolean(v)` (`2` → true), arrays
 * from objects keyed `0..n` or JSON text, objects from JSON text. Undefined when there is none.
 */
function convert(value: unknown, expected: string): unknown {
  switch (expected) {
    case "string":
      return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
    case "number":
    case "integer": {
      if (typeof value !== "string") return undefined;
      const number = Number.parseFloat(value);
      return Number.isNaN(number) ? undefined : number;
    }
    case "boolean":
      return Boolean(value);
    case "array":
      if (typeof value === "string") return jsonOf(value, Array.isArray);
      return isIndexKeyed(value) ? Object.values(value) : undefined;
    case "object":
      return typeof value === "string" ? jsonOf(value, (parsed) => typeof parsed === "object") : undefined;
    default:
      return undefined;
  }
}

/** `{ "0": "a", "1": "b" }`: an array an LLM wrote as an object. */
function isIndexKeyed(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key, i) => key === String(i));
}

function jsonOf(text: string, accept: (value: unknown) => boolean): unknown {
  const parsed = parseJsonText(text);
  return parsed !== text && parsed !== null && accept(parsed) ? parsed : undefined;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
