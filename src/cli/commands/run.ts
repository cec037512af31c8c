import { existsSync, statSync } from "node:fs";
import { extname } from "node:path";
import { expandGlob, globBase, isGlob } from "../../config/expand-glob.js";
import { listConfigFiles } from "../../config/list-config-files.js";
import { loadToolConfigs } from "../../config/load-tool-configs.js";
import { ToolDeckError } from "../../errors.js";
import { loadSpecIndex } from "../../lint/load-check-inputs.js";
import { specDrift } from "../../lint/probe/judge-exchange.js";
import type { SpecReadOptions } from "../../openapi/spec-read-options.js";
import { realRoots } from "../../project-files/project-root.js";
import { formatRunJunit } from "../../replay/format/format-run-junit.js";
import { formatBrokenText, formatScenarioText, formatSummary } from "../../replay/format/format-run-text.js";
import { formatRunJson, type RunEntry, toRunEntry } from "../../replay/format/run-report.js";
import { loadScenarios } from "../../replay/load-scenarios.js";
import type { ValidateCall } from "../../replay/replay-cassette.js";
import { type RunScenarioOptions, runScenario } from "../../replay/run-scenario.js";
import type { Scenario } from "../../replay/scenario.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { RUN_INFO } from "../help/run-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { noteCodeNotRun, PROJECT_FLAGS, specReadOptions } from "../tool-options.js";

const FORMATS = ["text", "json", "junit"] as const;
type Format = (typeof FORMATS)[number];

export const runCommand: Command = {
  ...RUN_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("run", args, {
      update: { type: "boolean", default: false },
      ci: { type: "boolean", default: false },
      "allow-empty": { type: "boolean", default: false },
      format: { type: "string", default: "text" },
      spec: { type: "string" },
      "allow-code": { type: "boolean", default: false },
      ...PROJECT_FLAGS,
    });
    const paths = positionals.length > 0 ? positionals : ["scenarios/"];
    const read = specReadOptions(values, paths);
    const validateCall = await driftValidator(values.spec, read);
    const allowCode = { allowCode: values["allow-code"], onCodeNotRun: noteCodeNotRun(io) };
    const format = parseFormat(values.format);
    const files = scenarioFiles(paths, read.roots);
    if (files.length === 0 && !values["allow-empty"])
      throw new ToolDeckError("usage", `no scenarios found in ${paths.join(", ")}`);
    const entries: RunEntry[] = [];
    let broken = false;
    for (const [index, file] of files.entries()) {
      const progress = `[${index + 1}/${files.length}] ${file}`;
      if (format !== "text") io.stderr(`${toLineText(progress)}\n`);
      const ran = await runFile(
        file,
        { update: values.update, ci: values.ci || isCi(io.env), validateCall, allowCode, read },
        io,
      );
      broken ||= ran.broken;
      for (const entry of ran.entries) {
        entries.push(entry);
        if (format === "text")
          io.stdout(
            `${entry.result ? formatScenarioText(entry.result) : formatBrokenText(file, entry.lines[0] ?? "")}\n`,
          );
      }
    }
    const passed = entries.filter((entry) => entry.passed).length;
    const summary = formatSummary(passed, entries.length - passed);
    if (format === "json") io.stdout(formatRunJson({ entries }));
    else if (format === "junit") io.stdout(formatRunJunit({ entries }));
    if (format === "text") io.stdout(`\n${summary}\n`);
    else io.stderr(`${summary}\n`);
    if (broken) return EXIT.usage;
    return passed === entries.length ? EXIT.ok : EXIT.findings;
  },
};

/** `CI` set as CI services set it (`true`, `1`, a name); empty, `0` and `false` mean not CI. */
function isCi(env: Record<string, string | undefined>): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

function parseFormat(value: string): Format {
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new ToolDeckError("usage", `--format must be text, json or junit, got '${value}'`);
}

/**
 * Named files as given; folders and patterns give their .yaml/.yml files (cassettes are .json, so they
 * are never taken for scenarios).
 */
function scenarioFiles(paths: readonly string[], roots: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    const listing = {
      roots: realRoots([...roots, stats ? path : globBase(path)]),
      onRefused: (file: string, message: string) => {
        throw new ToolDeckError("load", `${file}: ${message}`);
      },
    };
    const isScenario = (file: string) => [".yaml", ".yml"].includes(extname(file));
    if (!stats && isGlob(path)) return expandGlob(path, process.cwd(), listing).filter(isScenario);
    if (!stats) throw new ToolDeckError("usage", `${path}: no such file or folder`);
    if (!stats.isDirectory()) return [path];
    return listConfigFiles(path, process.cwd(), listing).filter(isScenario);
  });
}

/**
 * Drift: each recorded call checked against the OpenAPI description (--spec, else the one in tools/):
 * a request that is no operation, a body or answer off its schema, an undocumented status.
 */
async function driftValidator(
  given: string | undefined,
  read: Required<SpecReadOptions>,
): Promise<ValidateCall | undefined> {
  const path = given ?? (existsSync("tools") ? loadToolConfigs(["tools"], read).specs[0] : undefined);
  if (!path) return undefined;
  const spec = await loadSpecIndex(path, read);
  return (call) => (call.request ? specDrift(call.request, call.response, spec) : undefined);
}

async function runFile(
  file: string,
  options: {
    update: boolean;
    ci: boolean;
    validateCall: ValidateCall | undefined;
    allowCode: Pick<RunScenarioOptions, "allowCode" | "onCodeNotRun">;
    read: Required<SpecReadOptions>;
  },
  io: CliIo,
): Promise<{ entries: RunEntry[]; broken: boolean }> {
  let scenarios: Scenario[];
  try {
    scenarios = loadScenarios(file, { roots: options.read.roots });
  } catch (error) {
    return { entries: [brokenEntry(file, file, error)], broken: true };
  }
  const entries: RunEntry[] = [];
  let broken = false;
  for (const scenario of scenarios) {
    // One controller per scenario: LangGraph leaves a listener on the signal it is given.
    const controller = new AbortController();
    const abort = () => controller.abort(io.signal.reason);
    io.signal.addEventListener("abort", abort, { once: true });
    try {
      entries.push(
        toRunEntry(
          await runScenario(scenario, {
            update: options.update,
            recordIfMissing: !options.ci,
            env: io.env,
            signal: controller.signal,
            ...options.allowCode,
            ...options.read,
            ...(options.validateCall ? { validateCall: options.validateCall } : {}),
          }),
        ),
      );
    } catch (error) {
      entries.push(brokenEntry(file, `${scenario.name} [${scenario.profile}]`, error));
      broken ||= error instanceof ToolDeckError;
    } finally {
      io.signal.removeEventListener("abort", abort);
    }
  }
  return { entries, broken };
}

function brokenEntry(file: string, name: string, error: unknown): RunEntry {
  const message =
    error instanceof ToolDeckError ? error.message : `internal error: ${(error as Error).message}`;
  return {
    file,
    name,
    passed: false,
    lines: [message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message],
  };
}
