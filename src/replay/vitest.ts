// Every platform, loaded with the entry: its calls find them all, synchronously (all-platforms.ts).
import "../platforms/all-platforms.js";
// Resolves vitest for the augmentation below; erased at runtime, so tooldeck never loads vitest itself.
import type {} from "vitest";
import type { CallRecord } from "./call-record.js";
import { matchArgs } from "./match-args.js";
import { type RunScenarioOptions, runScenario } from "./run-scenario.js";
import type { Scenario } from "./scenario.js";
import type { ScenarioResult } from "./scenario-result.js";

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** The matchers `scenarioMatchers` adds to vitest's `expect`. */
export interface ScenarioMatchers<R = unknown> {
  /** Some agent call used this tool; with `args`, its arguments contain them (subset match). */
  toHaveCalledTool(tool: string, args?: unknown): R;
  /** Exactly `times` agent calls used this tool. */
  toHaveCalledToolTimes(tool: string, times: number): R;
  /** Every expectation held and the replay matched its cassette; the message lists what did not. */
  toHavePassed(): R;
}

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: must match vitest's own declaration to merge
  interface Matchers<T = any> extends ScenarioMatchers<T> {}
}

function agentCalls(result: ScenarioResult): CallRecord[] {
  return result.calls.filter((call) => call.source === "agent");
}

function listCalls(result: ScenarioResult): string {
  const calls = agentCalls(result).map((call) => `${call.tool} ${JSON.stringify(call.args)}`);
  return calls.length > 0 ? calls.join("; ") : "no calls";
}

/**
 * Vitest matchers for `runScenario()` results, for users' own suites.
 * @example
 * import { expect } from "vitest";
 * import { scenarioMatchers } from "tooldeck/vitest";
 * expect.extend(scenarioMatchers);
 * expect(await runScenario(scenario)).toHaveCalledTool("update_event", { queryParams: { id: "1" } });
 */
export const scenarioMatchers = {
  toHaveCalledTool(received: ScenarioResult, tool: string, args?: unknown): MatcherResult {
    const pass = agentCalls(received).some(
      (call) => call.tool === tool && (args === undefined || matchArgs(args, call.args, "subset")),
    );
    const what = args === undefined ? tool : `${tool} with ${JSON.stringify(args)}`;
    return {
      pass,
      message: () =>
        pass
          ? `expected no call of ${what}, got ${listCalls(received)}`
          : `expected a call of ${what}, got ${listCalls(received)}`,
    };
  },
  toHaveCalledToolTimes(received: ScenarioResult, tool: string, times: number): MatcherResult {
    const count = agentCalls(received).filter((call) => call.tool === tool).length;
    return {
      pass: count === times,
      message: () => `expected ${tool} to be called ${times} times, it was called ${count} times`,
    };
  },
  toHavePassed(received: ScenarioResult): MatcherResult {
    return {
      pass: received.passed,
      message: () =>
        received.passed
          ? `expected scenario ${received.name} to fail, it passed`
          : [`scenario ${received.name} failed:`, ...received.failures, ...received.diff].join("\n"),
    };
  },
};

/** What vitest's `expect.getState()` tells of snapshots: `all` under `vitest -u`. */
interface SnapshotUpdateSource {
  getState(): { snapshotState?: { snapshotUpdateState?: string } | undefined };
}

/**
 * Whether vitest runs in update mode (`vitest -u`, or `u` in watch mode): its snapshot state says `all`.
 * @example
 * whetherVitestUpdates(expect); // true under `vitest -u`
 */
export function whetherVitestUpdates(expect: SnapshotUpdateSource): boolean {
  return expect.getState().snapshotState?.snapshotUpdateState === "all";
}

/**
 * `runScenario` for a vitest suite: under `vitest -u` the scenario's cassette is recorded again, as
 * vitest rewrites snapshots (`options.update` still decides when given). vitest is read from the suite
 * running this, never loaded by tooldeck itself.
 * @example
 * const [scenario] = loadScenarios("scenarios/update-event.yaml");
 * expect(await runScenarioInVitest(scenario)).toHavePassed();
 */
export async function runScenarioInVitest(
  scenario: Scenario,
  options: RunScenarioOptions = {},
): Promise<ScenarioResult> {
  const update = options.update ?? whetherVitestUpdates((await import("vitest")).expect);
  return runScenario(scenario, { ...options, update });
}
