import { ToolDeckError } from "../../errors.js";
import type { SpecReadOptions } from "../../openapi/spec-read-options.js";
import { type RunEntry, toRunEntry } from "../../replay/format/run-report.js";
import { loadScenarios } from "../../replay/load-scenarios.js";
import type { ValidateCall } from "../../replay/replay-cassette.js";
import { runScenario } from "../../replay/run-scenario.js";
import type { Scenario } from "../../replay/scenario.js";
import { brokenEntry } from "./broken-entry.js";

/** How `tooldeck run` runs each scenario file (its flags, as options). */
export interface ScenarioFileOptions {
  /** Run the models again and re-record every cassette (`--update`). */
  update: boolean;
  /** Write a failing first run's cassette too (`--record-failing`). */
  recordFailing?: boolean;
  /** Never record: a missing cassette fails the scenario (`--ci`, or `CI` set). */
  ci: boolean;
  /** Run toolkits' Custom Code (`--allow-code`). */
  allowCode: boolean;
  /** This thread's sandbox workers (its lane's share of `--sandbox-workers`); default one per core. */
  sandboxWorkers?: number;
  read: Required<SpecReadOptions>;
  /** Where API keys and OPENAI_BASE_URL are read for `provider:model` scenarios. */
  env: Record<string, string | undefined>;
}

/** The scenario runs of one file, and whether it was broken (a load error: exit 2). */
export interface FileRun {
  entries: RunEntry[];
  broken: boolean;
}

/** What a file's run is given besides the options: drift checks, cancellation, notes. */
export interface ScenarioFileContext {
  validateCall?: ValidateCall | undefined;
  signal: AbortSignal;
  /** Told each toolkit whose Custom Code is set aside. */
  onCodeNotRun: (toolkit: string) => void;
}

/**
 * Runs every scenario of one file (one per profile it names) in order. A file that cannot be loaded, or
 * a scenario whose setup is broken, is an entry with its error: the others still run.
 */
export async function runScenarioFile(
  file: string,
  options: ScenarioFileOptions,
  context: ScenarioFileContext,
): Promise<FileRun> {
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
    const abort = () => controller.abort(context.signal.reason);
    context.signal.addEventListener("abort", abort, { once: true });
    try {
      const result = await runScenario(scenario, {
        update: options.update,
        recordIfMissing: !options.ci,
        recordFailing: options.recordFailing === true,
        env: options.env,
        signal: controller.signal,
        allowCode: options.allowCode,
        onCodeNotRun: context.onCodeNotRun,
        ...options.read,
        ...(context.validateCall ? { validateCall: context.validateCall } : {}),
      });
      entries.push(toRunEntry(result));
    } catch (error) {
      entries.push(brokenEntry(file, `${scenario.name} [${scenario.profile}]`, error));
      broken ||= error instanceof ToolDeckError;
    } finally {
      context.signal.removeEventListener("abort", abort);
    }
  }
  return { entries, broken };
}
