import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { NOT_RECORDED, runScenario } from "../../src/replay/run-scenario.js";
import type { Scenario } from "../../src/replay/scenario.js";
import { DEFAULT_SCENARIO_NOW } from "../../src/replay/scenario-schema.js";
import { runScenarioInVitest, whetherVitestUpdates } from "../../src/replay/vitest.js";

/** The tutorial's tools in a folder of their own, to edit; a scenario that calls get_events only. */
function project(): { dir: string; scenario: Scenario } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-stale-"));
  cpSync(packagePath("tools", "request-tools.yaml"), join(dir, "request-tools.yaml"));
  const scenario: Scenario = {
    name: "list",
    profile: "standard",
    tools: [join(dir, "request-tools.yaml")],
    vars: {},
    now: new Date(DEFAULT_SCENARIO_NOW),
    messages: ["list the events"],
    model: { scripted: [{ calls: [{ tool: "get_events", args: {} }] }, { answer: "Five events." }] },
    before: [],
    after: [],
    expect: { trajectory: "strict", args: "exact", calls: [{ tool: "get_events" }] },
    cassette: join(dir, "list.standard.cassette.json"),
  };
  return { dir, scenario };
}

function edit(dir: string, from: string, to: string): void {
  const file = join(dir, "request-tools.yaml");
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

test("editing a tool the scenario never calls leaves its cassette current", async () => {
  const { dir, scenario } = project();
  expect((await runScenario(scenario)).mode).toBe("recorded");
  edit(dir, "Use this when you want to update an event", "Use this to change one event");
  const replayed = await runScenario(scenario);
  expect(replayed).toMatchObject({ mode: "replayed", passed: true, failures: [] });
});

test("editing a tool it calls makes it stale", async () => {
  const { dir, scenario } = project();
  await runScenario(scenario);
  edit(dir, "maxOutputLength: 2000", "maxOutputLength: 1999");
  const replayed = await runScenario(scenario);
  expect(replayed.failures).toContain(
    "stale cassette (tool get_events changed): run tooldeck run --update locally",
  );
});

test("a failing first run writes no cassette and says so; recordFailing writes it", async () => {
  const { scenario } = project();
  const failing: Scenario = {
    ...scenario,
    expect: { ...scenario.expect, calls: [{ tool: "delete_event" }] },
  };
  const first = await runScenario(failing);
  expect(first.mode).toBe("live");
  expect(first.failures.at(-1)).toBe(NOT_RECORDED);
  expect(existsSync(scenario.cassette as string)).toBe(false);
  const recorded = await runScenario(failing, { recordFailing: true });
  expect(recorded.mode).toBe("recorded");
  expect(recorded.failures).not.toContain(NOT_RECORDED);
  expect(existsSync(scenario.cassette as string)).toBe(true);
});

test("whetherVitestUpdates reads vitest's snapshot update state: all under vitest -u", async () => {
  const state = (snapshotUpdateState: string) => ({
    getState: () => ({ snapshotState: { snapshotUpdateState } }),
  });
  expect(whetherVitestUpdates(state("all"))).toBe(true);
  expect(whetherVitestUpdates(state("new"))).toBe(false);
  expect(whetherVitestUpdates(state("none"))).toBe(false);
  expect(whetherVitestUpdates({ getState: () => ({}) })).toBe(false);
  // This suite runs without -u.
  expect(whetherVitestUpdates(expect)).toBe(false);
});

test("runScenarioInVitest replays without -u, and re-records when update is asked", async () => {
  const { dir, scenario } = project();
  await runScenario(scenario);
  edit(dir, "maxOutputLength: 2000", "maxOutputLength: 1999");
  expect((await runScenarioInVitest(scenario)).mode).toBe("replayed");
  expect(await runScenarioInVitest(scenario, { update: true })).toMatchObject({
    mode: "recorded",
    passed: true,
  });
  expect(await runScenarioInVitest(scenario)).toMatchObject({ mode: "replayed", passed: true });
});
