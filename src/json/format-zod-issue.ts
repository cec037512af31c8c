import type { z } from "zod";

/** `queryParamsSchema.id.in`, `[2].date`: the JSON path of an issue, as a reader writes it. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/** One zod issue as `path: message`, or just the message at the root (zod's "Invalid input: " dropped). */
export function formatZodIssue(issue: z.core.$ZodIssue): string {
  const path = formatIssuePath(issue.path);
  const message = issue.message.replace(/^Invalid input: /, "");
  return path ? `${path}: ${message}` : message;
}
