import { describe, expect, test } from "vitest";
import { type InferredSpec, inferSpec } from "../../src/infer/infer-spec.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import { createOperationIndex } from "../../src/openapi/operation-index.js";
import { exchange } from "../support/exchange.js";

const API = "https://api.mycompany.com";
const event = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Event ${id}`,
  date: "2024-07-15T18:00:00Z",
  location: "Berlin",
  ...extra,
});

/** What the tutorial's tools and a browser left behind against the user's own service. */
const TRAFFIC = [
  exchange("GET", `${API}/events?limit=2`, 200, [event("1"), event("2")]),
  exchange("GET", `${API}/events`, 200, [event("1"), event("2"), event("3", { capacity: 40 })]),
  exchange("GET", `${API}/events/1`, 200, event("1")),
  exchange("GET", `${API}/events/9`, 404, { error: "Event not found" }),
  exchange("POST", `${API}/events`, 201, event("4"), {
    name: "Demo",
    date: "2024-08-01T10:00:00Z",
    location: "Online",
  }),
  exchange("PATCH", `${API}/events/4`, 200, event("4", { name: "Demo 2" }), { name: "Demo 2" }),
  exchange("DELETE", `${API}/events/4`, 204),
  exchange("PUT", `${API}/events`, 404, { error: "Endpoint not found" }, { name: "x" }),
  exchange("GET", "https://cdn.mycompany.com/logo.json", 200, { ok: true }),
];

type Operation = Record<string, unknown> & {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

describe("inferSpec", () => {
  const inferred = inferSpec(TRAFFIC) as InferredSpec;
  const paths = inferred.document.paths as Record<string, Record<string, Operation>>;
  const operation = (path: string, method: string) => paths[path]?.[method] as Operation;

  test("describes the busiest host, names the others, and says what it was inferred from", () => {
    expect(inferred.origin).toBe(API);
    expect(inferred.exchanges).toBe(8);
    expect(inferred.otherOrigins).toEqual([["https://cdn.mycompany.com", 1]]);
    expect(inferred.document).toMatchObject({
      openapi: "3.1.0",
      info: { title: "api.mycompany.com as seen in 8 recorded exchanges" },
      servers: [{ url: API }],
    });
  });

  test("one operation per method and path template; a method the service never routed is none", () => {
    expect(
      Object.fromEntries(Object.entries(paths).map(([path, item]) => [path, Object.keys(item)])),
    ).toEqual({
      "/events": ["get", "post"],
      "/events/{eventId}": ["get", "delete", "patch"],
    });
  });

  test("query parameters are typed and required only when every exchange had them", () => {
    expect(operation("/events", "get").parameters).toEqual([
      { name: "limit", in: "query", required: false, schema: { type: "integer" } },
    ]);
  });

  test("bodies are JSON Schemas merged over the examples, one response per status seen", () => {
    const read = operation("/events/{eventId}", "get");
    expect(read.parameters).toEqual([
      { name: "eventId", in: "path", required: true, schema: { type: "integer" } },
    ]);
    expect(Object.keys(read.responses)).toEqual(["200", "404"]);
    expect(operation("/events/{eventId}", "delete").responses).toEqual({
      "204": { description: "No Content, seen once" },
    });
    expect(operation("/events", "get").responses["200"]?.content?.["application/json"]?.schema).toEqual({
      type: "array",
      items: {
        type: "object",
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          date: { type: "string", format: "date-time" },
          location: { type: "string" },
          capacity: { type: "integer" },
        },
        required: ["id", "name", "date", "location"],
      },
    });
  });

  test("the description loads, and tells the tutorial's PUT where to go", async () => {
    const index = createOperationIndex(await loadSpec(inferred.document, { label: "inferred" }));
    const put = matchOperation(index, "PUT", `${API}/events`);
    expect(put.ok ? "" : put.message).toBe(
      "PUT /events is not an operation of api.mycompany.com as seen in 8 recorded exchanges (did you mean PATCH /events/{eventId}?)",
    );
  });

  test("an API prefix every path shares is the server's base path", () => {
    const spec = inferSpec([
      exchange("GET", "https://petstore.test/v2/pet/1", 200, { id: 1 }),
      exchange("GET", "https://petstore.test/v2/store/inventory", 200, { sold: 1 }),
    ]);
    expect(spec?.document.servers).toEqual([{ url: "https://petstore.test/v2" }]);
    expect(Object.keys(spec?.document.paths as object)).toEqual(["/pet/{petId}", "/store/inventory"]);
  });

  test("--host chooses another origin; nothing with it, or no absolute URL, is nothing inferred", () => {
    expect(inferSpec(TRAFFIC, { origin: "cdn.mycompany.com" })?.exchanges).toBe(1);
    expect(inferSpec(TRAFFIC, { origin: "https://nowhere.test" })).toBeUndefined();
    expect(inferSpec([exchange("GET", "/relative", 200, {})])).toBeUndefined();
  });
});
