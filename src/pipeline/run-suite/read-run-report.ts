import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { parseBounded } from "../../project-files/parse-bounded.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { parseRunJunit } from "../../replay/format/parse-run-junit.js";
import type { RunEntry } from "../../replay/format/run-report.js";
import { fromRunJson, type RunJson, RunJsonSchema } from "../../replay/format/run-report-schema.js";

/** A run report read back: which format it was in, and its entries. */
export interface ReadRunReport {
  format: "json" | "junit";
  entries: RunEntry[];
}

/**
 * A report that `tooldeck run --format json` or `--format junit` wrote (a shard's, say), read back into
 * its entries: JSON by its first character, JUnit by its XML. The file is read as any file named on the
 * command line (inside `roots`, regular, at most 50 MB); whatever is wrong is one `load` error naming it.
 */
export function readRunReport(file: string, roots: readonly string[]): ReadRunReport {
  const fail = (message: string) => new ToolDeckError("load", `${file}: ${message}`);
  let text: string;
  try {
    text = readProjectFile(file, { roots });
  } catch (cause) {
    throw fail((cause as Error).message);
  }
  const start = text.trimStart();
  if (start.startsWith("<")) {
    try {
      return { format: "junit", entries: parseRunJunit(text) };
    } catch (cause) {
      throw fail((cause as Error).message);
    }
  }
  if (!start.startsWith("{")) throw fail("not a run report: neither run --format json nor --format junit");
  let data: unknown;
  try {
    data = parseBounded(text, "json");
  } catch (cause) {
    throw fail((cause as Error).message);
  }
  const parsed = RunJsonSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail(`not a run report: ${issue ? formatZodIssue(issue) : "invalid content"}`);
  }
  // The report as it was written, once it is known to be one: zod's copy would list each object's keys
  // in its schema's order, and the merged report would no longer read like the run's.
  return { format: "json", entries: fromRunJson(data as RunJson) };
}
