import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { describe, expect, test } from "vitest";
import { HttpNodeConfigSchema } from "../../src/config/http-node-config.js";
import { isToolDeckError } from "../../src/errors.js";
import { packagePath } from "../../src/package/package-root.js";
import { readCassette } from "../../src/replay/cassette.js";
import { loadScenarios } from "../../src/replay/load-scenarios.js";
import { runScenario } from "../../src/replay/run-scenario.js";
import type { Scenario } from "../../src/replay/scenario.js";
import { DEFAULT_SCENARIO_NOW } from "../../src/replay/scenario-schema.js";

const TOOLS = packagePath("tools");

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "tooldeck-scenario-"));
}

function scenario(fields: Partial<Scenario> = {}): Scenario {
  return {
    name: "s",
    profile: "standard",
    tools: [TOOLS],
    vars: {},
    now: new Date(DEFAULT_SCENARIO_NOW),
    messages: ["list the events"],
    model: { scripted: [{ calls: [{ tool: "get_events", args: {} }] }, { answer: "Five events." }] },
    before: [],
    after: [],
    expect: { trajectory: "strict", args: "exact" },
    ...fields,
  };
}

test("{{current_date_time}} in the system prompt is the pinned clock, as an ISO string", async () => {
  const model = fakeModel().respond(new AIMessage("It is July."));
  const result = await runScenario(
    scenario({
      system: "Now: {{current_date_time}}. Question: {{question}}",
      now: new Date("2025-03-04T05:06:07Z"),
    }),
    { model },
  );
  const expected = "Now: 2025-03-04T05:06:07.000Z. Question: list the events";
  expect(result.system).toBe(expected);
  expect(model.calls[0]?.messages[0]?.text).toBe(expected);
  expect(result).toMatchObject({ mode: "live", passed: true, answer: "It is July." });
});

test("the pinned clock also reaches tool configs that use {{current_date_time}}", async () => {
  const node = HttpNodeConfigSchema.parse({
    kind: "http",
    name: "stamp",
    method: "GET",
    url: "{{$vars.base_url}}/events",
    queryParams: [{ key: "at", value: "{{current_date_time}}" }],
    headers: [],
    responseType: "json",
    description: "",
  });
  const result = await runScenario(scenario({ before: [node], now: new Date("2025-01-01T00:00:00Z") }));
  expect(result.calls[0]?.request?.url).toBe(
    "http://events.tooldeck.internal/events?at=2025-01-01T00%3A00%3A00.000Z",
  );
});

describe("cassettes", () => {
  const secretNode = HttpNodeConfigSchema.parse({
    kind: "http",
    name: "authorised_read",
    url: "{{$vars.base_url}}/events/1",
    headers: [{ key: "X-Trace", value: "trace-{{$vars.api_token}}" }],
    queryParams: [{ key: "key", value: "{{$vars.api_token}}" }],
    credential: { type: "bearer", token: "{{$vars.api_token}}" },
  });

  test("secrets are redacted at write time, and the replay redacts the same way (no diff)", async () => {
    const cassette = join(tempDir(), "secret.json");
    const secretScenario = scenario({
      vars: { api_token: "tok-SECRET-123" },
      before: [secretNode],
      cassette,
    });
    const recorded = await runScenario(secretScenario);
    expect(recorded.mode).toBe("recorded");
    const text = readFileSync(cassette, "utf8");
    expect(text).not.toContain("tok-SECRET-123");
    const [step] = readCassette(cassette).calls;
    expect(step?.request).toMatchObject({
      url: "http://events.tooldeck.internal/events/1?key=[redacted]",
      headers: { Authorization: "[redacted]", "X-Trace": "trace-{{$vars.api_token}}" },
    });
    const replayed = await runScenario(secretScenario);
    expect(replayed).toMatchObject({ mode: "replayed", passed: true, diff: [] });
  });

  test("no cassette on disk: the model runs and one is written; the next run replays it", async () => {
    const cassette = join(tempDir(), "nested", "c.json");
    const first = await runScenario(scenario({ cassette }));
    expect(first.mode).toBe("recorded");
    expect(existsSync(cassette)).toBe(true);
    expect((await runScenario(scenario({ cassette }))).mode).toBe("replayed");
  });

  test("record: false runs live and writes nothing", async () => {
    const cassette = join(tempDir(), "c.json");
    const result = await runScenario(scenario({ cassette }), { record: false });
    expect(result.mode).toBe("live");
    expect(existsSync(cassette)).toBe(false);
  });

  test("a cassette recorded for other messages fails the scenario, asking for --update", async () => {
    const cassette = join(tempDir(), "c.json");
    await runScenario(scenario({ cassette }));
    const result = await runScenario(scenario({ cassette, messages: ["something else"] }));
    expect(result.failures).toEqual([
      "stale cassette (the messages changed): run tooldeck run --update locally",
    ]);
  });

  test("a scenario's providerState is read and recorded in its cassette, for tooldeck verify", async () => {
    const dir = tempDir();
    const file = join(dir, "s.yaml");
    const tools = packagePath("tools");
    writeFileSync(
      file,
      `tools: [${JSON.stringify(tools)}]\nproviderState: event 1 exists\nmessages: hi\nmodel: { scripted: [{ answer: ok }] }\nexpect: { calls: [] }\n`,
    );
    const [loaded] = loadScenarios(file, { roots: [dir, packagePath()] });
    expect(loaded?.providerStates).toEqual(["event 1 exists"]);
    await runScenario(loaded as Scenario);
    expect(readCassette(loaded?.cassette as string).providerStates).toEqual(["event 1 exists"]);
  });

  test("drift: validateCall judges every recorded call; drift is reported, not a failure", async () => {
    const [tutorial] = loadScenarios(packagePath("scenarios", "update-event.yaml"));
    const result = await runScenario(tutorial as Scenario, {
      validateCall: (call) =>
        call.request?.method === "PUT" && new URL(call.request.url).pathname === "/events"
          ? "PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)"
          : undefined,
    });
    expect(result.drift).toEqual([
      "call 1 update_event: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
    ]);
    expect(result.passed).toBe(true);
  });

  test("a cassette that is not one is a load error naming the file and path", async () => {
    const cassette = join(tempDir(), "c.json");
    writeFileSync(cassette, JSON.stringify({ version: 2 }));
    const error = await runScenario(scenario({ cassette })).catch((caught: unknown) => caught);
    expect(isToolDeckError(error) && error.message).toBe(`${cassette}: version: expected 1`);
  });
});

describe("failures and broken setups", () => {
  test("a script shorter than the conversation fails the scenario with the reason", async () => {
    const result = await runScenario(
      scenario({ model: { scripted: [{ calls: [{ tool: "get_events", args: {} }] }] } }),
    );
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual([
      "agent: the scripted model has only 1 turns, and the agent asked for another",
    ]);
  });

  test("a failing HTTP node step fails the scenario", async () => {
    const node = HttpNodeConfigSchema.parse({
      kind: "http",
      name: "broken",
      description: "",
      method: "GET",
      url: "{{$vars.nope}}/x",
      headers: [],
      queryParams: [],
      responseType: "json",
    });
    const result = await runScenario(scenario({ before: [node] }));
    expect(result.failures).toEqual([
      "before step broken failed: unknown variable {{$vars.nope}} (set it in the scenario's vars: { nope: … })",
    ]);
  });

  test.each([
    [
      "a step naming no HTTP node",
      scenario({ file: "x.yaml", before: ["nope"] }),
      "x.yaml (s): no HTTP node named 'nope' among the tools (HTTP nodes: none)",
    ],
    [
      "a tools path that does not exist",
      scenario({ file: "x.yaml", tools: ["/no/such/tools"] }),
      "x.yaml (s): tools: /no/such/tools: no such file or folder",
    ],
    [
      "a PATCH tool under flowise",
      scenario({
        file: "x.yaml",
        profile: "flowise",
        tools: [packagePath("fixtures", "configs", "fixed-update-event.yaml")],
      }),
      "x.yaml (s): update_event: Flowise has no PATCH request tool (use the standard profile, an HTTP node or an OpenAPI toolkit)",
    ],
    [
      "a real model without its key",
      scenario({ model: "openai:gpt-4o-mini" }),
      "set OPENAI_API_KEY to use openai:gpt-4o-mini",
    ],
  ])("%s throws one line", async (_name, broken, message) => {
    const error = await runScenario(broken, { env: {} }).catch((caught: unknown) => caught);
    expect(isToolDeckError(error) && error.message).toBe(message);
  });
});

describe("a cassette pins everything that produced it", () => {
  const getEvents = {
    kind: "request",
    method: "GET",
    name: "get_events",
    description: "Use this to list events",
    url: "{{$vars.base_url}}/events",
    headers: {},
  } as const;

  test.each<[string, Partial<Scenario>, string]>([
    [
      "the scripted model's turns",
      { model: { scripted: [{ calls: [{ tool: "get_events", args: { x: 1 } }] }, { answer: "Five." }] } },
      "the scripted model",
    ],
    ["the expectations", { expect: { trajectory: "unordered", args: "exact" } }, "the expectations"],
    ["a tool's config", { tools: [TOOLS, { ...getEvents, description: "Other words" }] }, "tool get_events"],
    ["the vars", { vars: { region: "eu" } }, "the vars"],
    ["the system prompt", { system: "Be brief." }, "the system prompt"],
    ["the profile", { profile: "flowise" }, "the profile"],
  ])("a change of %s makes it stale", async (_name, change, what) => {
    const cassette = join(tempDir(), "c.json");
    await runScenario(scenario({ cassette }));
    expect((await runScenario(scenario({ cassette }))).failures).toEqual([]);
    const result = await runScenario(scenario({ cassette, ...change }));
    expect(result.mode).toBe("replayed");
    expect(result.failures[0]).toBe(`stale cassette (${what} changed): run tooldeck run --update locally`);
  });

  test("a key moved from X-Api-Key to Authorization is a header diff; the secret stays redacted", async () => {
    const cassette = join(tempDir(), "c.json");
    const vars = { api_key: "key-SECRET-4567" };
    const withHeader = (headers: Record<string, string>) =>
      scenario({ cassette, vars, tools: [{ ...getEvents, headers }] });
    await runScenario(withHeader({ "X-Api-Key": "{{$vars.api_key}}" }));
    const result = await runScenario(withHeader({ Authorization: "Bearer {{$vars.api_key}}" }));
    expect(result.diff).toEqual([
      "call 1 get_events (agent):",
      "  - header X-Api-Key: [redacted]",
      "  + header Authorization: [redacted]",
    ]);
    expect(JSON.stringify(result)).not.toContain("key-SECRET-4567");
  });

  test("recordIfMissing: false (CI) fails a scenario whose cassette is missing, runs nothing, writes nothing", async () => {
    const cassette = join(tempDir(), "c.json");
    const result = await runScenario(scenario({ cassette }), { recordIfMissing: false });
    expect(result).toMatchObject({
      mode: "missing",
      passed: false,
      failures: ["no cassette: run tooldeck run --update locally"],
      calls: [],
    });
    expect(existsSync(cassette)).toBe(false);
    const updated = await runScenario(scenario({ cassette }), { recordIfMissing: false, update: true });
    expect(updated.mode).toBe("recorded");
  });
});

describe("a call to a tool the scenario does not have", () => {
  const typo = { scripted: [{ calls: [{ tool: "get_evnts", args: {} }] }, { answer: "None." }] };
  const message =
    "call 1: the model called 'get_evnts', which is not one of the scenario's tools (listEvents, createEvent, getEventById, updateEventDetails, deleteEvent, get_events, create_event, update_event, delete_event)";

  test("fails the scenario without any expect:, live and replayed", async () => {
    const cassette = join(tempDir(), "c.json");
    const live = await runScenario(scenario({ cassette, model: typo }), { recordFailing: true });
    expect(live).toMatchObject({ mode: "recorded", passed: false, failures: [message] });
    const replayed = await runScenario(scenario({ cassette, model: typo }));
    expect(replayed).toMatchObject({ mode: "replayed", passed: false, failures: [message] });
  });
});
