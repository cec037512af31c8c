import { describe, expect, test } from "vitest";
import type { CallRecord } from "../../src/replay/call-record.js";
import { checkAnswer } from "../../src/replay/check-answer.js";
import { checkState } from "../../src/replay/check-state.js";
import { checkTrajectory } from "../../src/replay/check-trajectory.js";
import { matchArgs } from "../../src/replay/match-args.js";
import { createScenarioEmulator } from "../../src/replay/scenario-emulator.js";
import type { ArgsMatch, ExpectedCall, TrajectoryMode } from "../../src/replay/scenario-schema.js";
import { escapeRegExp } from "../../src/text/escape-reg-exp.js";
import { craftedText, HOSTILE_CASES } from "../support/hostile-patterns.js";

const BODY = { name: "Launch", date: "2024-07-15T10:00:00Z", location: "Berlin" };

describe("matchArgs", () => {
  test.each([
    ["exact: equal", "exact", { body: BODY }, { body: BODY }, true],
    ["exact: an extra key fails", "exact", { body: BODY }, { body: BODY, queryParams: {} }, false],
    ["subset: nested keys present", "subset", { body: { name: "Launch" } }, { body: BODY }, true],
    ["subset: a nested value differs", "subset", { body: { name: "Other" } }, { body: BODY }, false],
    ["subset: a key missing", "subset", { queryParams: { id: "1" } }, { body: BODY }, false],
    [
      "subset: arrays compared element by element",
      "subset",
      { ids: [{ a: 1 }] },
      { ids: [{ a: 1, b: 2 }] },
      true,
    ],
    ["subset: arrays of another length fail", "subset", { ids: [1] }, { ids: [1, 2] }, false],
    [
      "ignore: the listed dotted key is left out",
      { ignore: ["body.date"] },
      { body: { ...BODY, date: "x" } },
      { body: BODY },
      true,
    ],
    [
      "ignore: other keys still compared",
      { ignore: ["body.date"] },
      { body: { ...BODY, name: "x" } },
      { body: BODY },
      false,
    ],
    [
      "ignore: a top-level key",
      { ignore: ["queryParams"] },
      { body: BODY },
      { body: BODY, queryParams: { id: "1" } },
      true,
    ],
  ] as const)("%s", (_name, mode, expected, actual, result) => {
    expect(matchArgs(expected, actual, mode as ArgsMatch)).toBe(result);
  });
});

const call = (tool: string, args: unknown = {}, status = 200): CallRecord => ({
  source: "agent",
  tool,
  args,
  ok: status < 400,
  output: status < 400 ? "ok" : `HTTP ${status}`,
  response: { status, statusText: "", headers: {}, body: "" },
  stateDigest: "sha256:0",
});

describe("checkTrajectory", () => {
  const made = [call("get_events"), call("create_event", { body: BODY }, 201)];
  const get: ExpectedCall = { tool: "get_events" };
  const create: ExpectedCall = { tool: "create_event", args: { body: BODY } };
  const del: ExpectedCall = { tool: "delete_event" };

  test.each([
    ["strict: same calls in order", "strict", [get, create], []],
    [
      "strict: another order",
      "strict",
      [create, get],
      ["calls[0]: expected create_event, got get_events", "calls[1]: expected get_events, got create_event"],
    ],
    [
      "strict: a missing call",
      "strict",
      [get],
      ["calls: expected 1 calls (strict), got 2: get_events, create_event"],
    ],
    ["unordered: another order passes", "unordered", [create, get], []],
    [
      "unordered: an extra call fails",
      "unordered",
      [get],
      [
        'calls: unexpected call create_event {"body":{"name":"Launch","date":"2024-07-15T10:00:00Z","location":"Berlin"}} (unordered)',
      ],
    ],
    ["subset: fewer actual calls than expected pass", "subset", [get, create, del], []],
    [
      "subset: a call not expected fails",
      "subset",
      [create],
      ["calls: unexpected call get_events {} (subset)"],
    ],
    ["superset: extra actual calls pass", "superset", [create], []],
    [
      "superset: an expected call not made fails",
      "superset",
      [create, del],
      ["calls: expected call delete_event was not made (superset)"],
    ],
  ] as const)("%s", (_name, mode, expected, failures) => {
    expect(checkTrajectory(made, expected, mode as TrajectoryMode, "exact")).toEqual(failures);
  });

  test.each([
    [
      "args differ (strict)",
      [{ tool: "create_event", args: { body: { name: "x" } } }],
      "subset",
      [
        'calls[0] create_event: expected args {"body":{"name":"x"}}, got {"body":{"name":"Launch","date":"2024-07-15T10:00:00Z","location":"Berlin"}}',
      ],
    ],
    [
      "per-call match overrides the default",
      [{ tool: "create_event", args: { body: { name: "Launch" } }, match: "subset" }],
      "exact",
      [],
    ],
    [
      "outcome",
      [{ tool: "create_event", outcome: "error" }],
      "exact",
      ["calls[0] create_event: expected outcome error, got ok (HTTP 201): ok"],
    ],
    [
      "status",
      [{ tool: "create_event", status: 200 }],
      "exact",
      ["calls[0] create_event: expected HTTP 200, got HTTP 201"],
    ],
  ] as const)("strict, one call: %s", (_name, expected, defaultMatch, failures) => {
    const one = [call("create_event", { body: BODY }, 201)];
    expect(
      checkTrajectory(one, expected as unknown as ExpectedCall[], "strict", defaultMatch as ArgsMatch),
    ).toEqual(failures);
  });

  test("unordered pairs calls before judging outcomes", () => {
    const failures = checkTrajectory(
      made,
      [{ tool: "create_event", status: 404 }, get],
      "unordered",
      "exact",
    );
    expect(failures).toEqual(["calls[1] create_event: expected HTTP 404, got HTTP 201"]);
  });
});

describe("checkState", () => {
  const snapshot = {
    events: [
      { id: "1", name: "A" },
      { id: "2", name: "B" },
    ],
  };
  test.each([
    ["contains: present", { events: { contains: [{ name: "A" }] } }, []],
    [
      "contains: absent",
      { events: { contains: [{ name: "C" }] } },
      ['state.events: no item matching {"name":"C"}'],
    ],
    ["lacks: absent", { events: { lacks: [{ id: "3" }] } }, []],
    [
      "lacks: present",
      { events: { lacks: [{ id: "2" }] } },
      ['state.events: an item matching {"id":"2"} is still there'],
    ],
    ["count", { events: { count: 3 } }, ["state.events: expected 3 items, got 2"]],
    [
      "an unknown collection: the ones there are",
      { chatflows: { count: 0 } },
      ["state.chatflows: the emulator's snapshot has no collection 'chatflows' (collections: events)"],
    ],
    [
      "a mistyped collection: the likely one too",
      { evnts: { count: 2 } },
      [
        "state.evnts: the emulator's snapshot has no collection 'evnts', did you mean events? (collections: events)",
      ],
    ],
  ])("%s", (_name, expectations, failures) => {
    expect(checkState(snapshot, expectations)).toEqual(failures);
  });

  test("the scenario emulator's collections are listed, and only its collections", () => {
    const state = createScenarioEmulator().snapshot();
    expect(checkState(state, { Events: { count: 5 } })).toEqual([
      "state.Events: the emulator's snapshot has no collection 'Events', did you mean events? (collections: events)",
    ]);
    expect(checkState({ version: "1" }, { events: {} })).toEqual([
      "state.events: the emulator's snapshot has no collection 'events' (it has none)",
    ]);
  });
});

describe("checkAnswer", () => {
  test.each([
    ["contains", { contains: "Launch" }, []],
    [
      "contains fails",
      { contains: "Berlin" },
      ['answer: expected to contain "Berlin", got "Created Launch."'],
    ],
    ["equals", { equals: "Created Launch." }, []],
    ["equals fails", { equals: "Created" }, ['answer: expected "Created", got "Created Launch."']],
    ["matches", { matches: "^Created \\w+\\.$" }, []],
    [
      "matches fails",
      { matches: "^Deleted" },
      ['answer: expected to match /^Deleted/, got "Created Launch."'],
    ],
  ])("%s", (_name, expected, failures) => {
    expect(checkAnswer("Created Launch.", expected)).toEqual(failures);
  });

  test.each(HOSTILE_CASES)(
    "matches: $pattern against a model's answer of $length crafted characters completes",
    ({ pattern, matches, length }) => {
      const failures = checkAnswer(craftedText(length), { matches: pattern });
      expect(failures).toHaveLength(matches ? 0 : 1);
      if (!matches)
        expect(failures[0]).toMatch(new RegExp(`^answer: expected to match /${escapeRegExp(pattern)}/`));
    },
  );
});
