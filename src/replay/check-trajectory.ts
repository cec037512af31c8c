import type { CallRecord } from "./call-record.js";
import { describeCall, describeStatus } from "./describe-call.js";
import { matchArgs } from "./match-args.js";
import type { ArgsMatch, ExpectedCall, TrajectoryMode } from "./scenario-schema.js";

/**
 * Checks the agent's calls against the expected ones under a trajectory mode, then each paired call's
 * outcome and status. Returns one line per failure.
 */
export function checkTrajectory(
  actual: readonly CallRecord[],
  expected: readonly ExpectedCall[],
  mode: TrajectoryMode,
  defaultMatch: ArgsMatch,
): string[] {
  const matches = (want: ExpectedCall, call: CallRecord) =>
    want.tool === call.tool &&
    (want.args === undefined || matchArgs(want.args, call.args, want.match ?? defaultMatch));
  if (mode === "strict") return checkStrict(actual, expected, matches);
  const pairs = pairCalls(actual, expected, matches);
  const failures: string[] = [];
  if (mode !== "subset") {
    for (const [index, want] of expected.entries()) {
      if (!pairs.has(index))
        failures.push(`calls: expected call ${describeCall(want)} was not made (${mode})`);
    }
  }
  if (mode !== "superset") {
    const used = new Set(pairs.values());
    for (const [index, call] of actual.entries()) {
      if (!used.has(index)) failures.push(`calls: unexpected call ${describeCall(call)} (${mode})`);
    }
  }
  for (const [wantIndex, callIndex] of pairs) {
    const want = expected[wantIndex];
    const call = actual[callIndex];
    if (want && call) failures.push(...checkOutcome(`calls[${callIndex}] ${call.tool}`, want, call));
  }
  return failures;
}

type Matcher = (want: ExpectedCall, call: CallRecord) => boolean;

function checkStrict(
  actual: readonly CallRecord[],
  expected: readonly ExpectedCall[],
  matches: Matcher,
): string[] {
  const failures: string[] = [];
  if (actual.length !== expected.length) {
    const made = actual.map((call) => call.tool).join(", ") || "none";
    failures.push(`calls: expected ${expected.length} calls (strict), got ${actual.length}: ${made}`);
  }
  expected.forEach((want, index) => {
    const call = actual[index];
    if (!call) return;
    if (call.tool !== want.tool) failures.push(`calls[${index}]: expected ${want.tool}, got ${call.tool}`);
    else if (!matches(want, call)) {
      failures.push(
        `calls[${index}] ${call.tool}: expected args ${JSON.stringify(want.args)}, got ${JSON.stringify(call.args)}`,
      );
    } else failures.push(...checkOutcome(`calls[${index}] ${call.tool}`, want, call));
  });
  return failures;
}

/** Expected index → actual index, each actual call used once, first fit in order. */
function pairCalls(actual: readonly CallRecord[], expected: readonly ExpectedCall[], matches: Matcher) {
  const pairs = new Map<number, number>();
  const used = new Set<number>();
  expected.forEach((want, wantIndex) => {
    const callIndex = actual.findIndex((call, index) => !used.has(index) && matches(want, call));
    if (callIndex < 0) return;
    used.add(callIndex);
    pairs.set(wantIndex, callIndex);
  });
  return pairs;
}

function checkOutcome(where: string, want: ExpectedCall, call: CallRecord): string[] {
  const failures: string[] = [];
  const outcome = call.ok ? "ok" : "error";
  if (want.outcome && want.outcome !== outcome) {
    failures.push(
      `${where}: expected outcome ${want.outcome}, got ${outcome} (${describeStatus(call)}): ${call.output.slice(0, 200)}`,
    );
  }
  if (want.status !== undefined && call.response?.status !== want.status) {
    failures.push(`${where}: expected HTTP ${want.status}, got ${describeStatus(call)}`);
  }
  return failures;
}
