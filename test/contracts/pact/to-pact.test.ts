import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { toPact } from "../../../src/contracts/pact/to-pact.js";
import { writePacts } from "../../../src/contracts/pact/write-pacts.js";
import { loadContractCassettes } from "../../../src/contracts/verify/load-contract-cassettes.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { Cassette } from "../../../src/replay/cassette.js";

/** What the tests read of an interaction. */
interface Interaction {
  type: string;
  description: string;
  providerStates: { name: string }[];
  request: {
    method: string;
    path: string;
    query: Record<string, string[]>;
    headers: Record<string, string[]>;
  };
  response: {
    status: number;
    headers: Record<string, string[]>;
    matchingRules: { status: unknown; body: Record<string, { matchers: { match: string }[] }> };
  };
}

const interactionsOf = (pact: ReturnType<typeof toPact>) => pact.interactions as unknown as Interaction[];

const listEvents = () =>
  loadContractCassettes(
    [packagePath("scenarios/cassettes/list-events.standard.cassette.json")],
    [packagePath()],
  ).cassettes;

test("a recorded call is a Pact v4 interaction held to its status class and body shape, never its values", () => {
  const pact = toPact(listEvents(), { consumer: "support-agent", provider: "Event API", version: "1.0.0" });
  expect(pact.consumer).toEqual({ name: "support-agent" });
  expect(pact.provider).toEqual({ name: "Event API" });
  expect(pact.metadata.pactSpecification).toEqual({ version: "4.0" });
  expect(pact.interactions).toHaveLength(1);
  const [interaction] = interactionsOf(pact);
  expect(interaction?.type).toBe("Synchronous/HTTP");
  expect(interaction?.description).toBe("list events #1: get_events GET /events");
  expect(interaction?.request).toEqual({ method: "GET", path: "/events" });
  expect(interaction?.response.status).toBe(200);
  expect(interaction?.response.matchingRules.status).toEqual({
    $: { combine: "AND", matchers: [{ match: "statusCode", status: "success" }] },
  });
  const body = interaction?.response.matchingRules.body ?? {};
  expect(body.$).toEqual({ combine: "AND", matchers: [{ match: "type", min: 0 }] });
  expect(body["$[*].name"]).toEqual({ combine: "AND", matchers: [{ match: "type" }] });
  expect(
    Object.values(body).some((rule) => rule.matchers.some((matcher) => matcher.match === "equality")),
  ).toBe(false);
});

/** One recorded call as a hand (or an attacker) may write it. */
function cassetteOf(
  request: NonNullable<Cassette["calls"][number]["request"]>,
  providerStates?: string[],
): Cassette {
  const cassette: Cassette = {
    version: 1,
    scenario: "hand written",
    profile: "standard",
    messages: ["hi"],
    calls: [
      {
        source: "agent",
        tool: "search",
        args: {},
        ok: true,
        output: "",
        stateDigest: "sha256:0",
        request,
        response: {
          status: 201,
          statusText: "Created",
          headers: { "content-type": "application/json; charset=utf-8" },
          body: '{"a b":[{"x\'y":1}]}',
        },
      },
    ],
    answer: "",
    stateDigest: "sha256:0",
  };
  if (providerStates) cassette.providerStates = providerStates;
  return cassette;
}

test("secrets the recording redacted are left out; a __proto__ query name stays a name; odd keys are quoted paths", () => {
  const cassette = cassetteOf(
    {
      method: "post",
      url: "http://api.example/search?__proto__=1&q=a&q=b",
      headers: {
        Authorization: "[redacted]",
        "X-Key": "{{$vars.key}}",
        "X-Trace": "t1",
        "Content-Length": "9",
      },
      body: '{"q":"a"}',
    },
    ["a search index"],
  );
  const [interaction] = interactionsOf(
    toPact([{ cassette }], { consumer: "c", provider: "p", version: "0" }),
  );
  expect(interaction?.providerStates).toEqual([{ name: "a search index" }]);
  expect(interaction?.request.method).toBe("POST");
  expect(interaction?.request.headers).toEqual({ "X-Trace": ["t1"] });
  expect(Object.getPrototypeOf(interaction?.request.query ?? null)).toBe(Object.prototype);
  expect(Object.keys(interaction?.request.query ?? {})).toEqual(["__proto__", "q"]);
  expect(interaction?.request.query.q).toEqual(["a", "b"]);
  expect(Object.keys(interaction?.response.matchingRules.body ?? {})).toEqual([
    "$['a b']",
    "$['a b'][*]['x\\'y']",
  ]);
  expect(interaction?.response.headers).toEqual({ "Content-Type": ["application/json; charset=utf-8"] });
});

test("writePacts: one file per consumer and provider; its own pacts replaced, a file it did not write refused unless --force", () => {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-pacts-"));
  const names = { consumer: "support agent", version: "0" };
  const files = writePacts(listEvents(), dir, names, false);
  expect(files).toEqual([join(dir, "support-agent-events.tooldeck.internal.json")]);
  expect(writePacts(listEvents(), dir, names, false)).toEqual(files);
  writeFileSync(files[0] as string, '{"consumer":{"name":"from the broker"}}');
  expect(() => writePacts(listEvents(), dir, names, false)).toThrow(
    `${files[0]} exists and is not a pact tooldeck wrote: give --force to replace it (tooldeck never overwrites a file you may have edited)`,
  );
  expect(readFileSync(files[0] as string, "utf8")).toBe('{"consumer":{"name":"from the broker"}}');
  writePacts(listEvents(), dir, names, true);
  expect(JSON.parse(readFileSync(files[0] as string, "utf8")).consumer).toEqual({ name: "support agent" });
});
