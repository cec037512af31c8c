import { describe, expect, test } from "vitest";
import { loadContractCassettes } from "../../../src/contracts/verify/load-contract-cassettes.js";
import { toCheckReport } from "../../../src/contracts/verify/to-check-report.js";
import {
  type ContractCassette,
  type VerifyOptions,
  verifyCassettes,
} from "../../../src/contracts/verify/verify-cassettes.js";
import { createEventService, type EventService } from "../../../src/emulator/events/event-service.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { Cassette } from "../../../src/replay/cassette.js";

const PROVIDER = "http://provider.test";
const tutorial = () =>
  loadContractCassettes([packagePath("scenarios/cassettes")], [packagePath()]).cassettes.filter(({ file }) =>
    file.endsWith(".standard.cassette.json"),
  );

function options(events: EventService, more: Partial<VerifyOptions> = {}): VerifyOptions {
  return {
    provider: PROVIDER,
    send: (request) => events.fetch(request),
    allowWrites: false,
    fill: { vars: {}, headers: {} },
    ...more,
  };
}

/** The event service with its answers changed on purpose. */
function changedProvider(change: (request: Request, answer: Response) => Promise<Response> | Response) {
  const events = createEventService();
  return { ...events, fetch: async (request: Request) => change(request, await events.fetch(request)) };
}

const kinds = (result: Awaited<ReturnType<typeof verifyCassettes>>) =>
  result.calls.map((call) => call.verdict.kind);

describe("verify against the provider the cassettes were recorded on: green", () => {
  test("reads only by default: every read before a write kept, writes and what follows them not replayed", async () => {
    const result = await verifyCassettes(tutorial(), options(createEventService()));
    expect(kinds(result)).not.toContain("broken");
    const kept = result.calls.filter((call) => call.verdict.kind === "kept").map((call) => call.call);
    expect(kept).toEqual(["GET /events/2", "GET /events"]);
    const writes = result.calls.filter((call) => call.verdict.kind === "not-verified");
    expect(writes.map((call) => call.verdict)).toContainEqual({
      kind: "not-verified",
      message: "DELETE /events/3: a write, not replayed without --allow-writes",
    });
    expect(toCheckReport(result).diagnostics.every((finding) => finding.severity === "info")).toBe(true);
  });

  test("with --allow-writes and each cassette's provider state set up, every call keeps its contract", async () => {
    const events = createEventService();
    const cassettes = tutorial().map((entry) => ({
      ...entry,
      cassette: { ...entry.cassette, providerStates: ["the five seed events"] },
    }));
    const resets: string[] = [];
    const setup = async (request: Request) => {
      resets.push(JSON.parse(await request.text()).state);
      events.reset();
      return new Response(null, { status: 204 });
    };
    const states = { setupUrl: `${PROVIDER}/_states`, states: {} };
    const result = await verifyCassettes(cassettes, options(events, { allowWrites: true, setup, states }));
    expect(kinds(result).every((kind) => kind === "kept")).toBe(true);
    expect(result.calls.length).toBeGreaterThanOrEqual(5);
    expect(resets).toHaveLength(
      cassettes.filter((entry) => entry.cassette.calls.some((call) => call.request)).length,
    );
  });

  test("generated values differ and new fields come: still kept (values are never compared)", async () => {
    const provider = changedProvider(async (_request, answer) => {
      const body = await answer.text();
      const changed = body
        .replace(/"name":"[^"]*"/g, '"name":"other"')
        .replace(/\{"id"/g, '{"etag":"x","id"');
      return new Response(changed, answer);
    });
    const result = await verifyCassettes(tutorial(), options(provider));
    expect(kinds(result)).not.toContain("broken");
  });
});

describe("verify against a provider changed on purpose: red, naming the tool", () => {
  test("a field renamed (name → title): contract-shape on each tool that read it", async () => {
    const provider = changedProvider(
      async (_request, answer) =>
        new Response((await answer.text()).replaceAll('"name":', '"title":'), answer),
    );
    const report = toCheckReport(await verifyCassettes(tutorial(), options(provider)));
    const broken = report.diagnostics.filter((finding) => finding.severity === "error");
    expect(broken.map((finding) => [finding.code, finding.tool, finding.message])).toEqual([
      [
        "contract-shape",
        "get_events",
        'GET /events/2 answered 200 OK, but lacks "name": every recorded answer had it as the agent read it',
      ],
      [
        "contract-shape",
        "get_events",
        'GET /events answered 200 OK, but /0 lacks "name": every recorded answer had it as the agent read it',
      ],
    ]);
  });

  test("a type changed (the date now a number): contract-shape", async () => {
    const provider = changedProvider(
      async (_request, answer) =>
        new Response((await answer.text()).replace(/"date":"[^"]*"/g, '"date":20240615'), answer),
    );
    const report = toCheckReport(await verifyCassettes(tutorial(), options(provider)));
    const finding = report.diagnostics.find((d) => d.severity === "error");
    expect(finding?.message).toBe(
      "GET /events/2 answered 200 OK, but /date must be string: every recorded answer had it as the agent read it",
    );
  });

  test("a status changed (200 → 403): contract-status naming the tool and the recorded status", async () => {
    const provider = changedProvider((request, answer) =>
      new URL(request.url).pathname === "/events/2"
        ? new Response('{"error":"forbidden"}', { status: 403, statusText: "Forbidden" })
        : answer,
    );
    const report = toCheckReport(await verifyCassettes(tutorial(), options(provider)));
    expect(report.diagnostics.filter((d) => d.severity === "error")).toEqual([
      expect.objectContaining({
        code: "contract-status",
        tool: "get_events",
        message: "GET /events/2 answered 403 Forbidden where the agent relied on 2xx (recorded 200)",
      }),
    ]);
  });

  test("an operation removed (GET /events is 404): contract-status on get_events", async () => {
    const provider = changedProvider((request, answer) =>
      new URL(request.url).pathname === "/events" && request.method === "GET"
        ? new Response("", { status: 404, statusText: "Not Found" })
        : answer,
    );
    const report = toCheckReport(await verifyCassettes(tutorial(), options(provider)));
    expect(report.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.tool])).toEqual([
      ["contract-status", "get_events"],
    ]);
  });

  test("a provider that does not answer: contract-unreachable", async () => {
    const down = {
      ...createEventService(),
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    };
    const report = toCheckReport(await verifyCassettes(tutorial(), options(down)));
    expect(report.diagnostics.find((d) => d.code === "contract-unreachable")?.message).toBe(
      "GET /events/2: the provider did not answer (fetch failed)",
    );
  });
});

/** A cassette of one recorded call, as an attacker or a hand may write one. */
function oneCall(
  request: Partial<NonNullable<Cassette["calls"][number]["request"]>>,
  states?: string[],
): ContractCassette {
  const cassette: Cassette = {
    version: 1,
    scenario: "one call",
    profile: "standard",
    messages: ["hi"],
    calls: [
      {
        source: "agent",
        tool: "get_event_by_id",
        args: {},
        ok: true,
        output: "",
        stateDigest: "sha256:0",
        request: { method: "GET", url: "http://events.example/events/1", headers: {}, ...request },
        response: { status: 200, statusText: "OK", headers: {}, body: '{"id":"1","name":"A"}' },
      },
    ],
    answer: "",
    stateDigest: "sha256:0",
  };
  if (states) cassette.providerStates = states;
  return { file: "one.cassette.json", cassette };
}

describe("what a recording cannot carry", () => {
  test("a secret recorded as {{$vars.api_key}}: not replayed without --var, sent with it", async () => {
    const seen: string[] = [];
    const events = createEventService();
    const send = (request: Request) => {
      seen.push(request.headers.get("x-api-key") ?? "");
      return events.fetch(request);
    };
    const cassettes = [oneCall({ headers: { "X-Api-Key": "{{$vars.api_key}}" } })];
    const without = await verifyCassettes(cassettes, options(events, { send }));
    expect(without.calls[0]?.verdict).toEqual({
      kind: "not-verified",
      message:
        "GET /events/1: the header x-api-key holds the secret {{$vars.api_key}}: give it with --var api_key=VALUE",
    });
    expect(seen).toEqual([]);
    const withVar = await verifyCassettes(
      cassettes,
      options(events, { send, fill: { vars: { api_key: "k1" }, headers: {} } }),
    );
    expect(withVar.calls[0]?.verdict.kind).toBe("kept");
    expect(seen).toEqual(["k1"]);
  });

  test("a redacted Authorization is replaced by --header", async () => {
    const seen: string[] = [];
    const events = createEventService();
    const send = (request: Request) => {
      seen.push(request.headers.get("authorization") ?? "");
      return events.fetch(request);
    };
    const cassettes = [oneCall({ headers: { Authorization: "[redacted]" } })];
    const fill = { vars: {}, headers: { Authorization: "Bearer t" } };
    expect((await verifyCassettes(cassettes, options(events, { send, fill }))).calls[0]?.verdict.kind).toBe(
      "kept",
    );
    expect(seen).toEqual(["Bearer t"]);
  });

  test("a provider state nobody set up: the cassette is not replayed, and says which state", async () => {
    const result = await verifyCassettes([oneCall({}, ["event 1 exists"])], options(createEventService()));
    expect(result.calls[0]?.verdict).toEqual({
      kind: "not-verified",
      message:
        'GET /events/1: the provider state "event 1 exists" has no setup: give its calls or a setupUrl in --states FILE',
    });
  });

  test("a state's own setup calls are sent to the provider before the cassette's", async () => {
    const sent: string[] = [];
    const events = createEventService();
    const send = (request: Request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return events.fetch(request);
    };
    const states = {
      states: {
        "event 1 exists": [
          {
            method: "PATCH",
            path: "/events/1",
            body: { name: "A", date: "2024-06-15T09:00:00Z", location: "x" },
            headers: {},
          },
        ],
      },
    };
    const result = await verifyCassettes(
      [oneCall({}, ["event 1 exists"])],
      options(events, { send, states }),
    );
    expect(sent).toEqual(["PATCH /events/1", "GET /events/1"]);
    expect(result.calls[0]?.verdict.kind).toBe("kept");
  });

  test("calls to two hosts: the provider must say which it stands for, and the others are counted", async () => {
    const cassettes = [oneCall({}), oneCall({ url: "http://other.example/things" })];
    await expect(verifyCassettes(cassettes, options(createEventService()))).rejects.toThrow(
      "the calls went to 2 hosts: say which one --provider stands for with --host (events.example (1), other.example (1))",
    );
    const result = await verifyCassettes(
      cassettes,
      options(createEventService(), { host: "events.example" }),
    );
    expect(result.calls).toHaveLength(1);
    expect(result.otherHosts).toEqual(new Map([["other.example", 1]]));
  });

  test("a cassette aimed at another host is replayed on the provider only: its host is never sent to", async () => {
    const sent: string[] = [];
    const events = createEventService();
    const send = (request: Request) => {
      sent.push(new URL(request.url).origin);
      return events.fetch(request);
    };
    await verifyCassettes([oneCall({ url: "http://169.254.169.254/events/1" })], options(events, { send }));
    expect(sent).toEqual([PROVIDER]);
  });
});
