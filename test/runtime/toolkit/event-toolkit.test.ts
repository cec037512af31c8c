import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { OpenApiToolkitConfigInput } from "../../../src/config/openapi-toolkit-config.js";
import { createEventService, type EventService } from "../../../src/emulator/events/event-service.js";
import { type RunningServer, serve } from "../../../src/emulator/serve.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { createToolkit } from "../../../src/runtime/toolkit/create-toolkit.js";

const config = load(
  readFileSync(packagePath("tools", "event-toolkit.yaml"), "utf8"),
) as OpenApiToolkitConfigInput;
const EVENT_1 = {
  id: "1",
  name: "Tech Conference 2024",
  date: "2024-06-15T09:00:00Z",
  location: "San Francisco, CA",
};
const NEW_EVENT = { name: "Launch", date: "2025-01-02T03:04:05Z", location: "Berlin" };

/** The event service as the toolkit's fetch: every call answered in-process. */
function serviceFetch(service: EventService) {
  return async (input: string | URL | Request, init?: RequestInit) => service.fetch(new Request(input, init));
}

async function toolkit(profile: "flowise" | "standard", service: EventService) {
  const tools = await createToolkit(config, {
    profile,
    specBaseDir: packagePath("tools"),
    fetch: serviceFetch(service),
    // The event API's server is localhost, which Flowise's host policy refuses (HTTP_SECURITY_CHECK=false).
    httpSecurityCheck: false,
  });
  const byName = (name: string) => tools.find((tool) => tool.name === name) as ExecutableTool;
  return { tools, byName };
}

const QUERY_INPUT = {
  type: "object",
  properties: { input: { type: "string", description: "Query input" } },
  additionalProperties: false,
  $schema: "http://json-schema.org/draft-07/schema#",
};

describe("tools/event-toolkit.yaml under the flowise profile", () => {
  test("five tools, and the by-id ones lost their id", async () => {
    const { tools, byName } = await toolkit("flowise", createEventService());
    expect(tools.map((tool) => tool.name)).toEqual([
      "listEvents",
      "createEvent",
      "getEventById",
      "updateEventDetails",
      "deleteEvent",
    ]);
    expect(byName("getEventById").inputSchema).toEqual(QUERY_INPUT);
    expect(byName("deleteEvent").inputSchema).toEqual(QUERY_INPUT);
    expect(
      Object.keys((byName("updateEventDetails").inputSchema as { properties: object }).properties),
    ).toEqual(["RequestBody"]);
  });

  test("getEventById calls /events/{id} literally and answers the service's error as its output", async () => {
    const { byName } = await toolkit("flowise", createEventService());
    const result = await byName("getEventById").invoke({ input: "1" });
    expect(result).toMatchObject({
      ok: true,
      output: '{"error":"Event not found"}',
      request: { method: "GET", url: "http://localhost:5566/events/{id}?" },
      response: { status: 404 },
    });
  });

  test("createEvent posts the RequestBody and answers the created event", async () => {
    const service = createEventService({ randomId: () => "new-1" });
    const { byName } = await toolkit("flowise", service);
    const result = await byName("createEvent").invoke({ RequestBody: NEW_EVENT });
    expect(result.output).toBe(JSON.stringify({ id: "new-1", ...NEW_EVENT }));
    expect(result.request).toEqual({
      method: "POST",
      url: "http://localhost:5566/events?",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(NEW_EVENT),
    });
  });

  test("the tutorial's date-only value is answered with the service's 400 body, as output", async () => {
    const { byName } = await toolkit("flowise", createEventService());
    const result = await byName("createEvent").invoke({ RequestBody: { ...NEW_EVENT, date: "2024-07-15" } });
    expect(result).toMatchObject({
      ok: true,
      output: '{"error":"Date must be in ISO 8601 format (YYYY-MM-DDTHH:mm:ssZ)"}',
    });
  });
});

describe("tools/event-toolkit.yaml under the standard profile", () => {
  test("getEventById takes the id and returns the event", async () => {
    const { tools, byName } = await toolkit("standard", createEventService());
    expect(tools).toHaveLength(5);
    const get = byName("getEventById");
    expect(get.inputSchema).toEqual({
      type: "object",
      properties: {
        PathParameters: {
          type: "object",
          properties: { id: { type: "string", description: "ID of the event" } },
          required: ["id"],
          additionalProperties: false,
        },
      },
      required: ["PathParameters"],
      additionalProperties: false,
    });
    const result = await get.invoke({ PathParameters: { id: "1" } });
    expect(result).toMatchObject({
      ok: true,
      request: { method: "GET", url: "http://localhost:5566/events/1" },
    });
    expect(JSON.parse(result.output)).toEqual(EVENT_1);
  });

  test("update, delete and their failures carry status and body", async () => {
    const service = createEventService();
    const { byName } = await toolkit("standard", service);
    const update = await byName("updateEventDetails").invoke({
      PathParameters: { id: "2" },
      RequestBody: NEW_EVENT,
    });
    expect(JSON.parse(update.output)).toEqual({ id: "2", ...NEW_EVENT });
    const deleted = await byName("deleteEvent").invoke({ PathParameters: { id: "2" } });
    expect(deleted).toMatchObject({ ok: true, output: "", response: { status: 204 } });
    const missing = await byName("deleteEvent").invoke({ PathParameters: { id: "2" } });
    expect(missing).toMatchObject({ ok: false, output: 'HTTP 404 Not Found: {"error":"Event not found"}' });
    expect(service.snapshot().map((event) => event.id)).toEqual(["1", "3", "4", "5"]);
  });

  test("arguments that do not fit the description fail before anything is sent", async () => {
    const { byName } = await toolkit("standard", createEventService());
    const result = await byName("getEventById").invoke({ input: "1" });
    expect(result).toEqual({
      ok: false,
      output:
        "invalid arguments for getEventById: arguments must have required property 'PathParameters'; arguments must NOT have additional properties (input)",
      error:
        "invalid arguments for getEventById: arguments must have required property 'PathParameters'; arguments must NOT have additional properties (input)",
    });
  });

  describe("over a real socket", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await serve(createEventService().fetch, { port: 0 });
    });
    afterAll(() => server.close());

    test("selectedServer points the tools at the served emulator, called with the global fetch", async () => {
      const tools = await createToolkit(
        { ...config, selectedServer: "{{$vars.base_url}}" },
        { specBaseDir: packagePath("tools"), vars: { base_url: server.url } },
      );
      const list = tools.find((tool) => tool.name === "listEvents") as ExecutableTool;
      const result = await list.invoke({});
      expect(result.request?.url).toBe(`${server.url}/events`);
      expect(result.response?.statusText).toBe("OK");
      expect((JSON.parse(result.output) as unknown[]).length).toBe(5);
    });
  });
});
