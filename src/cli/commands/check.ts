import { STDIN_FILE } from "../../config/load-tool-configs.js";
import { ToolDeckError } from "../../errors.js";
import type { FixReporter } from "../../lint/check-with-fixes.js";
import { reaches, type Severity } from "../../lint/diagnostic.js";
import { formatReport, REPORT_FORMATS } from "../../lint/format/format-report.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "../../lint/probe/probe-timeout.js";
import type { CheckReport } from "../../lint/report.js";
import { packageVersion } from "../../package/package-version.js";
import { checkProject } from "../../pipeline/check-project.js";
import type { CheckProjectOptions, CheckTarget } from "../../pipeline/check-project-options.js";
import { projectRoots } from "../../project-files/project-read-options.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { secretValues } from "../../secrets/secret-vars.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, type CommandInfo, EXIT } from "../cli-io.js";
import { CHECK_INFO, LINT_INFO } from "../help/check-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { ruleDocsUrl } from "../rule-docs-url.js";
import {
  noteWriteHosts,
  outboundPolicy,
  PROJECT_FLAGS,
  parseProfile,
  parseVars,
  type UserVars,
} from "../tool-options.js";
import { commandLineSources, TOOL_SOURCE_FLAGS, type ToolSourceFlags } from "../tool-source-flags.js";

const FAIL_ON = ["error", "warning", "info", "none"] as const;

export const checkCommand: Command = commandFor(CHECK_INFO);
export const lintCommand: Command = commandFor(LINT_INFO);

function commandFor(info: CommandInfo & { name: "check" | "lint" }): Command {
  const name = info.name;
  return {
    ...info,
    async run(args, io) {
      const { values, positionals } = parseCommandArgs(name, args, {
        spec: { type: "string" },
        profile: { type: "string" },
        format: { type: "string", default: "stylish" },
        "fail-on": { type: "string", default: "error" },
        fix: { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        "show-docs": { type: "boolean", default: false },
        config: { type: "string" },
        "config-required": { type: "string" },
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
        "allow-empty": { type: "boolean", default: false },
        ...PROJECT_FLAGS,
        ...TOOL_SOURCE_FLAGS,
      });
      const user = parseVars(values.vars, values.var, values.secret, projectRoots(values.root));
      io.hideSecrets?.(secretValues(user.vars, { marked: user.secret }));
      const format = oneOf("--format", values.format, REPORT_FORMATS);
      const failOn = oneOf("--fail-on", values["fail-on"], FAIL_ON);
      const probes = name === "check" && !values["no-probe"];
      if (probes) noteWriteHosts(values, io);
      const outcome = await checkProject(await checkOptions(values, positionals, probes, user, io));
      const shown = values.quiet ? errorsOnly(outcome.report) : outcome.report;
      io.stdout(
        formatReport(shown, format, {
          color: Boolean(io.isTTY?.stdout) && !io.env.NO_COLOR,
          docsUrl: ruleDocsUrl,
          showDocs: values["show-docs"],
          version: packageVersion(),
          readFile: readReportedFile,
        }),
      );
      if (outcome.loadFailed) return EXIT.usage;
      const threshold = failOn === "none" ? undefined : (failOn as Severity);
      return threshold && outcome.report.diagnostics.some((d) => reaches(d.severity, threshold))
        ? EXIT.findings
        : EXIT.ok;
    },
  };
}

type CheckValues = ToolSourceFlags & {
  spec?: string | undefined;
  profile?: string | undefined;
  fix: boolean;
  config?: string | undefined;
  "config-required"?: string | undefined;
  "base-url"?: string | undefined;
  "allow-writes": boolean;
  "allow-host"?: string[] | undefined;
  timeout?: string | undefined;
  live: boolean;
  "allow-code": boolean;
  "allow-empty": boolean;
  quiet: boolean;
  root?: string[] | undefined;
  "allow-remote-refs": boolean;
};

/** The flags as checkProject's options: what it prints goes to stderr (notes, fixes, progress). */
async function checkOptions(
  values: CheckValues,
  positionals: string[],
  probes: boolean,
  user: UserVars,
  io: CliIo,
): Promise<CheckProjectOptions> {
  const profile = values.profile === undefined ? undefined : parseProfile(values.profile);
  const sources = await commandLineSources(positionals, values, io);
  return {
    ...sources,
    ...(values.spec !== undefined ? { spec: values.spec } : {}),
    ...(profile ? { profile } : {}),
    target: probes ? probeTarget(values) : false,
    // --base-url's host is named for an --mcp-url server too, lint included.
    allowHosts: outboundPolicy(values).allowedHosts,
    allowWrites: values["allow-writes"],
    ...(values.fix ? { fix: fixReporter(io) } : {}),
    ...(values.config !== undefined ? { settingsFile: values.config } : {}),
    ...(values["config-required"] !== undefined ? { requiredSettingsFile: values["config-required"] } : {}),
    vars: user.vars,
    secretVars: user.secret,
    ...(probes ? { timeoutMs: parseTimeout(values.timeout) } : {}),
    allowCode: values["allow-code"],
    ...(values.root ? { roots: values.root } : {}),
    allowRemoteRefs: values["allow-remote-refs"],
    allowEmpty: values["allow-empty"],
    env: io.env,
    // --quiet: errors only, so the notes about which description was used are left out.
    ...(values.quiet ? {} : { onNote: (note: string) => io.stderr(`note: ${toLineText(note)}\n`) }),
    onProgress: progress(io),
    onSecret: (secret) => io.hideSecrets?.([secret]),
  };
}

function probeTarget(values: CheckValues): CheckTarget {
  if (values["base-url"] !== undefined) return { baseUrl: values["base-url"] };
  return values.live ? "live" : "emulator";
}

/** --fix: each file rewritten, and the fixable findings left alone, on stderr. */
function fixReporter(io: CliIo): FixReporter {
  return {
    onFixed: (fixed) => {
      for (const { file, fixes } of fixed) io.stderr(`${toLineText(`fixed ${file}: ${fixes.join("; ")}`)}\n`);
    },
    onNotFixed: (skipped) => {
      for (const { diagnostic, reason } of skipped)
        io.stderr(`${toLineText(`not fixed: ${diagnostic.file}: ${diagnostic.tool}: ${reason}`)}\n`);
    },
  };
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
function readReportedFile(file: string): string | undefined {
  if (file === STDIN_FILE || file.startsWith("flowise:")) return undefined;
  try {
    return readProjectFile(file);
  } catch {
    return undefined;
  }
}

function oneOf<const T extends readonly string[]>(flag: string, value: string, allowed: T): T[number] {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ToolDeckError("usage", `${flag} must be one of ${allowed.join(", ")}, got '${value}'`);
  }
  return value as T[number];
}
