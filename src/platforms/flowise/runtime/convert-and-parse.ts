import type { z } from "zod/v3";

/** One value to the type a schema expects (zod's `expected`); undefined when there is no conversion. */
export type Conversion = (value: unknown, expected: string) => unknown;

export type ZodParse = { success: true; data: unknown } | { success: false; error: z.ZodError };

/**
 * Flowise's retry on a failed zod parse, for request tools, toolkits and Custom Tools alike: each
 * `invalid_type` issue's value (never a missing one) converted by `convert`, and the parse tried
 * again, for at most `rounds` rounds. A round that converts nothing would parse the same again, so
 * the rounds stop there. Returns the converted arguments and the last parse of them.
 */
export function convertAndParse(
  schema: z.ZodTypeAny,
  args: unknown,
  rounds: number,
  convert: Conversion,
): { converted: unknown; result: ZodParse } {
  let converted = args;
  let result: ZodParse = schema.safeParse(converted);
  for (let round = 0; round < rounds && !result.success; round++) {
    const next = convertAtIssues(converted, result.error.issues, convert);
    if (next === undefined) break;
    converted = next;
    result = schema.safeParse(converted);
  }
  return { converted, result };
}

function convertAtIssues(value: unknown, issues: z.ZodIssue[], convert: Conversion): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  const copy = structuredClone(value);
  let changed = false;
  for (const issue of issues) {
    if (issue.code !== "invalid_type" || issue.path.length === 0) continue;
    const parent = issue.path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], copy);
    if (typeof parent !== "object" || parent === null) continue;
    const key = issue.path.at(-1) as string | number;
    const before = (parent as Record<string | number, unknown>)[key];
    if (before === undefined) continue;
    const after = convert(before, issue.expected);
    if (after === undefined) continue;
    (parent as Record<string | number, unknown>)[key] = after;
    changed = true;
  }
  return changed ? copy : undefined;
}
