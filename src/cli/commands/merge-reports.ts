import { ToolDeckError } from "../../errors.js";
import { readRunReport } from "../../pipeline/run-suite/read-run-report.js";
import { projectReadOptions } from "../../project-files/project-read-options.js";
import { formatRunHtml } from "../../replay/format/format-run-html.js";
import { formatRunJunit } from "../../replay/format/format-run-junit.js";
import { formatEntryText, formatSummary } from "../../replay/format/format-run-text.js";
import { formatRunJson, type RunEntry } from "../../replay/format/run-report.js";
import { compareText } from "../../text/text-order.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { MERGE_REPORTS_INFO } from "../help/merge-reports-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { PROJECT_FLAGS } from "../tool-options.js";

const FORMATS = ["json", "junit", "html", "text"] as const;
type Format = (typeof FORMATS)[number];

export const mergeReportsCommand: Command = {
  ...MERGE_REPORTS_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("merge-reports", args, {
      format: { type: "string" },
      ...PROJECT_FLAGS,
    });
    if (positionals.length === 0)
      throw new ToolDeckError("usage", "name the reports to merge (run --format json or --format junit)");
    const { roots } = projectReadOptions(values.root ? { roots: values.root } : {}, positionals);
    const reports = positionals.map((file) => ({ file, ...readRunReport(file, roots) }));
    const junit = reports.filter((report) => report.format === "junit");
    if (junit.length > 0 && junit.length < reports.length)
      throw new ToolDeckError(
        "usage",
        `${junit[0]?.file} is JUnit and ${reports.find((report) => report.format === "json")?.file} is JSON: merge reports of one format`,
      );
    const format = parseFormat(values.format ?? (junit.length > 0 ? "junit" : "json"));
    if (junit.length > 0 && format !== "junit")
      throw new ToolDeckError(
        "usage",
        `JUnit reports carry no calls: they merge as --format junit only (merge the run --format json reports for ${format})`,
      );
    const entries = byFile(reports.flatMap((report) => report.entries));
    return print(entries, format, io);
  },
};

/** Ordered by scenario file (a file's scenarios keep their order), as one run of the whole suite lists them. */
function byFile(entries: RunEntry[]): RunEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => compareText(a.entry.file, b.entry.file) || a.index - b.index)
    .map(({ entry }) => entry);
}

function print(entries: RunEntry[], format: Format, io: CliIo): number {
  const passed = entries.filter((entry) => entry.passed).length;
  const summary = formatSummary(passed, entries.length - passed);
  if (format === "json") io.stdout(formatRunJson({ entries }));
  else if (format === "junit") io.stdout(formatRunJunit({ entries }));
  else if (format === "html") io.stdout(formatRunHtml({ entries }));
  else io.stdout(`${entries.map((entry) => `${formatEntryText(entry)}\n`).join("")}\n${summary}\n`);
  if (format !== "text") io.stderr(`${summary}\n`);
  return passed === entries.length ? EXIT.ok : EXIT.findings;
}

function parseFormat(value: string): Format {
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new ToolDeckError("usage", `--format must be json, junit, html or text, got '${value}'`);
}
