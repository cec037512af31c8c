import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import type { CallRecord } from "../../src/replay/call-record.js";
import { loadScenarios } from "../../src/replay/load-scenarios.js";
import { runScenario } from "../../src/replay/run-scenario.js";
import type { Scenario } from "../../src/replay/scenario.js";

const FIXED = packagePath("fixtures", "configs", "fixed-update-event.yaml");

function shipped(file: string, profile = "standard"): Scenario {
  const scenario = loadScenarios(packagePath("scenarios", file)).find((item) => item.profile === profile);
  if (!scenario) throw new Error(`${file} has no ${profile} scenario`);
  return scenario;
}

describe("replaying the tutorial's update cassette through the fixed config", () => {
  test("shows exactly the request line, the status (404 → 200) and the output changing", async () => {
    const scenario = shipped("update-event.yaml");
    const result = await runScenario({ ...scenario, tools: [...scenario.tools, FIXED] });
    expect(result.mode).toBe("replayed");
    expect(result.diff).toEqual([
      "call 1 update_event (agent):",
      "  - PUT http://events.tooldeck.internal/events",
      "  + PATCH http://events.tooldeck.internal/events/1",
      "  - status 404 Not Found",
      "  + status 200 OK",
      '  - output HTTP 404 Not Found: {"error":"Endpoint not found"}',
      '  + output {"id":"1","name":"Tech Summit 2024","date":"2024-06-15T09:00:00Z","location":"San Francisco, CA"}',
    ]);
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual([
      "stale cassette (tool update_event changed): run tooldeck run --update locally",
      "the replay differs from the cassette (see the diff)",
      "calls[0] update_event: expected outcome error, got ok (HTTP 200): " +
        '{"id":"1","name":"Tech Summit 2024","date":"2024-06-15T09:00:00Z","location":"San Francisco, CA"}',
      "calls[0] update_event: expected HTTP 404, got HTTP 200",
      'state.events: no item matching {"id":"1","name":"Tech Conference 2024"}',
      'state.events: an item matching {"name":"Tech Summit 2024"} is still there',
    ]);
  });

  test("the unchanged config replays without a difference, no model involved", async () => {
    const result = await runScenario(shipped("update-event.yaml"));
    expect(result).toMatchObject({ mode: "replayed", passed: true, diff: [], failures: [] });
    expect(result.calls[0]?.response?.status).toBe(404);
  });

  test("a changed scripted call (id 3) is a stale cassette, not a green replay", async () => {
    const scenario = shipped("update-event.yaml");
    const body = { name: "Tech Summit 2024", date: "2024-06-15T09:00:00Z", location: "San Francisco, CA" };
    const model = {
      scripted: [
        { calls: [{ tool: "update_event", args: { queryParams: { id: "3" }, body } }] },
        { answer: "done" },
      ],
    };
    const result = await runScenario({ ...scenario, model });
    expect(result.mode).toBe("replayed");
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual([
      "stale cassette (the scripted model changed): run tooldeck run --update locally",
    ]);
  });
});

describe("every shipped scenario", () => {
  const files = [
    "list-events.yaml",
    "get-event-by-id.yaml",
    "create-event.yaml",
    "update-event.yaml",
    "update-event-fixed.yaml",
    "delete-event.yaml",
    "http-node-then-agent.yaml",
  ];
  const scenarios = files.flatMap((file) => loadScenarios(packagePath("scenarios", file)));

  test.each(scenarios.map((scenario) => [`${scenario.name} [${scenario.profile}]`, scenario] as const))(
    "%s replays its cassette and passes",
    async (_name, scenario) => {
      const result = await runScenario(scenario);
      expect(result.failures).toEqual([]);
      expect(result.diff).toEqual([]);
      expect(result.mode).toBe("replayed");
    },
  );

  test.each(scenarios.map((scenario) => [`${scenario.name} [${scenario.profile}]`, scenario] as const))(
    "%s passes live through a createAgent loop, and re-records the same cassette",
    async (_name, scenario) => {
      const dir = mkdtempSync(join(tmpdir(), "tooldeck-cassette-"));
      const cassette = join(dir, "c.json");
      copyFileSync(scenario.cassette as string, cassette);
      const live = await runScenario({ ...scenario, cassette }, { update: true });
      expect(live.failures).toEqual([]);
      expect(live.mode).toBe("recorded");
      const original = (await import(scenario.cassette as string, { with: { type: "json" } })).default;
      const rerecorded = (await import(cassette, { with: { type: "json" } })).default;
      expect(rerecorded).toEqual(original);
    },
  );
});

test("the HTTP node steps run before and after the agent, in order, with the node's output", async () => {
  const result = await runScenario(shipped("http-node-then-agent.yaml"), { record: false, update: true });
  expect(result.calls.map((call: CallRecord) => [call.source, call.tool, call.request?.method])).toEqual([
    ["before", "rename_event_1", "PATCH"],
    ["agent", "get_events", "GET"],
    ["after", "count_events", "GET"],
  ]);
  const patched = JSON.parse(result.calls[0]?.output ?? "{}");
  expect(patched.http).toMatchObject({
    status: 200,
    statusText: "OK",
    data: { id: "1", name: "Tech Summit 2024" },
  });
  expect(result.calls[0]?.request?.headers).toMatchObject({ "X-Requested-By": "tooldeck" });
  expect(JSON.parse(result.calls[1]?.output ?? "{}").name).toBe("Tech Summit 2024");
  expect(typeof JSON.parse(result.calls[2]?.output ?? "{}").http.data).toBe("string");
});
