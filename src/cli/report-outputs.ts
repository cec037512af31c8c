import { lstatSync, readFileSync } from "node:fs";
import { ToolDeckError } from "../errors.js";
import { REPORT_FORMATS, type ReportFormat } from "../lint/format/format-report.js";
import { nearestName } from "../text/nearest-name.js";

/** One report a run writes: a format, to a file or (no `file`) to stdout. */
export interface ReportOutput {
  format: ReportFormat;
  file?: string;
}

/**
 * The reports `--format` (repeatable, `F` or `F=FILE`, as Playwright's and vitest's reporters take) and
 * `-o/--output-file` ask for: at most one goes to stdout, and `-o` sends that one to a file instead.
 * Default: stylish on stdout.
 * @example
 * reportOutputs(["stylish", "sarif=tooldeck.sarif"], undefined);
 * // [{ format: "stylish" }, { format: "sarif", file: "tooldeck.sarif" }]
 */
export function reportOutputs(
  formats: readonly string[] | undefined,
  outputFile: string | undefined,
): ReportOutput[] {
  const outputs = (formats && formats.length > 0 ? formats : ["stylish"]).map(parseOutput);
  const toStdout = outputs.filter((output) => output.file === undefined);
  if (toStdout.length > 1)
    throw new ToolDeckError(
      "usage",
      `--format ${toStdout.map((output) => output.format).join(" and ")} would both go to stdout: give all but one a file (--format json=report.json)`,
    );
  if (outputFile !== undefined) {
    const [shown] = toStdout;
    if (!shown)
      throw new ToolDeckError(
        "usage",
        "--output-file names the file of the report without one, and every --format has a file",
      );
    shown.file = outputFile;
  }
  const files = outputs.flatMap((output) => (output.file === undefined ? [] : [output.file]));
  const twice = files.find((file, index) => files.indexOf(file) !== index);
  if (twice !== undefined)
    throw new ToolDeckError("usage", `${twice} is named for two reports: give each its own file`);
  return outputs;
}

function parseOutput(value: string): ReportOutput {
  const at = value.indexOf("=");
  const name = at === -1 ? value : value.slice(0, at);
  const file = at === -1 ? undefined : value.slice(at + 1);
  if (!(REPORT_FORMATS as readonly string[]).includes(name)) {
    const near = nearestName(name, REPORT_FORMATS);
    throw new ToolDeckError(
      "usage",
      `--format must be one of ${REPORT_FORMATS.join(", ")}, optionally =FILE; got '${name}'${near ? ` (did you mean ${near}?)` : ""}`,
    );
  }
  if (file === "") throw new ToolDeckError("usage", `--format ${name}= needs a file name after '='`);
  return { format: name as ReportFormat, ...(file === undefined ? {} : { file }) };
}

/**
 * Refuses, before the run, a report file that exists and is not a report tooldeck wrote: the user's own
 * file is never overwritten without `--force`; a report of an earlier run is replaced, as ESLint's `-o`.
 */
export function refuseForeignReportFiles(outputs: readonly ReportOutput[], force: boolean): void {
  if (force) return;
  for (const { file } of outputs) {
    if (file === undefined || !exists(file) || isToolDeckReport(file)) continue;
    throw new ToolDeckError(
      "usage",
      `${file} exists and is not a tooldeck report: give --force to replace it (tooldeck never overwrites a file you may have edited)`,
    );
  }
}

/**
 * Whether a file holds a report tooldeck wrote: each format names tooldeck (SARIF's driver, JUnit's
 * suites, HTML's title), JSON starts with its summary, stylish and github end with theirs.
 */
function isToolDeckReport(file: string): boolean {
  let text: string;
  try {
    if (!lstatSync(file).isFile()) return false;
    text = readFileSync(file, "utf8");
  } catch {
    return false;
  }
  const head = text.slice(0, 4096);
  return (
    head.includes("tooldeck") ||
    /"summary": "(?:\d+ problems?|no problems)/.test(head) ||
    /(?:problems? \(\d+ errors?|no problems) in \d+ tools?[^\n]*\n?$/.test(text.slice(-400))
  );
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
