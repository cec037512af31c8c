import { STDIN_FILE } from "../../config/load-tool-configs.js";
import type { LoadedTool } from "../../config/tool-config.js";
import { ToolDeckError } from "../../errors.js";
import { check } from "../../lint/check.js";
import { checkWithFixes } from "../../lint/check-with-fixes.js";
import { reaches, type Severity } from "../../lint/diagnostic.js";
import { findSpec } from "../../lint/find-spec.js";
import { formatReport, REPORT_FORMATS } from "../../lint/format/format-report.js";
import { loadLintSettings } from "../../lint/lint-settings.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "../../lint/probe/probe-timeout.js";
import type { CheckReport } from "../../lint/report.js";
import { RULE_IDS } from "../../lint/rule-catalog.js";
import type { Profile } from "../../profile.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { flowiseSecurityCheckOff } from "../../runtime/host-policy.js";
import { toTerminalText } from "../../safe-text.js";
import { type CliIo, type Command, type CommandInfo, EXIT } from "../cli-io.js";
import { CHECK_INFO, LINT_INFO } from "../help/check-help.js";
import {
  FLOWISE_FLAGS,
  loadToolSources,
  splitToolSources,
  type ToolSourceFlags,
} from "../load-tool-sources.js";
import { secretValues } from "../masked-io.js";
import { packageVersion } from "../package-version.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { ruleDocsUrl } from "../rule-docs-url.js";
import {
  noteWriteHosts,
  outboundPolicy,
  PROJECT_FLAGS,
  parseProfile,
  parseVars,
  specReadOptions,
} from "../tool-options.js";

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
        "base-url": { type: "string" },
        "allow-writes": { type: "boolean", default: false },
        "allow-host": { type: "string", multiple: true },
        timeout: { type: "string" },
        var: { type: "string", multiple: true },
        vars: { type: "string" },
        "no-probe": { type: "boolean", default: false },
        live: { type: "boolean", default: false },
        "allow-code": { type: "boolean", default: false },
        "allow-empty": { type: "boolean", default: false },
        ...PROJECT_FLAGS,
        ...FLOWISE_FLAGS,
      });
      io.hideSecrets?.(secretValues(parseVars(values.vars, values.var)));
      const format = oneOf("--format", values.format, REPORT_FORMATS);
      const failOn = oneOf("--fail-on", values["fail-on"], FAIL_ON);
      if (name === "check" && !values["no-probe"]) noteWriteHosts(values, io);
      const run = async () => runOnce(name, positionals, values, io);
      const outcome = values.fix
        ? await checkWithFixes(run, {
            onFixed: (fixed) => {
              for (const { file, fixes } of fixed)
                io.stderr(toTerminalText(`fixed ${file}: ${fixes.join("; ")}\n`));
            },
            onNotFixed: (skipped) => {
              for (const { diagnostic, reason } of skipped)
                io.stderr(toTerminalText(`not fixed: ${diagnostic.file}: ${diagnostic.tool}: ${reason}\n`));
            },
          })
        : await run();
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
  config?: string | undefined;
  "base-url"?: string | undefined;
  "allow-writes": boolean;
  "allow-host"?: string[] | undefined;
  timeout?: string | undefined;
  var?: string[] | undefined;
  vars?: string | undefined;
  "no-probe": boolean;
  live: boolean;
  "allow-code": boolean;
  "allow-empty": boolean;
  quiet: boolean;
  root?: string[] | undefined;
  "allow-remote-refs": boolean;
};

async function runOnce(name: "check" | "lint", paths: string[], values: CheckValues, io: CliIo) {
  const profile = parseProfile(values.profile ?? "standard");
  const sources = splitToolSources(paths);
  const read = specReadOptions(values, sources.files);
  const loaded = await loadToolSources(sources, values, io, read.roots);
  const found = loaded.tools.length + loaded.mcpTools.length;
  if (found === 0 && loaded.errors.length === 0 && !values["allow-empty"])
    throw new ToolDeckError("usage", `no tools found in ${describeSources(paths, values.flowise)}`);
  // --quiet: errors only, so the notes about which description was used are left out.
  const notes = values.quiet ? { ...io, stderr: () => {} } : io;
  const spec = await findSpec(values.spec, loaded.specs, read, (note) => notes.stderr(`note: ${note}\n`));
  const settings = loadLintSettings(values.config, process.cwd(), RULE_IDS);
  const userVars = parseVars(values.vars, values.var);
  const baseUrl = values["base-url"]?.replace(/\/+$/, "");
  const probes = name === "check" && !values["no-probe"];
  const outbound = outboundPolicy(values);
  // The emulators are loaded only when something is probed (lint and --no-probe never need them).
  const target = probes
    ? (await import("../probe-target.js")).createProbeTarget({
        spec,
        // The description stands in for every host only when the user named it (--spec) or it sits
        // among the paths; tools/'s own, found by default, answers only on its servers' origins.
        everyHost: values.spec !== undefined || loaded.specs.length > 0,
        live: values.live ?? false,
        baseUrl,
        userVars,
        outbound,
        securityCheckOff: flowiseSecurityCheckOff(io.env),
        read,
        hideSecret: (secret) => io.hideSecrets?.([secret]),
      })
    : undefined;
  const report = await check(loaded, {
    profile,
    // A Flowise export (or --flowise) is judged as Flowise runs it, unless --profile says otherwise.
    ...(values.profile === undefined ? { profileOf: profileOfSource } : {}),
    ...(spec ? { spec } : {}),
    settings,
    allowCode: values["allow-code"],
    specRead: read,
    mcpTools: loaded.mcpTools,
    ...(target
      ? {
          probe: {
            target,
            allowWrites: (baseUrl === undefined && !values.live) || values["allow-writes"],
            timeoutMs: parseTimeout(values.timeout),
            onTool: progress(io, loaded.tools.length),
          },
        }
      : {}),
  });
  return { report, loadFailed: loaded.errors.length > 0 };
}

/** `tools/`, `a.yaml, b/`, `--flowise http://…`: where tools were looked for. */
function describeSources(paths: readonly string[], flowise: string | undefined): string {
  const named = paths.length > 0 || !flowise ? [...(paths.length > 0 ? paths : ["tools/"])] : [];
  return [...named, ...(flowise ? [`--flowise ${flowise}`] : [])].join(", ");
}

function profileOfSource(tool: LoadedTool): Profile {
  return tool.source.format === "flowise" ? "flowise" : "standard";
}

/** --timeout: a positive whole number of milliseconds. */
function parseTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PROBE_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms <= 0)
    throw new ToolDeckError("usage", `--timeout must be a positive number of milliseconds, got '${value}'`);
  return ms;
}

/** Progress on stderr for long runs on a terminal: `probing 12/40`. */
function progress(io: CliIo, total: number) {
  if (total <= 5 || !io.isTTY?.stderr) return undefined;
  return (done: number) => io.stderr(`\rprobing ${done}/${total}${done === total ? "\n" : ""}`);
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
