import type { CallRecord } from "./call-record.js";
import { checkAnswer } from "./check-answer.js";
import { checkState } from "./check-state.js";
import { checkTrajectory } from "./check-trajectory.js";
import type { Expectations } from "./scenario-schema.js";

/** What expectations are checked against: the calls, the final answer and the end state. */
export interface Observed {
  calls: readonly CallRecord[];
  answer: string;
  state: Record<string, unknown>;
}

/**
 * Every expectation of a scenario, checked; one line per failure (empty = passed). Trajectory expectations
 * concern the agent's calls; HTTP node steps are checked through the state they leave.
 * @example
 * const failures = checkExpectations({ calls, answer, state: emulator.snapshot() }, scenario.expect);
 */
export function checkExpectations(observed: Observed, expectations: Expectations): string[] {
  const agentCalls = observed.calls.filter((call) => call.source === "agent");
  return [
    ...(expectations.calls
      ? checkTrajectory(agentCalls, expectations.calls, expectations.trajectory, expectations.args)
      : []),
    ...(expectations.state ? checkState(observed.state, expectations.state) : []),
    ...(expectations.answer ? checkAnswer(observed.answer, expectations.answer) : []),
  ];
}
