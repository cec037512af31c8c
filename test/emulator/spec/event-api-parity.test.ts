import { beforeAll, describe, expect, test } from "vitest";
import { loadEventSeed } from "../../../src/emulator/events/event.js";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { packagePath } from "../../../src/package/package-root.js";

const EVENT = { name: "Launch", date: "2026-05-01T09:00:00Z", location: "Berlin" };

/** One step of the CRUD sequence: what is sent and the status both services must answer. */
const SEQUENCE: [method: string, path: string, body: unknown, status: number][] = [
  ["GET", "/events", undefined, 200],
  ["GET", "/events/1", undefined, 200],
  ["GET", "/events/999", undefined, 404],
  ["POST", "/events", { id: "6", ...EVENT }, 201],
  ["POST", "/events", { id: "6", ...EVENT }, 409],
  ["POST", "/events", { ...EVENT, name: "" }, 400],
  ["POST", "/events", { ...EVENT, date: "tomorrow" }, 400],
  ["POST", "/events", "{not json", 400],
  ["GET", "/events/6", undefined, 200],
  ["PATCH", "/events/6", { ...EVENT, location: "Paris" }, 200],
  ["PATCH", "/events/6", { ...EVENT, id: "7", name: "Moved?" }, 200],
  ["PATCH", "/events/999", EVENT, 404],
  ["PATCH", "/events/999", { name: 5 }, 404],
  ["PATCH", "/events/2", { name: "Only a name" }, 400],
  ["DELETE", "/events/3", undefined, 204],
  ["DELETE", "/events/3", undefined, 404],
  ["GET", "/events/3", undefined, 404],
  ["GET", "/events", undefined, 200],
];

function request(method: string, path: string, body: unknown): Request {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  return new Request(`http://localhost:5566${path}`, init);
}

describe("the event API through the generic spec emulator", () => {
  let generic: SpecEmulator;
  const embedded = createEventService();

  beforeAll(async () => {
    const spec = await loadSpec(packagePath("tools", "event-api.openapi.yaml"));
    generic = createSpecEmulator(spec, { seed: { "/events": loadEventSeed() } });
  });

  test("answers the CRUD sequence with the embedded service's statuses and ends in the same state", async () => {
    for (const [method, path, body, status] of SEQUENCE) {
      const fromEmbedded = await embedded.fetch(request(method, path, body));
      const fromGeneric = await generic.fetch(request(method, path, body));
      expect([method, path, fromEmbedded.status]).toEqual([method, path, status]);
      expect([method, path, fromGeneric.status]).toEqual([method, path, status]);
      if (status < 300 && status !== 204) {
        expect(await fromGeneric.json()).toEqual(await fromEmbedded.json());
      } else if (status >= 400) {
        // The spec's Error schema: {"error": "<message>"}.
        expect(Object.keys(await fromGeneric.json())).toEqual(["error"]);
      }
    }
    expect(generic.snapshot()["/events"]).toEqual(embedded.snapshot());
  });

  test("reset() returns to the seed", async () => {
    await generic.fetch(request("DELETE", "/events/1", undefined));
    generic.reset();
    expect(generic.snapshot()["/events"]).toEqual(loadEventSeed());
  });
});
