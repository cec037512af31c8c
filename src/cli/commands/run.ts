import { statSync } from "node:fs";
import { extname } from "node:path";
import { expandGlob, globBase, isGlob } from "../../config/expand-glob.js";
import { listConfigFiles } from "../../config/list-config-files.js";
import { ToolDeckError } from "../../errors.js";
import { driftSpecPath } from "../../pipeline/run-suite/drift-spec-path.js";
import {
  defaultJobs,
  runScenarioFiles,
  type SuiteSetup,
} from "../../pipeline/run-suite/run-scenario-files.js";
import {
  scenarioDependencies,
  touchedScenarioFiles,
} from "../../pipeline/run-suite/scenario-dependencies.js";
import { parseShard, shardFiles } from "../../pipeline/run-suite/scenario-shard.js";
import { projectRoot, realRoots } from "../../project-files/project-root.js";
import { formatRunHtml } from "../../replay/format/format-run-html.js";
import { formatRunJunit } from "../../replay/format/format-run-junit.js";
import { formatEntryText, formatSummary } from "../../replay/format/format-run-text.js";
import { runEntryInProject } from "../../replay/format/run-entry-in-project.js";
import { formatRunJson, type RunEntry } from "../../replay/format/run-report.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { RUN_INFO } from "../help/run-help.js";
import { isCi } from "../is-ci.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { noteCodeNotRun, PROJECT_FLAGS, parseSandboxWorkers, specReadOptions } from "../tool-options.js";
import { watchAndRerun } from "../watch/watch-and-rerun.js";

const FORMATS = ["text", "json", "junit", "html"] as const;
type Format = (typeof FORMATS)[number];

export const runCommand: Command = {
  ...RUN_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("run", args, {
      update: { type: "boolean", default: false },
      "record-failing": { type: "boolean", default: false },
      ci: { type: "boolean", default: false },
      "allow-empty": { type: "boolean", default: false },
      format: { type: "string", default: "text" },
      spec: { type: "string" },
      "allow-code": { type: "boolean", default: false },
      "sandbox-workers": { type: "string" },
      shard: { type: "string" },
      jobs: { type: "string" },
      watch: { type: "boolean", default: false },
      ...PROJECT_FLAGS,
    });
    const paths = positionals.length > 0 ? positionals : ["scenarios/"];
    const format = parseFormat(values.format);
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    const jobs = values.jobs === undefined ? defaultJobs() : parseJobs(values.jobs);
    const read = specReadOptions(values, paths);
    const suite = () => {
      const files = scenarioFiles(paths, read.roots);
      if (files.length === 0 && !values["allow-empty"])
        throw new ToolDeckError("usage", `no scenarios found in ${paths.join(", ")}`);
      return shard ? shardFiles(files, shard) : files;
    };
    const setup: SuiteSetup = {
      options: {
        update: values.update,
        recordFailing: values["record-failing"],
        ci: values.ci || isCi(io.env),
        allowCode: values["allow-code"],
        read,
        env: io.env,
      },
      driftSpec: driftSpecPath(values.spec, read),
      jobs,
    };
    const sandboxWorkers = parseSandboxWorkers(values["sandbox-workers"]);
    if (sandboxWorkers !== undefined) setup.sandboxWorkers = sandboxWorkers;
    if (!values.watch) return report(await runSuite(suite(), setup, format, io), format, io);
    return watchAndRerun({
      command: "run",
      io,
      roots: read.roots,
      watch: [
        ...paths.map((path) => (isGlob(path) ? globBase(path) : path)),
        ...(setup.driftSpec ? [setup.driftSpec] : []),
      ],
      run: async (changed) => {
        const files = suite();
        const dependencies = scenarioDependencies(files, read.roots);
        const touched = changed ? (touchedScenarioFiles(changed, dependencies) ?? files) : files;
        const ran = await runSuite(touched, setup, format, io);
        report(ran, format, io);
        return {
          watch: dependencies.flatMap(({ reads }) => reads),
          written: ran.entries.flatMap(({ result }) =>
            result?.mode === "recorded" && result.cassette ? [result.cassette] : [],
          ),
        };
      },
    });
  },
};

/** The scenario runs of a suite, and whether a file was broken. */
interface SuiteRun {
  entries: RunEntry[];
  broken: boolean;
}

/** Runs the files; text prints each scenario as its file is done, other formats a progress line on stderr. */
async function runSuite(
  files: readonly string[],
  setup: SuiteSetup,
  format: Format,
  io: CliIo,
): Promise<SuiteRun> {
  const ran: SuiteRun = { entries: [], broken: false };
  await runScenarioFiles(files, setup, {
    signal: io.signal,
    onCodeNotRun: noteCodeNotRun(io),
    onRun: (index, run) => {
      if (format !== "text")
        io.stderr(`${toLineText(`[${index + 1}/${files.length}] ${files[index] ?? ""}`)}\n`);
      ran.broken ||= run.broken;
      ran.entries.push(...run.entries);
      if (format === "text")
        for (const entry of run.entries) io.stdout(`${formatEntryText(inProject(entry))}\n`);
    },
  });
  return ran;
}

/** The report in its format (text: the summary; the scenarios were printed as they ran), and the exit code. */
function report(run: SuiteRun, format: Format, io: CliIo): number {
  const { broken } = run;
  const entries = run.entries.map(inProject);
  const passed = entries.filter((entry) => entry.passed).length;
  const summary = formatSummary(passed, entries.length - passed);
  if (format === "json") io.stdout(formatRunJson({ entries }));
  else if (format === "junit") io.stdout(formatRunJunit({ entries }));
  else if (format === "html")
    io.stdout(formatRunHtml({ entries }, io.maskSecrets ? { mask: io.maskSecrets } : {}));
  if (format === "text") io.stdout(`\n${summary}\n`);
  else io.stderr(`${summary}\n`);
  if (broken) return EXIT.usage;
  return passed === entries.length ? EXIT.ok : EXIT.findings;
}

/** An entry as reports show it: its files named relative to the project's root. */
function inProject(entry: RunEntry): RunEntry {
  return runEntryInProject(entry, projectRoot());
}

/** `--jobs N`: a whole number of worker threads, at least 1. */
function parseJobs(value: string): number {
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1)
    throw new ToolDeckError("usage", `--jobs must be a whole number of workers, 1 or more, got '${value}'`);
  return jobs;
}

function parseFormat(value: string): Format {
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new ToolDeckError("usage", `--format must be text, json, junit or html, got '${value}'`);
}

/**
 * Named files as given; folders and patterns give their .yaml/.yml files (cassettes are .json, so they
 * are never taken for scenarios). A scenario symlinked out of the project is still listed, for its own
 * load to fail as its entry; a cassette so refused is its scenario's to report; a folder so refused
 * stops the run, as it names no scenario to fail.
 */
function scenarioFiles(paths: readonly string[], roots: readonly string[]): string[] {
  const isScenario = (file: string) => [".yaml", ".yml"].includes(extname(file));
  const isCassette = (file: string) => extname(file) === ".json";
  return paths.flatMap((path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    const refused: string[] = [];
    const listing = {
      roots: realRoots([...roots, stats ? path : globBase(path)]),
      onRefused: (file: string, message: string) => {
        if (isScenario(file)) refused.push(file);
        else if (!isCassette(file)) throw new ToolDeckError("load", `${file}: ${message}`);
      },
    };
    if (!stats && isGlob(path))
      return [...expandGlob(path, process.cwd(), listing).filter(isScenario), ...refused];
    if (!stats) throw new ToolDeckError("usage", `${path}: no such file or folder`);
    if (!stats.isDirectory()) return [path];
    return [...listConfigFiles(path, process.cwd(), listing).filter(isScenario), ...refused];
  });
}
