import { STATUS_CODES } from "node:http";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { createMemoryEventStore } from "../../../src/emulator/events/event-store.js";
import { createHeldBody } from "../../support/held-body.js";
import { useTransports } from "../../support/transports.js";

const JSON_HEADERS = { "content-type": "application/json" };
const VALID = { name: "Launch", date: "2025-01-02T03:04:05Z", location: "Berlin" };
const EVENT_1 = {
  id: "1",
  name: "Tech Conference 2024",
  date: "2024-06-15T09:00:00Z",
  location: "San Francisco, CA",
};

interface Case {
  name: string;
  method: string;
  path: string;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  status: number;
  /** The exact JSON answer, when the case pins it. */
  json?: unknown;
}

const error = (message: string) => ({ error: message });

const cases: Case[] = [
  { name: "lists the five seeded events", method: "GET", path: "/events", status: 200 },
  { name: "reads event 1", method: "GET", path: "/events/1", status: 200, json: EVENT_1 },
  { name: "trailing slash reads event 1", method: "GET", path: "/events/1/", status: 200, json: EVENT_1 },
  {
    name: "unknown id is 404",
    method: "GET",
    path: "/events/99",
    status: 404,
    json: error("Event not found"),
  },
  {
    name: "creates with the given id",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: "abc" },
    status: 201,
    json: { id: "abc", ...VALID },
  },
  {
    name: "creates with a generated id when id is empty, dropping unknown fields",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: "", extra: true },
    status: 201,
    json: { id: "generated-1", ...VALID },
  },
  {
    name: "accepts milliseconds and no Z",
    method: "POST",
    path: "/events",
    body: { ...VALID, date: "2025-01-02T03:04:05.123" },
    status: 201,
    json: { id: "generated-1", ...VALID, date: "2025-01-02T03:04:05.123" },
  },
  {
    name: "lists all missing fields in spec order",
    method: "POST",
    path: "/events",
    body: { location: "", date: null },
    status: 400,
    json: error("Missing required fields: name, date, location"),
  },
  {
    name: "missing fields before the date format",
    method: "POST",
    path: "/events",
    body: { name: "x", date: "2024-07-15" },
    status: 400,
    json: error("Missing required fields: location"),
  },
  {
    name: "rejects a date-only value",
    method: "POST",
    path: "/events",
    body: { ...VALID, date: "2024-07-15" },
    status: 400,
    json: error("Date must be in ISO 8601 format (YYYY-MM-DDTHH:mm:ssZ)"),
  },
  ...[
    "2024-07-15T10:00:00+02:00",
    "2024-07-15T10:00:00.12Z",
    "2024-7-15T10:00:00Z",
    "2024-07-15 10:00:00",
  ].map(
    (date): Case => ({
      name: `rejects date ${date}`,
      method: "POST",
      path: "/events",
      body: { ...VALID, date },
      status: 400,
      json: error("Date must be in ISO 8601 format (YYYY-MM-DDTHH:mm:ssZ)"),
    }),
  ),
  {
    name: "rejects non-string fields after missing ones",
    method: "POST",
    path: "/events",
    body: { name: 1, date: VALID.date, location: ["x"], id: 7 },
    status: 400,
    json: error("Fields must be strings: name, location, id"),
  },
  {
    name: "rejects a null id on POST",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: null },
    status: 400,
    json: error("Fields must be strings: id"),
  },
  {
    name: "rejects an object id on PATCH",
    method: "PATCH",
    path: "/events/1",
    body: { ...VALID, id: {} },
    status: 400,
    json: error("Fields must be strings: id"),
  },
  {
    name: "rejects a duplicate id",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: "1" },
    status: 409,
    json: error("Event already exists"),
  },
  {
    name: "rejects malformed JSON",
    method: "POST",
    path: "/events",
    body: "{name:",
    status: 400,
    json: error("Request body must be valid JSON"),
  },
  {
    name: "a JSON array counts as an object with no fields",
    method: "POST",
    path: "/events",
    body: "[1,2]",
    status: 400,
    json: error("Missing required fields: name, date, location"),
  },
  {
    name: "updates event 2, keeping its id",
    method: "PATCH",
    path: "/events/2",
    body: { ...VALID, id: "other" },
    status: 200,
    json: { id: "2", ...VALID },
  },
  {
    name: "PATCH looks up before validating",
    method: "PATCH",
    path: "/events/99",
    body: {},
    status: 404,
    json: error("Event not found"),
  },
  {
    name: "PATCH requires all three fields",
    method: "PATCH",
    path: "/events/2",
    body: { name: "only" },
    status: 400,
    json: error("Missing required fields: date, location"),
  },
  {
    name: "PATCH checks the date",
    method: "PATCH",
    path: "/events/2",
    body: { ...VALID, date: "tomorrow" },
    status: 400,
    json: error("Date must be in ISO 8601 format (YYYY-MM-DDTHH:mm:ssZ)"),
  },
  { name: "deletes event 3", method: "DELETE", path: "/events/3", status: 204 },
  {
    name: "delete of an unknown id",
    method: "DELETE",
    path: "/events/99",
    status: 404,
    json: error("Event not found"),
  },
  {
    name: "PUT is not an operation",
    method: "PUT",
    path: "/events",
    body: VALID,
    status: 404,
    json: error("Endpoint not found"),
  },
  {
    name: "PUT by id is not an operation",
    method: "PUT",
    path: "/events/1",
    body: VALID,
    status: 404,
    json: error("Endpoint not found"),
  },
  {
    name: "DELETE on the collection",
    method: "DELETE",
    path: "/events",
    status: 404,
    json: error("Endpoint not found"),
  },
  { name: "unknown path", method: "GET", path: "/nope", status: 404, json: error("Endpoint not found") },
  {
    name: "nested path",
    method: "GET",
    path: "/events/1/extra",
    status: 404,
    json: error("Endpoint not found"),
  },
  {
    name: "an id no URL can address (.)",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: "." },
    status: 400,
    json: error("Invalid id"),
  },
  {
    name: "an id no URL can address (..)",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: ".." },
    status: 400,
    json: error("Invalid id"),
  },
  {
    name: "an id no URL can address (a lone surrogate turns into U+FFFD in any URL)",
    method: "POST",
    path: "/events",
    body: `{"id":"a\\ud800","name":"n","date":"2024-01-01T00:00:00Z","location":"l"}`,
    status: 400,
    json: error("Invalid id"),
  },
  {
    name: "an id with a surrogate pair is fine",
    method: "POST",
    path: "/events",
    body: { ...VALID, id: "a😀" },
    status: 201,
    json: { ...VALID, id: "a😀" },
  },
  {
    name: "JSON nested 5,000 deep",
    method: "POST",
    path: "/events",
    body: `{"name":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    status: 400,
    json: error("JSON nests deeper than 256 levels"),
  },
];

describe("event service", () => {
  let ids = 0;
  const service = createEventService({ randomId: () => `generated-${++ids}` });
  beforeEach(() => {
    service.reset();
    ids = 0;
  });

  describe.each(useTransports(service.fetch))("over $name", (transport) => {
    test.each(cases)("$method $path: $name", async ({ method, path, body, status, json }) => {
      const init: RequestInit = { method };
      if (body !== undefined) {
        init.headers = JSON_HEADERS;
        init.body = typeof body === "string" ? body : JSON.stringify(body);
      }
      const response = await transport.send(path, init);
      expect(response.status).toBe(status);
      expect(response.statusText).toBe(STATUS_CODES[status]);
      if (status === 204) {
        expect(await response.text()).toBe("");
        return;
      }
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const answer = await response.json();
      if (json !== undefined) expect(answer).toEqual(json);
    });

    test("a body over 1 MiB is refused with 413 and nothing is created", async () => {
      const huge = JSON.stringify({ ...VALID, name: "x".repeat(1024 * 1024) });
      const response = await transport.send("/events", { method: "POST", headers: JSON_HEADERS, body: huge });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(error("Request body too large"));
      expect(service.snapshot()).toHaveLength(5);
    });

    test.each([
      [64, 201],
      [2 * 1024 * 1024, 413],
    ])("a streamed (chunked) body of %i bytes answers %i", async (size, status) => {
      const json = JSON.stringify({ ...VALID, location: "y".repeat(size) });
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < json.length; i += 65536)
            controller.enqueue(new TextEncoder().encode(json.slice(i, i + 65536)));
          controller.close();
        },
      });
      const init = { method: "POST", headers: JSON_HEADERS, body: stream, duplex: "half" } as RequestInit;
      const response = await transport.send("/events", init);
      expect(response.status).toBe(status);
      expect(service.snapshot()).toHaveLength(status === 201 ? 6 : 5);
    });

    test("query strings are ignored", async () => {
      const response = await transport.send("/events?limit=2");
      expect(await response.json()).toHaveLength(5);
    });
  });

  test("GET /events lists the seed in creation order, then new events", async () => {
    await service.fetch(
      new Request("http://e/events", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(VALID) }),
    );
    const names = service.snapshot().map((event) => event.name);
    expect(names).toEqual([
      "Tech Conference 2024",
      "Music Festival",
      "Art Exhibition Opening",
      "Startup Networking Event",
      "Food & Wine Tasting",
      "Launch",
    ]);
    expect(service.snapshot()[0]).toEqual(EVENT_1);
  });

  test("PATCH replaces the fields in place and DELETE removes the event", async () => {
    await service.fetch(
      new Request("http://e/events/2", {
        method: "PATCH",
        headers: JSON_HEADERS,
        body: JSON.stringify(VALID),
      }),
    );
    await service.fetch(new Request("http://e/events/3", { method: "DELETE" }));
    expect(service.snapshot().map((event) => event.id)).toEqual(["1", "2", "4", "5"]);
    expect(service.snapshot()[1]).toEqual({ id: "2", ...VALID });
  });

  test("reset returns to the seed and snapshots are copies", async () => {
    const copy = service.snapshot();
    (copy[0] as { name: string }).name = "changed";
    await service.fetch(new Request("http://e/events/1", { method: "DELETE" }));
    expect(service.snapshot()).toHaveLength(4);
    service.reset();
    expect(service.snapshot()[0]).toEqual(EVENT_1);
  });
});

describe("event service under concurrency", () => {
  test("a DELETE that lands while a PATCH body arrives is not undone", async () => {
    const service = createEventService();
    const body = createHeldBody();
    const patch = service.fetch(
      new Request("http://e/events/1", {
        method: "PATCH",
        headers: JSON_HEADERS,
        body: body.stream,
        duplex: "half",
      } as RequestInit),
    );
    await body.reading;
    const deleted = await service.fetch(new Request("http://e/events/1", { method: "DELETE" }));
    expect(deleted.status).toBe(204);
    body.send(JSON.stringify(VALID));
    const patched = await patch;
    expect(patched.status).toBe(404);
    expect(await patched.json()).toEqual(error("Event not found"));
    expect(service.snapshot().map((event) => event.id)).not.toContain("1");
  });

  test("an unknown id is 404 before its body is read, even a bad one", async () => {
    const service = createEventService();
    const response = await service.fetch(
      new Request("http://e/events/nope", { method: "PATCH", headers: JSON_HEADERS, body: "{not json" }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(error("Event not found"));
  });
});

describe("event service failures", () => {
  test("an unexpected exception answers 500 and logs the cause", async () => {
    const store = createMemoryEventStore();
    const broken = {
      ...store,
      list: () => {
        throw new Error("disk on fire");
      },
    };
    const logError = vi.fn();
    const service = createEventService({ store: broken, logError });
    const response = await service.fetch(new Request("http://e/events"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(error("Something went wrong!"));
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ message: "disk on fire" }));
  });

  test("a custom seed replaces the tutorial's events", async () => {
    const service = createEventService({ seed: [{ id: "x", name: "n", date: VALID.date, location: "l" }] });
    const response = await service.fetch(new Request("http://e/events"));
    expect(await response.json()).toEqual([{ id: "x", name: "n", date: VALID.date, location: "l" }]);
  });
});
