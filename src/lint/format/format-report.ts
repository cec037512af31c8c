import type { CheckReport } from "../report.js";
import { RULE_CATALOG } from "../rule-catalog.js";
import { formatGithub } from "./format-github.js";
import { formatHtml } from "./format-html.js";
import { formatJson } from "./format-json.js";
import { formatJunit } from "./format-junit.js";
import { formatSarif } from "./format-sarif.js";
import { formatStylish } from "./format-stylish.js";
import { reportInProject } from "./report-in-project.js";

export const REPORT_FORMATS = ["stylish", "json", "sarif", "junit", "github", "html"] as const;
/** The formats `formatReport` writes: `stylish`, `json`, `sarif`, `junit`, `github`, `html`. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What some formats need besides the report: colour and rule links for `stylish`, the version SARIF names, how to read a config file for its line numbers. */
export interface FormatReportOptions {
  /** stylish: paint severities (a terminal that wants colour). */
  color?: boolean;
  /** Where a rule is documented: SARIF's `helpUri`, and stylish prints it when given. */
  docsUrl?: (code: string) => string | undefined;
  /** stylish: print each finding's documentation link (`--show-docs`). */
  showDocs?: boolean;
  /** SARIF: the tool's version. */
  version?: string;
  /** Reads a config file to place findings on their line and column (SARIF: the file system by default). */
  readFile?: (file: string) => string | undefined;
  /** html: the page's title (`tooldeck check`). */
  title?: string;
  /** html: hides secrets in every text before it is escaped (see `HtmlOptions.mask`). */
  mask?: (text: string) => string;
  /**
   * The project's root: every file inside it is named relative to it, in every format
   * (`reportInProject`). Without it, files are named as they were loaded.
   */
  root?: string;
}

/**
 * A check report in one of the formats CI systems and people read: `stylish` (grouped by file),
 * `json`, `sarif` (GitHub code scanning, with every rule's metadata), `junit`, `github` (workflow
 * commands that annotate the pull request) or `html` (one self-contained page; give the report `details`).
 * @example
 * process.stdout.write(formatReport(await check(loaded, { profile: "standard" }), "sarif", { version }));
 */
export function formatReport(
  given: CheckReport,
  format: ReportFormat,
  givenOptions: FormatReportOptions = {},
): string {
  const { report, options } = inProject(given, givenOptions);
  const readFile = options.readFile ?? (() => undefined);
  switch (format) {
    case "json":
      return formatJson(report, options.readFile ? { readFile: options.readFile } : {});
    case "sarif":
      return formatSarif(report, {
        rules: [...RULE_CATALOG, ...(report.customRules ?? [])].map((rule) => {
          const helpUri = options.docsUrl?.(rule.id);
          return helpUri ? { ...rule, helpUri } : rule;
        }),
        version: options.version ?? "0.0.0",
        ...(options.readFile ? { readFile: options.readFile } : {}),
      });
    case "junit":
      return formatJunit(report);
    case "github":
      return formatGithub(report, { readFile });
    case "html":
      return formatHtml(report, {
        readFile,
        ...(options.title ? { title: options.title } : {}),
        ...(options.docsUrl ? { docsUrl: options.docsUrl } : {}),
        ...(options.mask ? { mask: options.mask } : {}),
      });
    case "stylish":
      return formatStylish(report, {
        color: options.color ?? false,
        readFile,
        ...(options.showDocs && options.docsUrl ? { docsUrl: options.docsUrl } : {}),
      });
  }
}

/** With a root, the report's paths made the project's, and the files still read by the names they were loaded by. */
function inProject(
  report: CheckReport,
  options: FormatReportOptions,
): { report: CheckReport; options: FormatReportOptions } {
  if (options.root === undefined) return { report, options };
  const given = options.readFile;
  const moved = reportInProject(report, { root: options.root, readFile: given ?? (() => undefined) });
  return { report: moved.report, options: given ? { ...options, readFile: moved.readFile } : options };
}
