import { toLangChainTools } from "../runtime/langchain/to-langchain-tools.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { type CallRecord, stepCallRecord } from "./call-record.js";
import type { Cassette } from "./cassette.js";
import { diffCall } from "./diff-calls.js";
import { invokeLikeToolNode } from "./invoke-like-tool-node.js";
import { createCallRedactor } from "./redact.js";
import { toCallRecord } from "./run-agent.js";
import type { ScenarioTools } from "./scenario-tools.js";
import { stateDigest } from "./state-digest.js";

/**
 * Judges a recorded call against the current API description; returns why it no longer fits (drift), or
 * nothing. The seam the OpenAPI loader plugs into.
 */
export type ValidateCall = (
  call: CallRecord,
) => string | readonly string[] | undefined | Promise<string | readonly string[] | undefined>;

/** What a replay runs the cassette's calls through: the tools, the emulator's state, the variables, a call validator. */
export interface ReplayOptions {
  /** The scenario's tools as the current configs and runtime build them. */
  tools: ScenarioTools;
  /** The emulator's state, fresh from its seed when the replay starts. */
  snapshot: () => unknown;
  /** The variables the tools run with: secret ones are redacted from the replayed calls as when recording (the tools' configs say which, with their names). */
  vars: Record<string, string>;
  validateCall?: ValidateCall;
}

/** A replay's calls, how they differ from the cassette's, and what the call validator said of them. */
export interface ReplayResult {
  /** The calls as they ran now, redacted like the cassette's. */
  calls: CallRecord[];
  /** Every difference from the cassette, as `-`/`+` lines under a `call N tool (source):` header. */
  diff: string[];
  /** Recorded calls that no longer validate (`validateCall`). */
  drift: string[];
}

/**
 * Replays a cassette's calls, in order, through the current configs and runtime — no model — and reports
 * every difference from the recording. Agent calls go through the same LangChain tools (and error
 * wording) as in the agent; HTTP node steps run again by name.
 * @example
 * const emulator = createScenarioEmulator();
 * const result = await replayCassette(readCassette(path), { tools, snapshot: emulator.snapshot, vars });
 * for (const line of result.diff) console.log(line);
 */
export async function replayCassette(cassette: Cassette, options: ReplayOptions): Promise<ReplayResult> {
  const agentTools = toLangChainTools(options.tools.agent);
  const calls: CallRecord[] = [];
  const diff: string[] = [];
  const redact = createCallRedactor(options.vars, { configs: options.tools.configs });
  for (const [index, recorded] of cassette.calls.entries()) {
    const replayed = redact(await replayOne(recorded, index, agentTools, options));
    calls.push(replayed);
    // The recording redacted as now: a cassette written before a name joined the list compares alike.
    diff.push(...diffCall(index, redact(recorded as CallRecord), replayed));
  }
  const endDigest = stateDigest(options.snapshot());
  if (diff.length === 0 && endDigest !== cassette.stateDigest) {
    diff.push("end state:", `  - ${cassette.stateDigest}`, `  + ${endDigest}`);
  }
  return { calls, diff, drift: await findDrift(cassette, options.validateCall) };
}

async function replayOne(
  recorded: Cassette["calls"][number],
  index: number,
  agentTools: ReturnType<typeof toLangChainTools>,
  options: ReplayOptions,
): Promise<CallRecord> {
  if (recorded.source !== "agent") {
    const step = findStep(options.tools[recorded.source], recorded.tool);
    const result = step
      ? await step.invoke({})
      : { ok: false, output: `no HTTP node named '${recorded.tool}' ${recorded.source} the agent any more` };
    return stepCallRecord(recorded.source, recorded.tool, result, stateDigest(options.snapshot()));
  }
  const message = await invokeLikeToolNode(agentTools, {
    id: `replay_${index + 1}`,
    name: recorded.tool,
    args: recorded.args,
  });
  return toCallRecord(recorded.tool, recorded.args, message, stateDigest(options.snapshot()));
}

function findStep(steps: readonly ExecutableTool[], name: string): ExecutableTool | undefined {
  return steps.find((step) => step.name === name);
}

async function findDrift(cassette: Cassette, validate: ValidateCall | undefined): Promise<string[]> {
  if (!validate) return [];
  const drift: string[] = [];
  for (const [index, call] of cassette.calls.entries()) {
    const problems = await validate(call as CallRecord);
    const list = typeof problems === "string" ? [problems] : (problems ?? []);
    for (const problem of list) drift.push(`call ${index + 1} ${call.tool}: ${problem}`);
  }
  return drift;
}
