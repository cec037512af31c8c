import type { z } from "zod";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { joinPath } from "./json-path.js";

/** Reports every issue of a failed parse at `base` + the issue's own path, with zod's message. */
export function reportZodIssues(
  error: z.ZodError,
  base: string,
  report: (path: string, message: string) => void,
): void {
  for (const issue of error.issues) {
    report(joinPath(base, ...issue.path), formatZodIssue({ ...issue, path: [] }));
  }
}
