import type { Profile } from "../profile.js";
import type { ToolRequest, ToolResponse } from "../runtime/tool-result.js";
import type { Diagnostic, Severity } from "./diagnostic.js";
import type { SuppressedDiagnostic } from "./suppress/suppression.js";

/** One tool as the report shows it: where it is, and the request it really sends (from its probe). */
export interface ToolReport {
  name: string;
  file: string;
  /** JSON path of the config inside the file. */
  path: string;
  /**
   * Where its code is written when another file holds it (a flow's Custom Tool read from its export):
   * findings there are the tool's too.
   */
  code?: { file: string; path: string };
  /** `PUT http://…/events → 404`, when the tool was probed. */
  sent?: string;
  /** The profile it was judged under (a Flowise export: `flowise` unless the user chose). */
  profile?: Profile;
  /** With `details` (the HTML report): what the LLM is given, the tool's description and arguments' JSON schema. */
  given?: GivenToLlm;
  /** With `details`, when the tool was probed: the request sent, the answer, and what the LLM saw of it. */
  exchange?: { request?: ToolRequest; response?: ToolResponse; output: string };
}

/** What an LLM is given of a tool besides its name. */
export interface GivenToLlm {
  description: string;
  /** JSON Schema of the arguments object, exactly as the LLM is given it. */
  inputSchema: Record<string, unknown>;
}

/** Everything a formatter prints. */
export interface CheckReport {
  /** The profile tools were judged under; a tool judged under another one names it. */
  profile: Profile;
  tools: ToolReport[];
  diagnostics: Diagnostic[];
  /** Rules the settings turned off or lowered; every format lists them beside the summary. */
  ruleOverrides?: RuleOverrides;
  /**
   * Findings accepted by a comment, an override or the baseline: not in `diagnostics`, not counted
   * towards `--fail-on`, but listed by json and sarif and counted by the summary, so a review sees them.
   */
  suppressed?: SuppressedDiagnostic[];
  /** The metadata of the custom rules that ran (SARIF lists them beside the built-ins). */
  customRules?: RuleInfo[];
  /** What the baseline (`--baseline FILE`) did. */
  baseline?: BaselineSummary;
}

/** The baseline's effect on a run. */
export interface BaselineSummary {
  /** The file, as given. */
  file: string;
  /** Findings it hid (they are in `suppressed`). */
  hidden: number;
  /** Its entries that matched no finding: fixed since, or changed; `--update-baseline` drops them. */
  stale: number;
}

/** A rule a settings file set below the severity it reports at by default. */
export interface RuleDowngrade {
  rule: string;
  /** Its heaviest default severity (`probe`: error, though some of its findings are lighter). */
  from: Severity;
  to: Severity;
}

/**
 * The gates a settings file lowered, which every report format shows: a pull request may change
 * `tooldeck.config.yaml` as easily as a config, and a check that no longer fails must say why.
 */
export interface RuleOverrides {
  /** What set them: `tooldeck.config.yaml`, the path given to `--config`, or `the rules option`. */
  source: string;
  /** Rules turned off, in the catalog's order. */
  off: string[];
  downgraded: RuleDowngrade[];
  /**
   * For the rules here that a preset or file `source` extends set (`tooldeck:flowise`), which one; a rule
   * not named was set by `source` itself.
   */
  setBy?: Record<string, string>;
}

/** Rule metadata for formats that carry it (SARIF). */
export interface RuleInfo {
  id: string;
  severity: Severity;
  /** Severities some of its findings carry instead of `severity` (docs/rules.md lists them). */
  otherSeverities?: readonly Severity[];
  description: string;
  docs: string;
  /** Where the rule is documented (SARIF `helpUri`, stylish `--show-docs`). */
  helpUri?: string;
}

/** `3 problems (1 error, 2 warnings, 0 infos) in 5 tools`, and `; 2 suppressed` when findings were accepted. */
export function summarize(report: CheckReport): string {
  return summarizeWith(report, (_, text) => text).join("");
}

/**
 * The summary's words, each severity's count (`1 error`) passed through `count`, so that a format can
 * make it a link to those findings (html); `summarize` joins them as text.
 */
export function summarizeWith<T>(
  report: CheckReport,
  count: (severity: Severity, text: string, found: number) => T,
): (string | T)[] {
  const tally = (severity: Severity) => report.diagnostics.filter((d) => d.severity === severity).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const tools = plural(report.tools.length, "tool");
  const total = report.diagnostics.length;
  const suppressed = report.suppressed?.length ? `; ${report.suppressed.length} suppressed` : "";
  if (total === 0) return [`no problems in ${tools}${suppressed}`];
  const counts = (["error", "warning", "info"] as const).map((severity) =>
    count(severity, plural(tally(severity), severity), tally(severity)),
  );
  return [
    `${plural(total, "problem")} (`,
    ...counts.flatMap((part, index) => (index === 0 ? [part] : [", ", part])),
    `) in ${tools}${suppressed}`,
  ];
}

/**
 * `standard`, `standard; flowise for flows/agent.json` when one file was judged otherwise, or
 * `standard; flowise for 13 files`: a count, so the summary line stays one short line however many
 * exports are checked (`--explain` and the json report name each file, see `explainProfiles`).
 */
export function describeProfiles(report: CheckReport): string {
  const others = [...filesByOtherProfile(report)].map(([profile, files]) =>
    files.length === 1 ? `${profile} for ${files[0]}` : `${profile} for ${files.length} files`,
  );
  return [report.profile, ...others].join("; ");
}

/**
 * `--explain`: one line per file judged under another profile than the report's (`profile flowise for
 * flows/agent.json`), which the summary only counts.
 */
export function explainProfiles(report: CheckReport): string[] {
  return [...filesByOtherProfile(report)].flatMap(([profile, files]) =>
    files.map((file) => `profile ${profile} for ${file}`),
  );
}

/** The files whose tools were judged under another profile than the report's, by profile, in report order. */
function filesByOtherProfile(report: CheckReport): Map<Profile, string[]> {
  const files = new Map<Profile, Set<string>>();
  for (const tool of report.tools) {
    if (tool.profile === undefined || tool.profile === report.profile) continue;
    const seen = files.get(tool.profile) ?? new Set<string>();
    files.set(tool.profile, seen.add(tool.file));
  }
  return new Map([...files].map(([profile, seen]) => [profile, [...seen]]));
}

/**
 * Whether a finding is about this tool: same file and name, and at or inside the tool's config (a
 * toolkit's tools share a name-less config path). A finding of the file as a whole is no tool's.
 */
export function findingBelongsTo(diagnostic: Diagnostic, tool: ToolReport): boolean {
  if (diagnostic.tool !== tool.name) return false;
  return isAt(diagnostic, tool) || (tool.code !== undefined && isAt(diagnostic, tool.code));
}

/** Whether a finding is at a place or below it. */
function isAt(diagnostic: Diagnostic, place: { file: string; path: string }): boolean {
  if (diagnostic.file !== place.file) return false;
  return (
    place.path === "" ||
    diagnostic.path === place.path ||
    diagnostic.path.startsWith(`${place.path}.`) ||
    diagnostic.path.startsWith(`${place.path}[`)
  );
}
