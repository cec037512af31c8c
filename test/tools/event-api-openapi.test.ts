import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, test } from "vitest";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { createMemoryEventStore, type EventStore } from "../../src/emulator/events/event-store.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import { createOperationIndex, type OperationIndex } from "../../src/openapi/operation-index.js";
import { packageRoot } from "../../src/package/package-root.js";
import { type Transport, useTransports } from "../support/transports.js";

/**
 * tools/event-api.openapi.yaml against the embedded event service: every documented operation and
 * status is exercised, each answer is documented and its body validates, and every route the service
 * answers is documented.
 */
interface Case {
  operationId: string;
  status: number;
  path: string;
  body?: unknown;
  /** The service to ask; default a fresh one with the seed. */
  broken?: boolean;
}

const VALID = { name: "Launch", date: "2025-01-02T03:04:05Z", location: "Berlin" };
const TOO_LARGE = { ...VALID, name: "x".repeat(1024 * 1024 + 1) };

const cases: Case[] = [
  { operationId: "listEvents", status: 200, path: "/events" },
  { operationId: "listEvents", status: 500, path: "/events", broken: true },
  { operationId: "createEvent", status: 201, path: "/events", body: VALID },
  { operationId: "createEvent", status: 201, path: "/events", body: { ...VALID, id: "mine", extra: 1 } },
  { operationId: "createEvent", status: 400, path: "/events", body: { name: "x" } },
  { operationId: "createEvent", status: 400, path: "/events", body: { ...VALID, date: "2024-07-15" } },
  { operationId: "createEvent", status: 400, path: "/events", body: { ...VALID, name: 5 } },
  { operationId: "createEvent", status: 400, path: "/events", body: "{not json" },
  { operationId: "createEvent", status: 409, path: "/events", body: { ...VALID, id: "1" } },
  { operationId: "createEvent", status: 413, path: "/events", body: TOO_LARGE },
  { operationId: "createEvent", status: 500, path: "/events", body: VALID, broken: true },
  { operationId: "getEventById", status: 200, path: "/events/1" },
  { operationId: "getEventById", status: 404, path: "/events/404" },
  { operationId: "getEventById", status: 500, path: "/events/1", broken: true },
  { operationId: "updateEventDetails", status: 200, path: "/events/2", body: VALID },
  {
    operationId: "updateEventDetails",
    status: 400,
    path: "/events/2",
    body: { ...VALID, date: "2025-01-02T03:04:05+01:00" },
  },
  { operationId: "updateEventDetails", status: 404, path: "/events/404", body: VALID },
  { operationId: "updateEventDetails", status: 413, path: "/events/2", body: TOO_LARGE },
  { operationId: "updateEventDetails", status: 500, path: "/events/2", body: VALID, broken: true },
  { operationId: "deleteEvent", status: 204, path: "/events/3" },
  { operationId: "deleteEvent", status: 404, path: "/events/404" },
  { operationId: "deleteEvent", status: 500, path: "/events/3", broken: true },
];

/** A store that fails on every use after the seed is loaded: the service's 500 path. */
function brokenStore(): EventStore {
  const store = createMemoryEventStore();
  const fail = () => {
    throw new Error("store unavailable");
  };
  return { ...store, list: fail, get: fail, has: fail, put: fail, delete: fail };
}

let index: OperationIndex;
const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));

beforeAll(async () => {
  index = createOperationIndex(await loadSpec("tools/event-api.openapi.yaml", { baseDir: packageRoot() }));
});

function documentedSchema(operationId: string, status: number) {
  const operation = index.byOperationId.get(operationId);
  const response = operation?.responses[String(status)];
  return { operation, response, schema: response?.content?.["application/json"]?.schema };
}

function requestInit(operationId: string, body: unknown): RequestInit {
  const method = index.byOperationId.get(operationId)?.method ?? "GET";
  if (body === undefined) return { method };
  return {
    method,
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

describe.each([
  ["healthy", () => createEventService({ logError: () => {} })],
  ["broken", () => createEventService({ store: brokenStore(), logError: () => {} })],
])("the %s event service answers as documented", (kind, create) => {
  const service = create();
  const transports = useTransports((request) => service.fetch(request));
  const relevant = cases.filter((c) => (c.broken ?? false) === (kind === "broken"));

  describe.each(transports)("$name", (transport: Transport) => {
    test.each(relevant)("$operationId $path → $status", async ({ operationId, status, path, body }) => {
      service.reset();
      const response = await transport.send(path, requestInit(operationId, body));
      expect(response.status).toBe(status);
      const { operation, response: documented, schema } = documentedSchema(operationId, status);
      expect(operation, `${operationId} is documented`).toBeDefined();
      expect(documented, `${operationId} documents ${status}`).toBeDefined();
      const text = await response.text();
      if (!documented?.content) {
        expect(text).toBe("");
        return;
      }
      expect(response.headers.get("content-type")).toContain("application/json");
      const validate = ajv.compile(schema as object);
      const valid = validate(JSON.parse(text));
      expect(validate.errors ?? [], text.slice(0, 200)).toEqual([]);
      expect(valid).toBe(true);
    });
  });
});

describe("the description covers the service", () => {
  test("every documented operation and status has a case", () => {
    const documented = index.operations.flatMap((op) =>
      Object.keys(op.responses).map((status) => `${op.operationId} ${status}`),
    );
    const exercised = new Set(cases.map((c) => `${c.operationId} ${c.status}`));
    expect(documented.filter((entry) => !exercised.has(entry))).toEqual([]);
    expect([...exercised].filter((entry) => !documented.includes(entry))).toEqual([]);
  });

  // HEAD is left out: HTTP derives it from GET, and OpenAPI descriptions do not list it.
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  const paths = ["/", "/events", "/events/1", "/events/1/details", "/event", "/events/1/2/3"];
  const probes = methods.flatMap((method) => paths.map((path) => ({ method, path })));

  test.each(probes)("$method $path is routed exactly when it is documented", async ({ method, path }) => {
    const service = createEventService();
    const init: RequestInit = { method };
    if (!["GET", "DELETE", "OPTIONS"].includes(method)) {
      Object.assign(init, { headers: { "content-type": "application/json" }, body: JSON.stringify(VALID) });
    }
    const response = await service.fetch(new Request(`http://events.test${path}`, init));
    const routed = !(response.status === 404 && (await response.json()).error === "Endpoint not found");
    expect(matchOperation(index, method, path).ok).toBe(routed);
  });
});

describe("the description's date rule is the service's own", () => {
  test.each([
    "2024-07-15T18:00:00Z",
    "2024-07-15T18:00:00.123Z",
    "2024-07-15T18:00:00",
    "0000-00-00T00:00:00",
    "2024-01-01T12:99:00Z",
    "2024-07-15",
    "2024-07-15T18:00:00+02:00",
    "15/07/2024 18:00",
  ])("%s: accepted by both or refused by both", async (date) => {
    const service = createEventService();
    const response = await service.fetch(
      new Request("http://events.test/events", requestInit("createEvent", { ...VALID, date })),
    );
    const schema = index.byOperationId.get("createEvent")?.requestBody?.content?.["application/json"]?.schema;
    const documented = ajv.validate(schema as object, { ...VALID, date });
    expect(response.status === 201).toBe(documented);
  });
});
