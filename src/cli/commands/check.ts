import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ToolDeckError } from "../../errors.js";
import { describeFixSummary, type FixOptions } from "../../lint/check-with-fixes.js";
import { reaches, type Severity } from "../../lint/diagnostic.js";
import { formatReport } from "../../lint/format/format-report.js";
import { SETTINGS_FILES } from "../../lint/lint-settings.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "../../lint/probe/probe-timeout.js";
import { type CheckReport, explainProfiles } from "../../lint/report.js";
import { RULE_IDS } from "../../lint/rule-catalog.js";
import { packageVersion } from "../../package/package-version.js";
import { checkProject } from "../../pipeline/check-project.js";
import type { CheckProjectOptions, CheckTarget } from "../../pipeline/check-project-options.js";
import { configPathsToRead } from "../../pipeline/load-tool-sources.js";
import { printedPins } from "../../pipeline/rule-setup.js";
import { preparePlatforms } from "../../platforms/registry.js";
import { projectRoots } from "../../project-files/project-read-options.js";
import { projectRoot } from "../../project-files/project-root.js";
import { writeFileAtomically } from "../../project-files/write-file-atomically.js";
import { WIRE_CHOICES } from "../../providers/wire-choice.js";
import { PROVIDER_IDS } from "../../providers/wire-tool.js";
import { secretValues } from "../../secrets/secret-vars.js";
import { nearestName } from "../../text/nearest-name.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, type CommandInfo, EXIT } from "../cli-io.js";
import { CHECK_INFO, LINT_INFO } from "../help/check-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { type ReportOutput, refuseForeignReportFiles, reportOutputs } from "../report-outputs.js";
import { reportedFileReader } from "../reported-file-reader.js";
import { ruleDocsUrl } from "../rule-docs-url.js";
import {
  noteWriteHosts,
  outboundPolicy,
  PROJECT_FLAGS,
  parseProfile,
  parseVars,
  specReadOptions,
  type UserVars,
  useSandboxWorkers,
} from "../tool-options.js";
import { commandLineSources, TOOL_SOURCE_FLAGS, type ToolSourceFlags } from "../tool-source-flags.js";
import { wantsColor } from "../wants-color.js";
import { watchAndRerun } from "../watch/watch-and-rerun.js";

const FAIL_ON = ["error", "warning", "info", "none"] as const;

export const checkCommand: Command = commandFor(CHECK_INFO);
export const lintCommand: Command = commandFor(LINT_INFO);

function commandFor(info: CommandInfo & { name: "check" | "lint" }): Command {
  const name = info.name;
  return {
    ...info,
    async run(args, io) {
      const { values, positionals } = parseCommandArgs(name, args, {
        spec: { type: "string", multiple: true },
        explain: { type: "boolean", default: false },
        traffic: { type: "string", multiple: true },
        profile: { type: "string" },
        format: { type: "string", multiple: true },
        "output-file": { type: "string", short: "o" },
        "max-warnings": { type: "string" },
        "no-color": { type: "boolean", default: false },
        force: { type: "boolean", default: false },
        "fail-on": { type: "string", default: "error" },
        fix: { type: "boolean", default: false },
        "fix-suggestions": { type: "boolean", default: false },
        "fix-rule": { type: "string", multiple: true },
        "fix-dry-run": { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        "show-docs": { type: "boolean", default: false },
        config: { type: "string" },
        "config-required": { type: "string" },
        "print-pins": { type: "boolean", default: false },
        "base-url": { type: "string" },
        "allow-writes": { type: "boolean", default: false },
        "allow-host": { type: "string", multiple: true },
        timeout: { type: "string" },
        var: { type: "string", multiple: true },
        secret: { type: "string", multiple: true },
        vars: { type: "string" },
        "no-probe": { type: "boolean", default: false },
        live: { type: "boolean", default: false },
        "allow-code": { type: "boolean", default: false },
        "sandbox-workers": { type: "string" },
        "allow-empty": { type: "boolean", default: false },
        portability: { type: "boolean", default: false },
        provider: { type: "string", multiple: true },
        wire: { type: "string" },
        "context-budget": { type: "string" },
        baseline: { type: "string" },
        rules: { type: "string", multiple: true },
        "update-baseline": { type: "boolean", default: false },
        "no-inline-config": { type: "boolean", default: false },
        watch: { type: "boolean", default: false },
        ...PROJECT_FLAGS,
        ...TOOL_SOURCE_FLAGS,
      });
      if (values["print-pins"]) {
        io.stdout(
          printedPins({
            ...(values.config !== undefined ? { settingsFile: values.config } : {}),
            ...(values.root ? { roots: values.root } : {}),
          }),
        );
        return EXIT.ok;
      }
      const outputs = reportOutputs(values.format, values["output-file"]);
      const maxWarnings = parseMaxWarnings(values["max-warnings"]);
      const failOn = oneOf("--fail-on", values["fail-on"], FAIL_ON);
      const once = () => checkOnce({ name, values, positionals, outputs, failOn, maxWarnings }, io);
      if (!values.watch) return once();
      if (wantsFixes(values))
        throw new ToolDeckError("usage", "--fix rewrites the files --watch watches: give one or the other");
      if (positionals.includes("-"))
        throw new ToolDeckError("usage", "--watch cannot watch stdin (-): name config files or folders");
      return watchAndRerun({
        command: name,
        io,
        watch: checkWatchPaths(values, positionals),
        roots: projectRoots(values.root),
        // A finding can hang on any file (a duplicate name, the spec, the settings): everything is checked again.
        run: async () => {
          await once();
          return { watch: [] };
        },
      });
    },
  };
}

/** One check: its reports printed and written, and its exit code. */
async function checkOnce(
  run: {
    name: "check" | "lint";
    values: CheckValues;
    positionals: string[];
    outputs: ReportOutput[];
    failOn: (typeof FAIL_ON)[number];
    maxWarnings: number | undefined;
  },
  io: CliIo,
): Promise<number> {
  const { name, values, positionals, outputs, failOn } = run;
  refuseForeignReportFiles(outputs, values.force);
  // Read on every run: under --watch, a changed vars file counts.
  const user = parseVars(values.vars, values.var, values.secret, projectRoots(values.root));
  io.hideSecrets?.(secretValues(user.vars, { marked: user.secret }));
  const probes = name === "check" && !values["no-probe"];
  if (probes) noteWriteHosts(values, io);
  const details = outputs.some((output) => output.format === "html");
  await useSandboxWorkers(values["sandbox-workers"], values["allow-code"]);
  const outcome = await checkProject(await checkOptions(values, positionals, { probes, details }, user, io));
  // SARIF lists every rule, each platform's among them: a run loads the platforms it read only.
  if (outputs.some((output) => output.format === "sarif")) await preparePlatforms();
  if (values.explain)
    for (const line of explainProfiles(outcome.report)) io.stderr(`explain: ${toLineText(line)}\n`);
  const shown = values.quiet ? errorsOnly(outcome.report) : outcome.report;
  for (const output of outputs) writeReport(shown, output, { name, values, positionals }, io);
  if (outcome.loadFailed) return EXIT.usage;
  // Fixes that kept coming until the pass limit: the files are not what a settled --fix leaves.
  if (outcome.fix && outcome.fix.unsettled.length > 0) return EXIT.findings;
  const threshold = failOn === "none" ? undefined : (failOn as Severity);
  if (threshold && outcome.report.diagnostics.some((d) => reaches(d.severity, threshold)))
    return EXIT.findings;
  return tooManyWarnings(outcome.report, run.maxWarnings, io) ? EXIT.findings : EXIT.ok;
}

/** One report: to stdout (painted where wanted, unless --no-color), or to its file, never painted. */
function writeReport(
  report: CheckReport,
  output: ReportOutput,
  run: { name: "check" | "lint"; values: CheckValues; positionals: string[] },
  io: CliIo,
): void {
  const { name, values, positionals } = run;
  const text = formatReport(report, output.format, {
    color: output.file === undefined && !values["no-color"] && wantsColor(io),
    // Custom rules are documented by their authors, not in tooldeck's docs/rules.md.
    docsUrl: (code) => (RULE_IDS.includes(code) ? ruleDocsUrl(code) : undefined),
    showDocs: values["show-docs"],
    version: packageVersion(),
    // Read only where the loaders read: the project and the paths named.
    readFile: reportedFileReader(specReadOptions(values, configPathsToRead({ paths: positionals })).roots),
    title: `tooldeck ${name}`,
    root: projectRoot(),
    ...(io.maskSecrets ? { mask: io.maskSecrets } : {}),
  });
  if (output.file === undefined) {
    io.stdout(text);
    return;
  }
  mkdirSync(dirname(resolve(output.file)), { recursive: true });
  writeFileAtomically(output.file, io.maskSecrets ? io.maskSecrets(text) : text);
  io.stderr(`${toLineText(`wrote the ${output.format} report to ${output.file}`)}\n`);
}

/** --max-warnings N: more than N warnings fail the run, as ESLint's flag does, saying so on stderr. */
function tooManyWarnings(report: CheckReport, max: number | undefined, io: CliIo): boolean {
  if (max === undefined) return false;
  const warnings = report.diagnostics.filter((d) => d.severity === "warning").length;
  if (warnings <= max) return false;
  io.stderr(`${warnings} warnings, more than --max-warnings ${max}\n`);
  return true;
}

/** --max-warnings: a whole number, 0 or more. */
function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new ToolDeckError("usage", `--max-warnings must be a whole number of warnings, got '${value}'`);
  return Number(value);
}

/**
 * What `--watch` watches: the configs named (default tools/), the spec, the settings (named, or the
 * default files here, which may appear later) and the vars file. A Flowise instance or an MCP server is
 * read again on each run, but only a file's change starts one.
 */
function checkWatchPaths(values: CheckValues, positionals: readonly string[]): string[] {
  const named = [...(values.spec ?? []), values.config, values["config-required"], values.vars].filter(
    (path): path is string => path !== undefined,
  );
  const settings = values.config === undefined ? SETTINGS_FILES : [];
  return [...(positionals.length > 0 ? positionals : ["tools"]), ...named, ...settings];
}

type CheckValues = ToolSourceFlags & {
  format?: string[] | undefined;
  "output-file"?: string | undefined;
  "max-warnings"?: string | undefined;
  "no-color": boolean;
  force: boolean;
  spec?: string[] | undefined;
  explain: boolean;
  traffic?: string[] | undefined;
  profile?: string | undefined;
  fix: boolean;
  "fix-suggestions": boolean;
  "fix-rule"?: string[] | undefined;
  "fix-dry-run": boolean;
  config?: string | undefined;
  "config-required"?: string | undefined;
  "base-url"?: string | undefined;
  "allow-writes": boolean;
  "allow-host"?: string[] | undefined;
  timeout?: string | undefined;
  live: boolean;
  "allow-code": boolean;
  "sandbox-workers"?: string | undefined;
  "allow-empty": boolean;
  portability: boolean;
  provider?: string[] | undefined;
  wire?: string | undefined;
  "context-budget"?: string | undefined;
  baseline?: string | undefined;
  rules?: string[] | undefined;
  "update-baseline": boolean;
  "no-inline-config": boolean;
  quiet: boolean;
  root?: string[] | undefined;
  "allow-remote-refs": boolean;
  vars?: string | undefined;
  var?: string[] | undefined;
  secret?: string[] | undefined;
  "show-docs": boolean;
  "no-probe": boolean;
};

/** The flags as checkProject's options: what it prints goes to stderr (notes, fixes, progress). */
async function checkOptions(
  values: CheckValues,
  positionals: string[],
  { probes, details }: { probes: boolean; details: boolean },
  user: UserVars,
  io: CliIo,
): Promise<CheckProjectOptions> {
  const profile = values.profile === undefined ? undefined : parseProfile(values.profile);
  // Checked even where nothing is probed (lint, --no-probe): a bad value is a mistake either way.
  const timeoutMs = parseTimeout(values.timeout);
  if (values["update-baseline"] && values.baseline === undefined)
    throw new ToolDeckError(
      "usage",
      "--update-baseline writes the file --baseline names: add --baseline FILE",
    );
  const sources = await commandLineSources(positionals, values, io);
  return {
    // The HTML report shows what each tool gives the LLM and its probe's exchange.
    ...(details ? { details: true } : {}),
    ...sources,
    ...(values.spec !== undefined ? { spec: values.spec } : {}),
    ...(values.traffic ? { traffic: values.traffic } : {}),
    ...(profile ? { profile } : {}),
    target: probes ? probeTarget(values) : false,
    // --base-url's host is named for an --mcp-url server too, lint included.
    allowHosts: outboundPolicy(values).allowedHosts,
    allowWrites: values["allow-writes"],
    ...(wantsFixes(values) ? { fix: fixOptions(values, io) } : {}),
    ...(values.config !== undefined ? { settingsFile: values.config } : {}),
    ...(values["config-required"] !== undefined ? { requiredSettingsFile: values["config-required"] } : {}),
    vars: user.vars,
    secretVars: user.secret,
    ...(probes ? { timeoutMs } : {}),
    allowCode: values["allow-code"],
    ...(values.root ? { roots: values.root } : {}),
    allowRemoteRefs: values["allow-remote-refs"],
    allowEmpty: values["allow-empty"],
    portability: values.portability,
    ...(values.provider
      ? { providers: values.provider.map((id) => oneOf("--provider", id, PROVIDER_IDS)) }
      : {}),
    ...(values.wire !== undefined ? { wire: oneOf("--wire", values.wire, WIRE_CHOICES) } : {}),
    ...(values["context-budget"] !== undefined
      ? { contextBudget: parseContextBudget(values["context-budget"]) }
      : {}),
    ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
    updateBaseline: values["update-baseline"],
    ...(values.rules ? { ruleModules: values.rules } : {}),
    inlineConfig: !values["no-inline-config"],
    env: io.env,
    // --quiet: errors only, so the notes about which description was used are left out.
    ...(values.quiet ? {} : { onNote: (note: string) => io.stderr(`note: ${toLineText(note)}\n`) }),
    // --explain: which description judged each tool, and why, before the report.
    ...(values.explain ? { onExplain: (line: string) => io.stderr(`explain: ${toLineText(line)}\n`) } : {}),
    onProgress: progress(io),
    onSecret: (secret) => io.hideSecrets?.([secret]),
  };
}

function probeTarget(values: CheckValues): CheckTarget {
  if (values["base-url"] !== undefined) return { baseUrl: values["base-url"] };
  return values.live ? "live" : "emulator";
}

/** Any of the fix flags: --fix-suggestions, --fix-rule and --fix-dry-run each imply --fix. */
function wantsFixes(values: CheckValues): boolean {
  return values.fix || values["fix-suggestions"] || values["fix-dry-run"] || values["fix-rule"] !== undefined;
}

/**
 * --fix and its companions: which fixes (safe ones; with --fix-suggestions those that change a tool too;
 * with --fix-rule only those rules'), then each file rewritten (or its diff, with --fix-dry-run), the
 * fixable findings left alone, and what every pass did, on stderr.
 */
function fixOptions(values: CheckValues, io: CliIo): FixOptions {
  const rules = values["fix-rule"] ?? [];
  for (const rule of rules) {
    if (RULE_IDS.includes(rule) || rule.includes("/")) continue;
    const near = nearestName(rule, RULE_IDS);
    throw new ToolDeckError(
      "usage",
      `--fix-rule: unknown rule '${rule}'${near ? ` (did you mean ${near}?)` : ""}`,
    );
  }
  const dryRun = values["fix-dry-run"];
  return {
    suggestions: values["fix-suggestions"],
    ...(rules.length > 0 ? { rules: new Set(rules) } : {}),
    dryRun,
    onDiffs: (diffs) => {
      for (const { diff } of diffs) io.stderr(diff.endsWith("\n") ? diff : `${diff}\n`);
    },
    onDone: (summary) => {
      for (const line of describeFixSummary(summary)) io.stderr(`${toLineText(line)}\n`);
    },
    onFixed: (fixed) => {
      for (const { file, fixes } of fixed) io.stderr(`${toLineText(`fixed ${file}: ${fixes.join("; ")}`)}\n`);
    },
    onNotFixed: (skipped) => {
      for (const { diagnostic, reason } of skipped)
        io.stderr(`${toLineText(`not fixed: ${diagnostic.file}: ${diagnostic.tool}: ${reason}`)}\n`);
    },
  };
}

/** --context-budget: a positive whole number of tokens (`200000`, `200_000` and `200,000` alike). */
function parseContextBudget(value: string): number {
  const tokens = Number(value.replace(/[_,]/g, ""));
  if (!/^\d[\d_,]*$/.test(value) || !Number.isSafeInteger(tokens) || tokens <= 0)
    throw new ToolDeckError(
      "usage",
      `--context-budget must be a positive whole number of tokens, got '${value}'`,
    );
  return tokens;
}

/** --timeout: a positive whole number of milliseconds. */
function parseTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PROBE_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms <= 0)
    throw new ToolDeckError("usage", `--timeout must be a positive number of milliseconds, got '${value}'`);
  return ms;
}

/** Progress on stderr for long runs (more than 5 tools) on a terminal: `probing 12/40`. */
function progress(io: CliIo) {
  return (done: number, total: number) => {
    if (total > 5 && io.isTTY?.stderr) io.stderr(`\rprobing ${done}/${total}${done === total ? "\n" : ""}`);
  };
}

/** `--quiet`: the error findings, and the tools that have one. */
function errorsOnly(report: CheckReport): CheckReport {
  const diagnostics = report.diagnostics.filter((d) => d.severity === "error");
  const failing = new Set(diagnostics.map((d) => `${d.file}\u0000${d.tool}`));
  const tools = report.tools.filter((tool) => failing.has(`${tool.file}\u0000${tool.name}`));
  return { ...report, tools, diagnostics };
}

/** A config file named in the report, to find a finding's line; a Flowise chatflow or stdin has none. */
function oneOf<const T extends readonly string[]>(flag: string, value: string, allowed: T): T[number] {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ToolDeckError("usage", `${flag} must be one of ${allowed.join(", ")}, got '${value}'`);
  }
  return value as T[number];
}
