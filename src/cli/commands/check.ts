import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { loadToolConfigs, STDIN_FILE } from "../../config/load-tool-configs.js";
import type { LoadedTool } from "../../config/tool-config.js";
import { createEmulator, FLOWISE_ORIGIN, TUTORIAL_EVENT_ORIGINS } from "../../emulator/create-emulator.js";
import { EVENT_SERVICE_ORIGIN } from "../../emulator/emulator-fetch.js";
import { answerEveryHost } from "../../emulator/spec/answer-every-host.js";
import { createSpecEmulator, type SpecEmulator } from "../../emulator/spec/spec-emulator.js";
import { ToolDeckError } from "../../errors.js";
import { applyFixes } from "../../lint/apply-fixes.js";
import { BUILT_IN_CHECKS } from "../../lint/built-in-checks.js";
import { check } from "../../lint/check.js";
import { reaches, type Severity } from "../../lint/diagnostic.js";
import { formatGithub } from "../../lint/format/format-github.js";
import { formatJson } from "../../lint/format/format-json.js";
import { formatJunit } from "../../lint/format/format-junit.js";
import { formatSarif } from "../../lint/format/format-sarif.js";
import { formatStylish } from "../../lint/format/format-stylish.js";
import { loadLintSettings } from "../../lint/lint-settings.js";
import { loadSpecIndex } from "../../lint/load-check-inputs.js";
import { DEFAULT_PROBE_TIMEOUT_MS, type ProbeRuntime } from "../../lint/probe/probe.js";
import type { CheckReport } from "../../lint/report.js";
import { DEFAULT_RULES } from "../../lint/rules/index.js";
import type { FetchLike } from "../../net/fetch-like.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { SpecReadOptions } from "../../openapi/spec-read-options.js";
import type { Profile } from "../../profile.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { flowiseSecurityCheckOff } from "../../runtime/host-policy.js";
import { isNamedHost, type OutboundPolicy } from "../../runtime/outbound/outbound-policy.js";
import type { ToolRuntimeOptions } from "../../runtime/runtime-options.js";
import { toTerminalText } from "../../safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import {
  FLOWISE_FLAGS,
  FLOWISE_FLAGS_HELP,
  loadToolSources,
  MCP_SOURCES_HELP,
  splitToolSources,
  type ToolSourceFlags,
} from "../load-tool-sources.js";
import { secretValues } from "../masked-io.js";
import { packageVersion } from "../package-version.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { ruleDocsUrl } from "../rule-docs-url.js";
import {
  ALLOW_CODE_HELP,
  noteWriteHosts,
  OUTBOUND_FLAGS_HELP,
  outboundPolicy,
  PROJECT_FLAGS,
  PROJECT_FLAGS_HELP,
  parseProfile,
  parseVars,
  specReadOptions,
} from "../tool-options.js";

const FORMATS = ["stylish", "json", "sarif", "junit", "github"] as const;
const MAX_FIX_PASSES = 5;
const FAIL_ON = ["error", "warning", "info", "none"] as const;

function help(name: "check" | "lint"): string {
  const probes = name === "check";
  return `Usage: tooldeck ${name} [paths…] [options]

${probes ? "Lint tool configs against the service's OpenAPI description, then probe each tool against the\nembedded emulator (or --base-url): say which tool will fail, why, and what to change." : "Lint tool configs against the service's OpenAPI description (the static half of 'tooldeck check')."}

Arguments:
  paths               config files, folders (node_modules and hidden folders skipped) or quoted
                      patterns ('tools/**/*.yaml'); - reads one config from stdin (default tools/);
${MCP_SOURCES_HELP}${probes ? " (their tools are linted, never probed)" : ""}

Options:
  --spec FILE         the service's OpenAPI description (default: the one found among the paths)
  --profile P         standard or flowise (judge what Flowise 3.1 does); default standard, and flowise
                      for Flowise exports and --flowise chatflows
  --format F          stylish (default), json, sarif, junit or github (GitHub Actions annotations)
  --quiet             report errors only (no warnings, infos or notes; the exit code is unchanged)
  --show-docs         stylish: print each finding's documentation link
  --fail-on LEVEL     exit 1 when a finding reaches error (default), warning or info; none never fails
  --fix               apply the safe fixes to the config files (YAML comments kept), then check again
${FLOWISE_FLAGS_HELP}
${ALLOW_CODE_HELP}
${PROJECT_FLAGS_HELP}
  --allow-empty       finding no tool is no error (default: exit 2, 'no tools found in <paths>')
  --config FILE       rule severities (default tooldeck.config.{json,yaml} here): rules: { id: off|info|warning|error }
${
  probes
    ? `  --base-url URL      probe this service instead of the embedded emulator: every tool is sent there
                      (request tools, toolkits, HTTP nodes; reads only, unless --allow-writes)
  --live              probe the tools' real hosts instead of the spec emulator (the hosts still need
                      --allow-host; reads only, unless --allow-writes)
${OUTBOUND_FLAGS_HELP}
  --timeout MS        give up on a probe after this long (default ${DEFAULT_PROBE_TIMEOUT_MS}, both profiles)
  --var KEY=VALUE     set {{$vars.KEY}} for the probes (repeatable); --vars FILE reads them from a file
  --no-probe          skip the probes (same as 'tooldeck lint')
`
    : "  --allow-host HOST   an mcp+http(s) source may be on this host (host or host:port; repeatable)\n"
}  -h, --help          show this help

Exit codes: 0 nothing reached --fail-on, 1 findings did, 2 usage or load error (a config or spec that
cannot be read; the rest is still reported).`;
}

export const checkCommand: Command = commandFor(
  "check",
  "lint tools against the OpenAPI description and probe them (the main job)",
);
export const lintCommand: Command = commandFor(
  "lint",
  "lint tools against the OpenAPI description, without probes",
);

function commandFor(name: "check" | "lint", summary: string): Command {
  const text = help(name);
  return {
    name,
    summary,
    help: text,
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
      const format = oneOf("--format", values.format, FORMATS);
      const failOn = oneOf("--fail-on", values["fail-on"], FAIL_ON);
      if (name === "check" && !values["no-probe"]) noteWriteHosts(values, io);
      const run = async () => runOnce(name, positionals, values, io);
      let outcome = await run();
      // A fix can reveal what the next one mends (PUT /events → PATCH /events/{id} brings in its date rule).
      for (let pass = 0; values.fix && pass < MAX_FIX_PASSES; pass++) {
        const fixed = applyFixes(outcome.report.diagnostics);
        for (const { file, fixes } of fixed.fixed)
          io.stderr(toTerminalText(`fixed ${file}: ${fixes.join("; ")}\n`));
        if (fixed.fixed.length === 0) {
          for (const { diagnostic, reason } of fixed.skipped) {
            io.stderr(toTerminalText(`not fixed: ${diagnostic.file}: ${diagnostic.tool}: ${reason}\n`));
          }
          break;
        }
        outcome = await run();
      }
      const shown = values.quiet ? errorsOnly(outcome.report) : outcome.report;
      io.stdout(render(shown, format, io, values["show-docs"]));
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
  const spec = await specFor(values.spec, loaded.specs, read, notes);
  const knownRules = [...DEFAULT_RULES.map((rule) => rule.id), ...BUILT_IN_CHECKS.map((c) => c.id)];
  const settings = loadLintSettings(values.config, process.cwd(), knownRules);
  const userVars = parseVars(values.vars, values.var);
  const baseUrl = values["base-url"]?.replace(/\/+$/, "");
  const probes = name === "check" && !values["no-probe"];
  const outbound = outboundPolicy(values);
  // One Flowise API key for every probe's emulator, so it is masked once (a fresh key per tool would be
  // one more value to mask in every line printed).
  const apiKey = randomBytes(32).toString("base64url");
  io.hideSecrets?.([apiKey]);
  // The description stands in for every host only when the user named it (--spec) or it sits among the
  // paths; tools/'s own, found by default, answers only on its servers' origins.
  const named = values.spec !== undefined || loaded.specs.length > 0;
  const emulated = values.live ? undefined : specEmulators(spec, named);
  const report = await check(loaded, {
    profile,
    // A Flowise export (or --flowise) is judged as Flowise runs it, unless --profile says otherwise.
    ...(values.profile === undefined ? { profileOf: profileOfSource } : {}),
    ...(spec ? { spec } : {}),
    settings,
    allowCode: values["allow-code"],
    specRead: read,
    mcpTools: loaded.mcpTools,
    ...(probes
      ? {
          probe: {
            target: (_tool, toolkitSpec) => ({
              ...probeTarget(baseUrl, userVars, outbound, {
                apiKey,
                securityCheckOff: flowiseSecurityCheckOff(io.env),
                specs: emulated?.(toolkitSpec),
              }),
              ...read,
            }),
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

/**
 * A fresh embedded emulator for every probed tool, or the real service at --base-url (every tool is
 * sent there: toolkits' servers and literal origins are replaced), behind the outbound guard either way; with HTTP_SECURITY_CHECK=false, as Flowise reads it, the flowise profile
 * reaches loopback hosts (the guard still decides which). Without --live, spec emulators stand in for
 * the tools' own hosts (docs/spec-emulator.md); a host with neither is skipped, not called.
 */
function probeTarget(
  baseUrl: string | undefined,
  userVars: Record<string, string>,
  outbound: OutboundPolicy,
  shared: { apiKey: string; securityCheckOff: boolean; specs: ProbeSpecs | undefined },
): ProbeRuntime {
  const options: ToolRuntimeOptions = shared.securityCheckOff ? { httpSecurityCheck: false } : {};
  if (baseUrl !== undefined) {
    return {
      ...options,
      outbound,
      baseUrl,
      vars: { base_url: baseUrl, ...userVars },
      describeTarget: (url) => (sameOrigin(url, baseUrl) ? "--base-url" : undefined),
    };
  }
  const specs = shared.specs;
  const emulator = createEmulator({
    flowise: { apiKeys: [shared.apiKey] },
    specs: specs?.emulators ?? [],
    ...(specs?.fallback ? { fallback: specs.fallback } : {}),
  });
  const vars = { ...emulator.vars, flowise_api_key: shared.apiKey, ...userVars };
  return {
    ...options,
    outbound,
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars,
    describeTarget: (url) =>
      isEmbeddedOrigin(url)
        ? "embedded emulator"
        : (specs?.describe(url) ?? (isNamed(url, outbound) ? "--allow-host" : undefined)),
    ...(specs ? { skipsUnknownHosts: true } : {}),
  };
}

/** The spec emulators a probe uses: by server origin, and the --spec one for every other host. */
interface ProbeSpecs {
  emulators: SpecEmulator[];
  fallback: FetchLike | undefined;
  describe: (url: string) => string | undefined;
}

/**
 * Spec emulators for the probes, built once per spec and reset for every tool: the toolkit's own spec
 * on its server origin, and the --spec (or found) description for every host no emulator answers on.
 */
function specEmulators(spec: OperationIndex | undefined, everyHost: boolean) {
  const built = new Map<OperationIndex, SpecEmulator>();
  const emulatorOf = (index: OperationIndex) => {
    let emulator = built.get(index);
    if (!emulator) {
      emulator = createSpecEmulator(index, { fillEmpty: true });
      built.set(index, emulator);
    }
    emulator.reset();
    return emulator;
  };
  return (toolkitSpec: OperationIndex | undefined): ProbeSpecs => {
    const main = spec ? emulatorOf(spec) : undefined;
    const own = toolkitSpec && toolkitSpec !== spec ? emulatorOf(toolkitSpec) : undefined;
    const emulators = [own, main].filter((emulator) => emulator !== undefined);
    const fallback = main && everyHost ? answerEveryHost(main) : undefined;
    const describe = (url: string) => {
      if (isEmbeddedOrigin(url)) return undefined;
      const answering =
        emulators.find((emulator) => sameOrigin(url, emulator.server.origin)) ??
        (everyHost ? main : undefined);
      return answering ? `spec emulator: ${answering.index.title}` : undefined;
    };
    return { emulators, fallback, describe };
  };
}

function isEmbeddedOrigin(url: string): boolean {
  return [EVENT_SERVICE_ORIGIN, FLOWISE_ORIGIN, ...TUTORIAL_EVENT_ORIGINS].some((origin) =>
    sameOrigin(url, origin),
  );
}

function isNamed(url: string, outbound: OutboundPolicy): boolean {
  try {
    return isNamedHost(new URL(url), outbound.allowedHosts);
  } catch {
    return false;
  }
}

function sameOrigin(url: string, origin: string | undefined): boolean {
  try {
    return origin !== undefined && new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/** --timeout: a positive whole number of milliseconds. */
function parseTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PROBE_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms <= 0)
    throw new ToolDeckError("usage", `--timeout must be a positive number of milliseconds, got '${value}'`);
  return ms;
}

/** --spec, else a description found among the paths, else the one in tools/ (the embedded event API). */
async function specFor(
  given: string | undefined,
  found: string[],
  read: Required<SpecReadOptions>,
  io: CliIo,
): Promise<OperationIndex | undefined> {
  const path =
    given ?? found[0] ?? (existsSync("tools") ? loadToolConfigs(["tools"], read).specs[0] : undefined);
  if (!path) {
    io.stderr(
      "note: no OpenAPI description given (--spec) or found: the rules that compare with it are skipped\n",
    );
    return undefined;
  }
  if (!given && found.length > 1)
    io.stderr(`note: several OpenAPI descriptions found, using ${path} (choose with --spec)\n`);
  return loadSpecIndex(path, read);
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

function render(report: CheckReport, format: (typeof FORMATS)[number], io: CliIo, showDocs: boolean): string {
  switch (format) {
    case "json":
      return formatJson(report);
    case "sarif":
      return formatSarif(report, {
        rules: [...DEFAULT_RULES, ...BUILT_IN_CHECKS].map((rule) => ({
          ...rule,
          helpUri: ruleDocsUrl(rule.id),
        })),
        version: packageVersion(),
      });
    case "junit":
      return formatJunit(report);
    case "github":
      return formatGithub(report, { readFile: readReportedFile });
    default:
      return formatStylish(report, {
        color: Boolean(io.isTTY?.stdout) && !io.env.NO_COLOR,
        ...(showDocs ? { docsUrl: ruleDocsUrl } : {}),
      });
  }
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
