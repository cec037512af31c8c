import type { z } from "zod/v3";

export type ParsedArgs = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

/**
 * Validates arguments as Flowise does: zod parse (unknown keys stripped); on failure, values of the
 * wrong type are converted where that is unambiguous (numbers and booleans to strings, JSON text to
 * objects and arrays, numeric text to numbers, true/1/yes and false/0/no to booleans) and parsing is
 * retried. The failure text is Flowise's: "Received tool input did not match expected schema " + the
 * zod error.
 */
export function parseFlowiseArgs(schema: z.ZodTypeAny, args: unknown): ParsedArgs {
  let current = typeof args === "string" ? parseJsonText(args) : args;
  for (let attempt = 0; ; attempt++) {
    const result = schema.safeParse(current);
    if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
    const converted = attempt < 3 ? convertAtIssues(current, result.error.issues) : undefined;
    if (converted === undefined) {
      return {
        ok: false,
        error: `Received tool input did not match expected schema ${String(result.error)}`,
      };
    }
    current = converted;
  }
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
    const after = convert(before, issue.expected);
    if (after !== undefined) {
      (parent as Record<string | number, unknown>)[key] = after;
      changed = true;
    }
  }
  return changed ? copy : undefined;
}

function convert(value: unknown, expected: string): unknown {
  if (expected === "string" && (typeof value === "number" || typeof value === "boolean"))
    return String(value);
  if (typeof value !== "string") return undefined;
  if (expected === "number" || expected === "integer") {
    const number = Number(value);
    return value.trim() !== "" && Number.isFinite(number) ? number : undefined;
  }
  if (expected === "boolean") {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    return FALSE_WORDS.has(word) ? false : undefined;
  }
  if (expected === "object" || expected === "array") {
    const parsed = parseJsonText(value);
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  }
  return undefined;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
