import { existsSync } from "node:fs";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ToolConfig } from "../config/tool-config.js";
import { loadSpecEmulator } from "../emulator/spec/load-spec-emulator.js";
import { createRecordedTrafficEmulator } from "../emulator/traffic/recorded-traffic-emulator.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { modelAgainstEmulator } from "../providers/emulator/agent-model-emulator.js";
import type { EmulatedProvider, ProviderJudge } from "../providers/emulator/provider-emulator-options.js";
import { flowiseHostOptions } from "../runtime/host-policy.js";
import { initModel } from "../runtime/langchain/init-model.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { resolveVariables } from "../runtime/variables.js";
import { readTrafficExchanges } from "../traffic/load-traffic.js";
import { type CallRecord, type CallSource, stepCallRecord } from "./call-record.js";
import { type Cassette, readCassette, writeCassette } from "./cassette.js";
import { type CassetteInputs, cassetteInputs, changedInputs, usedTools } from "./cassette-inputs.js";
import { checkExpectations, type Observed } from "./check-expectations.js";
import { createCallRedactor } from "./redact.js";
import { replayCassette, type ValidateCall } from "./replay-cassette.js";
import { type AgentRun, runAgent } from "./run-agent.js";
import type { Scenario } from "./scenario.js";
import { createScenarioEmulator, type ScenarioEmulator } from "./scenario-emulator.js";
import type { ScenarioResult } from "./scenario-result.js";
import { buildScenarioTools, type ScenarioTools } from "./scenario-tools.js";
import { scriptedModel } from "./scripted-model.js";
import { stateDigest } from "./state-digest.js";

/** How `runScenario` runs: record or replay, the emulator, the model for a real-model scenario, a call validator, whether Custom Code runs. */
export interface RunScenarioOptions extends SpecReadOptions {
  /** Run the model and re-record the cassette even when one exists (`tooldeck run --update`). */
  update?: boolean;
  /** Write the cassette after a live run. Default true (when the scenario has a cassette path). */
  record?: boolean;
  /**
   * Run the model and record a cassette that is not on disk yet. Default true; false (CI: `tooldeck run`
   * with `CI` set, or `--ci`) fails the scenario instead, as Polly.js' `recordIfMissing: false`.
   */
  recordIfMissing?: boolean;
  /**
   * Write the cassette of a first run (no cassette on disk yet) even when the scenario fails. Default
   * false: a failing first run records nothing, so the next run does not replay the failure as the truth.
   * `update` re-records whatever the outcome.
   */
  recordFailing?: boolean;
  /** A fresh emulator per run; default the embedded one with counted ids. */
  createEmulator?: () => ScenarioEmulator;
  /** Use this model instead of the scenario's (tests, custom providers). */
  model?: BaseChatModel;
  /**
   * The judge of a `model.via` scenario's provider emulator, given the provider it emulates; default the
   * provider gate's (`defaultJudge`).
   */
  providerJudge?: (provider: EmulatedProvider) => ProviderJudge;
  /** Where API keys and OPENAI_BASE_URL are read for `provider:model` scenarios; default process.env. */
  env?: Record<string, string | undefined>;
  /** Drift check of each recorded call against the current API description (see `ValidateCall`). */
  validateCall?: ValidateCall;
  signal?: AbortSignal;
  /** Run toolkits' Custom Code (in the sandbox); default false (see `ToolRuntimeOptions.allowCode`). */
  allowCode?: boolean;
  /** Told each toolkit whose Custom Code is set aside. */
  onCodeNotRun?: (toolkit: string) => void;
}

/**
 * Runs one scenario. With a cassette on disk (and no `update`) the recorded calls are replayed through the
 * current configs and runtime — no model — and every difference fails the scenario; otherwise the agent
 * runs (scripted or real model) between the HTTP node steps and the cassette is (re)written. Expectations
 * are checked either way. Throws only for broken setup (unloadable tools, a model that cannot be built).
 * @example
 * const [scenario] = loadScenarios("scenarios/update-event.yaml");
 * const result = await runScenario(scenario, { update: false });
 * if (!result.passed) console.log(result.failures.join("\n"), result.diff.join("\n"));
 */
export async function runScenario(
  scenario: Scenario,
  options: RunScenarioOptions = {},
): Promise<ScenarioResult> {
  const emulator = options.createEmulator
    ? options.createEmulator()
    : await scenarioEmulator(scenario, options);
  const runtime: ToolRuntimeOptions = {
    profile: scenario.profile,
    fetch: emulator.fetch,
    vars: { ...emulator.vars, ...scenario.vars },
    now: () => scenario.now,
    question: scenario.messages.at(-1) ?? "",
    varsFrom: "scenario",
  };
  if (emulator.resolveHost) runtime.resolveHost = emulator.resolveHost;
  if (options.allowCode) runtime.allowCode = true;
  if (options.roots) runtime.roots = options.roots;
  if (options.allowRemoteRefs) runtime.allowRemoteRefs = true;
  if (options.onCodeNotRun) runtime.onCodeNotRun = options.onCodeNotRun;
  Object.assign(runtime, flowiseHostOptions(options.env ?? process.env));
  const tools = await buildScenarioTools(scenario, runtime);
  const system = resolveSystem(scenario.system, runtime);
  const base = {
    name: scenario.name,
    profile: scenario.profile,
    diff: [] as string[],
    drift: [] as string[],
  };
  const onDisk = scenario.cassette !== undefined && existsSync(scenario.cassette);
  const inputs = cassetteInputs(scenario, tools.configs, runtime.roots);
  const context: RunContext = { scenario, tools, emulator, runtime, system, options, inputs };
  const missing = scenario.cassette !== undefined && !onDisk && options.recordIfMissing === false;
  const run =
    missing && !options.update
      ? notRun(emulator)
      : onDisk && !options.update
        ? await replayRun(readCassette(scenario.cassette as string), context)
        : await liveRun(context);
  const failures =
    run.mode === "missing"
      ? run.failures
      : [
          ...run.failures,
          ...unknownTools(run.observed.calls, tools.agent),
          ...checkExpectations(run.observed, scenario.expect),
        ];
  const mode = run.cassette ? keepCassette(run.cassette, failures, { scenario, options, onDisk }) : run.mode;
  const result: ScenarioResult = {
    ...base,
    ...run.extra,
    mode,
    passed: failures.length === 0,
    failures,
    calls: [...run.observed.calls],
    answer: run.observed.answer,
    state: run.observed.state,
  };
  if (scenario.file) result.file = scenario.file;
  if (system !== undefined) result.system = system;
  if (scenario.cassette) result.cassette = scenario.cassette;
  return result;
}

/** The embedded emulators, and the scenario's spec emulator or recorded traffic, fresh for this run. */
async function scenarioEmulator(scenario: Scenario, read: SpecReadOptions): Promise<ScenarioEmulator> {
  const files = scenario.emulator;
  if (!files) return createScenarioEmulator();
  if ("traffic" in files) {
    const { exchanges } = readTrafficExchanges(files.traffic, process.cwd(), read.roots);
    return createScenarioEmulator(undefined, createRecordedTrafficEmulator(exchanges));
  }
  return createScenarioEmulator(await scenarioSpecEmulator(files, read));
}

/** The scenario's spec emulator, read from its files within the project (docs/spec-emulator.md). */
function scenarioSpecEmulator(files: { spec: string; seed?: string }, read: SpecReadOptions) {
  return loadSpecEmulator(files.spec, {
    ...(files.seed ? { seed: files.seed } : {}),
    ...(read.roots ? { roots: read.roots } : {}),
    ...(read.allowRemoteRefs ? { allowRemoteRefs: true } : {}),
  });
}

/** Everything one run of a scenario works with. */
interface RunContext {
  scenario: Scenario;
  tools: ScenarioTools;
  emulator: ScenarioEmulator;
  runtime: ToolRuntimeOptions;
  /** The system prompt, variables resolved. */
  system: string | undefined;
  options: RunScenarioOptions;
  /** Digests of what produces the cassette besides messages, system prompt and profile. */
  inputs: CassetteInputs;
}

interface Run {
  mode: ScenarioResult["mode"];
  observed: Observed;
  failures: string[];
  extra?: { diff: string[]; drift: string[] };
  /** A live run's cassette, written once the run is judged (`keepCassette`). */
  cassette?: Cassette;
}

/**
 * Writes a live run's cassette, unless this was a first run (no cassette on disk, no `update`) that
 * failed and `recordFailing` is off: then it says so among the failures, and the run stays live.
 */
function keepCassette(
  cassette: Cassette,
  failures: string[],
  { scenario, options, onDisk }: { scenario: Scenario; options: RunScenarioOptions; onDisk: boolean },
): ScenarioResult["mode"] {
  const firstRun = !onDisk && !options.update;
  if (failures.length > 0 && firstRun && !options.recordFailing) {
    failures.push(NOT_RECORDED);
    return "live";
  }
  writeCassette(scenario.cassette as string, cassette);
  return "recorded";
}

/** Why a failing first run left no cassette. */
export const NOT_RECORDED =
  "no cassette written: the first run failed (record it anyway with --record-failing)";

/** `{{current_date_time}}` (the pinned clock), `{{question}}` and `{{$vars.x}}` in the system prompt. */
function resolveSystem(system: string | undefined, runtime: ToolRuntimeOptions): string | undefined {
  if (system === undefined) return undefined;
  const resolved = resolveVariables(system, runtime, { keepUnknown: true });
  return resolved.ok ? resolved.text : system;
}

/** CI never records: a cassette that is not there fails the scenario, and nothing runs. */
function notRun(emulator: ScenarioEmulator): Run {
  return {
    mode: "missing",
    observed: { calls: [], answer: "", state: emulator.snapshot() },
    failures: [NO_CASSETTE],
  };
}

/** Why a scenario fails in CI when its cassette was never recorded. */
export const NO_CASSETTE = "no cassette: run tooldeck run --update locally";

/**
 * A call to a tool the scenario does not have fails it, `expect:` or not: LangChain only tells the model
 * (`Tool "x" not found`), so a script naming a renamed tool would otherwise replay green.
 */
function unknownTools(calls: readonly CallRecord[], agent: readonly ExecutableTool[]): string[] {
  const names = new Set(agent.map((tool) => tool.name));
  const known = [...names].join(", ") || "none";
  return calls.flatMap((call, index) =>
    call.source === "agent" && !names.has(call.tool)
      ? [
          `call ${index + 1}: the model called '${call.tool}', which is not one of the scenario's tools (${known})`,
        ]
      : [],
  );
}

async function liveRun({
  scenario,
  tools,
  emulator,
  runtime,
  system,
  options,
  inputs,
}: RunContext): Promise<Run> {
  const vars = runtime.vars ?? {};
  const before = await runSteps(tools.before, "before", emulator);
  const chosen = options.model
    ? { model: options.model }
    : await chooseModel(scenario, options.env ?? process.env, options.providerJudge);
  const model = chosen.model;
  let agent: Pick<AgentRun, "calls" | "answer">;
  try {
    agent = await runAgent({
      model,
      tools: tools.agent,
      messages: scenario.messages,
      snapshot: () => emulator.snapshot(),
      recursionLimit: recursionLimit(scenario),
      ...(system !== undefined ? { system } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    // The model failed mid-run (a provider error, a script too short): a failed scenario, nothing recorded.
    const failure = `agent: ${(error as Error).message.split("\n")[0]}`;
    return {
      mode: "live",
      observed: { calls: before, answer: "", state: emulator.snapshot() },
      failures: [failure],
    };
  } finally {
    await chosen.close?.();
  }
  const after = await runSteps(tools.after, "after", emulator);
  const calls = [...before, ...agent.calls, ...after].map(
    createCallRedactor(vars, { configs: tools.configs }),
  );
  const state = emulator.snapshot();
  const record = scenario.cassette !== undefined && options.record !== false;
  return {
    mode: "live",
    observed: { calls, answer: agent.answer, state },
    failures: failedSteps(calls),
    ...(record ? { cassette: toCassette(scenario, { system, inputs }, calls, agent.answer, state) } : {}),
  };
}

function toCassette(
  scenario: Scenario,
  { system, inputs }: { system: string | undefined; inputs: CassetteInputs },
  calls: CallRecord[],
  answer: string,
  state: unknown,
): Cassette {
  const cassette: Cassette = {
    version: 1,
    scenario: scenario.name,
    profile: scenario.profile,
    messages: [...scenario.messages],
    inputs,
    calls,
    answer,
    stateDigest: stateDigest(state),
  };
  if (system !== undefined) cassette.system = system;
  if (scenario.providerStates) cassette.providerStates = [...scenario.providerStates];
  return cassette;
}

async function replayRun(
  cassette: Cassette,
  { scenario, tools, emulator, runtime, system, options, inputs }: RunContext,
): Promise<Run> {
  const replayed = await replayCassette(cassette, {
    tools,
    snapshot: () => emulator.snapshot(),
    vars: runtime.vars ?? {},
    ...(options.validateCall ? { validateCall: options.validateCall } : {}),
  });
  const failures = staleCassette(cassette, { scenario, system, inputs, configs: tools.configs });
  if (replayed.diff.length > 0) failures.push("the replay differs from the cassette (see the diff)");
  return {
    mode: "replayed",
    observed: { calls: replayed.calls, answer: cassette.answer, state: emulator.snapshot() },
    failures: [...failures, ...failedSteps(replayed.calls)],
    extra: { diff: replayed.diff, drift: replayed.drift },
  };
}

/**
 * A cassette recorded from anything else than what the scenario is now (messages, system prompt, profile,
 * model, expectations, the config of a tool it calls, vars) no longer pins it: `stale cassette (tool x
 * changed): …`. A tool the scenario is given but never calls may change: docs/scenarios.md says "each
 * tool config used".
 */
function staleCassette(
  cassette: Cassette,
  current: {
    scenario: Scenario;
    system: string | undefined;
    inputs: CassetteInputs;
    configs: readonly ToolConfig[];
  },
): string[] {
  const { scenario } = current;
  const changed = changedInputs(cassette, {
    messages: scenario.messages,
    system: current.system,
    profile: scenario.profile,
    inputs: current.inputs,
    scripted: typeof scenario.model !== "string",
    used: usedTools(
      cassette.calls.map((call) => call.tool),
      current.configs,
    ),
  });
  if (changed.length === 0) return [];
  return [`stale cassette (${changed.join(", ")} changed): run tooldeck run --update locally`];
}

async function runSteps(steps: readonly ExecutableTool[], source: CallSource, emulator: ScenarioEmulator) {
  const calls: CallRecord[] = [];
  for (const step of steps) {
    const result = await step.invoke({});
    calls.push(stepCallRecord(source, step.name, result, stateDigest(emulator.snapshot())));
  }
  return calls;
}

function failedSteps(calls: readonly CallRecord[]): string[] {
  return calls
    .filter((call) => call.source !== "agent" && !call.ok)
    .map((call) => `${call.source} step ${call.tool} failed: ${call.output}`);
}

/** LangGraph counts two steps per model turn: a long script must not hit the default limit of 25. */
function recursionLimit(scenario: Scenario): number {
  return typeof scenario.model === "string" ? 25 : Math.max(25, 2 * scenario.model.scripted.length + 5);
}

/** The scenario's model, and how to stop the provider emulator a `via` model talks to. */
async function chooseModel(
  scenario: Scenario,
  env: Record<string, string | undefined>,
  judge: ((provider: EmulatedProvider) => ProviderJudge) | undefined,
): Promise<{ model: BaseChatModel; close?: () => Promise<void> }> {
  if (typeof scenario.model === "string") return { model: await initModel(scenario.model, env) };
  if (scenario.model.via === undefined) return { model: scriptedModel(scenario.model.scripted) };
  return modelAgainstEmulator(scenario.model.via, scenario.model.scripted, judge);
}
