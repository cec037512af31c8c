import type { z } from "zod";
import { ToolDeckError } from "../errors.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { type ReadProjectFileOptions, readProjectFile } from "../project-files/read-project-file.js";
import { formatZodIssue } from "./format-zod-issue.js";

/**
 * Reads a JSON file and parses it with a zod schema. Any failure is one `load` error naming the file
 * and, for schema failures, the JSON path: `seeds/events.json: [2].date: expected string`. With
 * `roots`, the file must be inside them (see `readProjectFile`).
 */
export function loadJsonFile<T>(path: string, schema: z.ZodType<T>, read: ReadProjectFileOptions = {}): T {
  let text: string;
  try {
    text = readProjectFile(path, read);
  } catch (cause) {
    throw new ToolDeckError("load", `${path}: ${(cause as Error).message}`, { cause });
  }
  let data: unknown;
  try {
    data = parseBounded(text, "json");
  } catch (cause) {
    throw new ToolDeckError("load", `${path}: ${(cause as Error).message}`, { cause });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolDeckError("load", `${path}: ${issue ? formatZodIssue(issue) : "invalid content"}`);
  }
  return parsed.data;
}
