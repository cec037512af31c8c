import { beforeAll, describe, expect, test } from "vitest";
import { madeId, makeItem, removeItem } from "../../../src/lint/probe/probe-items.js";
import { type ChangePlan, planWrite } from "../../../src/lint/probe/write-plan.js";
import type { FetchLike } from "../../../src/net/fetch-like.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";

let plan: ChangePlan;
beforeAll(async () => {
  const spec = createOperationIndex(await loadSpec(packagePath("tools", "event-api.openapi.yaml")));
  const planned = planWrite({ method: "DELETE", url: "http://127.0.0.1:5566/events/1" }, spec);
  if (planned.kind !== "change") throw new Error(`not a change: ${JSON.stringify(planned)}`);
  plan = planned;
});

/** A service answering every request with `answer`, each request written down. */
function service(answer: () => Response) {
  const sent: { method: string; url: string; body: string; headers: Headers }[] = [];
  const fetch: FetchLike = async (input, init) => {
    sent.push({
      method: init?.method ?? "GET",
      url: String(input),
      body: String(init?.body ?? ""),
      headers: new Headers(init?.headers),
    });
    return answer();
  };
  return { sent, fetch };
}

const requests = (fetch: FetchLike) => ({
  fetch,
  headers: new Headers({ authorization: "Bearer t", "content-type": "text/plain", "content-length": "3" }),
  hints: { existingId: "1", dateTime: "2024-07-15T10:00:00Z" },
  timeoutMs: 1000,
});

describe("makeItem and removeItem: the probe's own requests", () => {
  test("an item is made with a body from the create's schema (its examples first) and the write's credentials", async () => {
    const events = service(() => Response.json({ id: "e-7" }, { status: 201 }));
    expect(await makeItem(plan, requests(events.fetch))).toEqual({ id: "e-7" });
    const [made] = events.sent;
    expect(`${made?.method} ${made?.url}`).toBe("POST http://127.0.0.1:5566/events");
    expect(JSON.parse(made?.body ?? "")).toEqual({
      name: "tooldeck probe name",
      date: "2024-07-15T18:00:00Z", // the spec's example
      location: "tooldeck probe location",
    });
    expect(made?.headers.get("authorization")).toBe("Bearer t");
    expect(made?.headers.get("content-type")).toBe("application/json");
  });

  test.each([
    [() => Response.json({ error: "no" }, { status: 400 }), 'POST /events answered 400 {"error":"no"}'],
    [
      () => Response.json({ ok: true }, { status: 201 }),
      "POST /events answered 201 without the id of what it made, so it was not removed",
    ],
    [
      () => new Response("x".repeat(2 * 1024 * 1024), { status: 201 }),
      "POST /events answered 201 without the id of what it made, so it was not removed",
    ],
  ])("a make that fails says how: %#", async (answer, problem) => {
    expect(await makeItem(plan, requests(service(answer).fetch))).toEqual({ problem });
  });

  test("a fetch that throws (a refused host, a reset) is a problem, not an exception", async () => {
    const refusing: FetchLike = async () => {
      throw new Error("refused: host 127.0.0.1:5566 is not allowed");
    };
    expect(await makeItem(plan, requests(refusing))).toEqual({
      problem: "POST /events failed: refused: host 127.0.0.1:5566 is not allowed",
    });
  });

  test("an item already gone counts as removed; a refusal names the item", async () => {
    expect(
      await removeItem(plan, "e-7", requests(service(() => new Response(null, { status: 204 })).fetch)),
    ).toBeUndefined();
    expect(
      await removeItem(plan, "e-7", requests(service(() => Response.json({}, { status: 404 })).fetch)),
    ).toBeUndefined();
    expect(
      await removeItem(
        plan,
        "e-7",
        requests(service(() => Response.json({ error: "locked" }, { status: 423 })).fetch),
      ),
    ).toBe('DELETE /events/e-7 answered 423 {"error":"locked"}');
  });
});

describe("madeId: the id of what a create made", () => {
  test.each([
    ['{"id":"e-7","name":"x"}', null, "e-7"],
    ['{"id":42}', null, "42"],
    ['{"id":""}', null, undefined],
    ['[{"id":"e-7"}]', null, undefined],
    ["not json", null, undefined],
    ["", "/events/e-8", "e-8"],
    ["", "http://elsewhere.example.com/steal/e%2F9", "e/9"],
    ["", null, undefined],
  ])("answer %j, Location %j → %j", (body, location, id) => {
    expect(madeId(plan.resource, body, location, "http://127.0.0.1:5566/events")).toBe(id);
  });
});
