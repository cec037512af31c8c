import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import { createEmulatorFetch } from "../../../src/emulator/emulator-fetch.js";
import { isInProcessFetch } from "../../../src/net/fetch-like.js";
import { createRequestTool } from "../../../src/runtime/request/request-tool.js";
import type { ToolRuntimeOptions } from "../../../src/runtime/runtime-options.js";
import { recordingFetch } from "../../support/recording-fetch.js";
import { createEvent, deleteEvent, getEvents, NEW_EVENT, updateEvent } from "../../support/tutorial-tools.js";

const BASE = "http://api.test";
const IPV4_DENIED = "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.";
const vars = { base_url: BASE };
const PUBLIC: ToolRuntimeOptions = { vars, resolveHost: async () => ["203.0.113.7"] };

function run(
  config: RequestToolConfig,
  args: unknown,
  options: ToolRuntimeOptions = {},
  respond?: Parameters<typeof recordingFetch>[0],
) {
  const recorder = recordingFetch(respond);
  const tool = createRequestTool(config, { ...PUBLIC, ...options, fetch: recorder.fetch });
  return tool.invoke(args).then((result) => ({ result, sent: recorder.last(), all: recorder.requests }));
}

describe("the input schema the LLM is given", () => {
  test("flowise GET with a params schema: optional queryParams of strings, `in` not shown", () => {
    expect(createRequestTool(getEvents, { profile: "flowise" }).inputSchema).toEqual({
      type: "object",
      properties: {
        queryParams: {
          type: "object",
          properties: {
            id: { type: "string", description: "ID of the item to get. /:id" },
            limit: { type: "string", description: "Limit the number of items to get. ?limit=10" },
          },
          additionalProperties: false,
          description: "Query parameters for the request",
        },
      },
      additionalProperties: false,
      $schema: "http://json-schema.org/draft-07/schema#",
    });
  });

  test("flowise DELETE: a required id, inside an optional queryParams", () => {
    const schema = createRequestTool(deleteEvent, { profile: "flowise" }).inputSchema as {
      required?: string[];
      properties: { queryParams: { required: string[] } };
    };
    expect(schema.required).toBeUndefined();
    expect(schema.properties.queryParams.required).toEqual(["id"]);
  });

  test("flowise POST with a body schema: body required", () => {
    expect(createRequestTool(createEvent, { profile: "flowise" }).inputSchema).toMatchObject({
      required: ["body"],
      properties: {
        body: { required: ["name", "date", "location"], description: "Request body parameters" },
      },
    });
  });

  test.each([
    [
      "GET",
      {
        queryParams: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Optional query parameters to include in the request",
        },
      },
    ],
    [
      "POST",
      {
        body: {
          type: "object",
          additionalProperties: {},
          description: "Optional body data to include in the request",
        },
      },
    ],
  ] as const)("flowise %s without a schema: the free-form fallback", (method, properties) => {
    const config: RequestToolConfig = {
      kind: "request",
      method,
      name: "t",
      description: "d",
      url: "http://x",
      headers: {},
    };
    expect(createRequestTool(config, { profile: "flowise" }).inputSchema).toEqual({
      type: "object",
      properties,
      additionalProperties: false,
      $schema: "http://json-schema.org/draft-07/schema#",
    });
  });

  test("flowise types: number and boolean params are strings; integer body fields are strings", () => {
    const config: RequestToolConfig = {
      ...createEvent,
      bodySchema: {
        n: { type: "number", required: true },
        i: { type: "integer", required: true },
        b: { type: "boolean" },
        o: { type: "object" },
        a: { type: "array" },
      },
    };
    const body = (
      createRequestTool(config, { profile: "flowise" }).inputSchema as { properties: { body: unknown } }
    ).properties.body;
    expect(body).toMatchObject({
      properties: {
        n: { type: "number" },
        i: { type: "string" },
        b: { type: "boolean" },
        o: { type: "object" },
        a: { type: "array" },
      },
      required: ["n", "i"],
    });
  });

  test("standard keeps integer, honours required at every level, and offers params on POST", () => {
    const config: RequestToolConfig = {
      ...createEvent,
      method: "PATCH",
      url: `${BASE}/events/:id`,
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
      bodySchema: { count: { type: "integer" } },
    };
    expect(createRequestTool(config).inputSchema).toMatchObject({
      required: ["queryParams"],
      properties: {
        queryParams: { required: ["id"] },
        body: { properties: { count: { type: "integer" } } },
      },
    });
  });

  test("names: flowise normalises, standard sanitises", () => {
    const config = { ...getEvents, name: "Get Events!" };
    expect(createRequestTool(config, { profile: "flowise" }).name).toBe("get_events");
    expect(createRequestTool(config).name).toBe("Get_Events_");
  });

  test("a PATCH tool does not exist under flowise", () => {
    expect(() => createRequestTool({ ...updateEvent, method: "PATCH" }, { profile: "flowise" })).toThrow(
      "update_event: Flowise has no PATCH request tool (use the standard profile, an HTTP node or an OpenAPI toolkit)",
    );
  });
});

describe("arguments", () => {
  test("flowise coerces a number id to a string and strips unknown keys", async () => {
    const { sent } = await run(
      getEvents,
      { queryParams: { id: 3, extra: "x" }, other: 1 },
      { profile: "flowise" },
    );
    expect(sent?.url).toBe(`${BASE}/events/3`);
  });

  test("flowise number params are sent as numbers, boolean params as `v === 'true'`", async () => {
    const config: RequestToolConfig = {
      ...getEvents,
      queryParamsSchema: { n: { type: "number", in: "query" }, b: { type: "boolean", in: "query" } },
    };
    const { sent } = await run(config, { queryParams: { n: "1.50", b: "yes" } }, { profile: "flowise" });
    expect(sent?.url).toBe(`${BASE}/events?n=1.5&b=false`);
  });

  test("a JSON string body is parsed, and string booleans coerced", async () => {
    const config: RequestToolConfig = {
      ...createEvent,
      bodySchema: { ok: { type: "boolean", required: true } },
    };
    const { sent } = await run(config, { body: '{"ok":"yes"}' }, { profile: "flowise" });
    expect(sent?.body).toBe('{"ok":true}');
  });

  test("standard: a missing required field is LangChain's schema error, one line", async () => {
    const { result, all } = await run(createEvent, { body: { name: "x" } });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^Received tool input did not match expected schema: body\.date: /);
    expect(result.request).toBeUndefined();
    expect(all).toHaveLength(0);
  });

  test("flowise: a missing required field is the ZodError's issues, pretty-printed (Flowise 3.1.4)", async () => {
    const { result, all } = await run(
      createEvent,
      { body: { name: "x", location: "y" } },
      { profile: "flowise" },
    );
    expect(result.output).toBe(
      `Received tool input did not match expected schema [\n  {\n    "code": "invalid_type",\n    "expected": "string",\n    "received": "undefined",\n    "path": [\n      "body",\n      "date"\n    ],\n    "message": "Required"\n  }\n]`,
    );
    expect(all).toHaveLength(0);
  });

  test("flowise lets the LLM omit a required path id (queryParams itself is optional)", async () => {
    const { sent } = await run(deleteEvent, {}, { profile: "flowise" });
    expect(sent).toMatchObject({ method: "DELETE", url: `${BASE}/events` });
  });

  test("standard requires it", async () => {
    const { result } = await run(deleteEvent, {});
    expect(result.output).toMatch(/^Received tool input did not match expected schema: queryParams: /);
  });

  test("standard coerces '5' to an integer and rejects 'five'", async () => {
    const config: RequestToolConfig = {
      ...getEvents,
      queryParamsSchema: { limit: { type: "integer", in: "query" } },
    };
    expect((await run(config, { queryParams: { limit: "5" } })).sent?.url).toBe(`${BASE}/events?limit=5`);
    expect((await run(config, { queryParams: { limit: "five" } })).result.output).toContain(
      "queryParams.limit",
    );
  });
});

describe("bodies and headers", () => {
  const withFixed: RequestToolConfig = {
    ...createEvent,
    body: { name: "fixed", source: "{{$vars.source}}" },
  };

  test("flowise: the LLM's keys win over the fixed Body", async () => {
    const { sent } = await run(
      withFixed,
      { body: NEW_EVENT },
      { profile: "flowise", vars: { ...vars, source: "s" } },
    );
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      name: "Launch",
      source: "s",
      date: NEW_EVENT.date,
      location: "Berlin",
    });
  });

  test("standard: the fixed Body wins", async () => {
    const { sent } = await run(withFixed, { body: NEW_EVENT }, { vars: { ...vars, source: "s" } });
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      name: "fixed",
      source: "s",
      date: NEW_EVENT.date,
      location: "Berlin",
    });
  });

  test("flowise: without a Body Schema the LLM's body is ignored", async () => {
    const { bodySchema: _none, ...noSchema } = withFixed;
    const { sent } = await run(
      noSchema,
      { body: { name: "llm" } },
      { profile: "flowise", vars: { ...vars, source: "s" } },
    );
    expect(JSON.parse(sent?.body ?? "")).toEqual({ name: "fixed", source: "s" });
  });

  test("standard: without a Body Schema the LLM's body is sent", async () => {
    const { bodySchema: _none, body: _fixed, ...noSchema } = withFixed;
    const { sent } = await run(noSchema, { body: { name: "llm" } });
    expect(JSON.parse(sent?.body ?? "")).toEqual({ name: "llm" });
  });

  test("POST adds Content-Type first; configured headers keep theirs, with variables resolved", async () => {
    const config: RequestToolConfig = {
      ...createEvent,
      headers: { Authorization: "Bearer {{ $vars.token }}" },
    };
    const { sent } = await run(
      config,
      { body: NEW_EVENT },
      { profile: "flowise", vars: { ...vars, token: "t0k" } },
    );
    expect(sent?.headers).toMatchObject({ "content-type": "application/json", authorization: "Bearer t0k" });
  });

  test("GET sends only the configured headers, node-fetch's own, and no body", async () => {
    const { sent, result } = await run(getEvents, {}, { profile: "flowise" });
    expect(sent?.headers["content-type"]).toBeUndefined();
    expect(sent?.body).toBe("");
    expect(result.request).toEqual({
      method: "GET",
      url: `${BASE}/events`,
      headers: {
        accept: "*/*",
        "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
        "accept-encoding": "gzip,deflate",
      },
    });
  });

  test("flowise POST/PUT ignore path params: the URL is used as given", async () => {
    const config: RequestToolConfig = { ...updateEvent, url: `${BASE}/events/:id` };
    const { sent } = await run(config, { body: NEW_EVENT }, { profile: "flowise" });
    expect(sent?.url).toBe(`${BASE}/events/:id`);
  });

  test("standard PATCH with a path param and a body", async () => {
    const config: RequestToolConfig = {
      ...updateEvent,
      method: "PATCH",
      url: "{{$vars.base_url}}/events/:id",
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
    };
    const { sent } = await run(config, { queryParams: { id: "2" }, body: NEW_EVENT });
    expect(sent).toMatchObject({ method: "PATCH", url: `${BASE}/events/2` });
    expect(JSON.parse(sent?.body ?? "")).toEqual(NEW_EVENT);
  });
});

describe("variables", () => {
  test("{{current_date_time}} comes from the injected clock; {{question}} and flow state resolve", async () => {
    const config: RequestToolConfig = {
      ...createEvent,
      body: { at: "{{current_date_time}}", q: "{{question}}", s: "{{$flow.state.step}}" },
    };
    const now = () => new Date("2024-07-15T10:00:00.000Z");
    const { sent } = await run(config, { body: NEW_EVENT }, { now, question: "hi", flowState: { step: 2 } });
    expect(JSON.parse(sent?.body ?? "")).toMatchObject({ at: "2024-07-15T10:00:00.000Z", q: "hi", s: "2" });
  });

  test("standard: an unknown variable is a clear error and nothing is sent", async () => {
    const { result, all } = await run(getEvents, {}, { vars: {} });
    expect(result.output).toBe("unknown variable {{$vars.base_url}} in url (set it with --var base_url=…)");
    expect(all).toHaveLength(0);
  });

  test("standard: a $vars variable with no value is a call tooldeck was not given, said once per variable", async () => {
    const headers = { Authorization: "Bearer {{$vars.api_key}}" };
    const { result, all } = await run(
      { ...getEvents, headers },
      {},
      { vars: { base_url: "http://api.test" } },
    );
    expect(result).toMatchObject({
      ok: false,
      output: "unknown variable {{$vars.api_key}} in headers (set it with --var api_key=…)",
      notReproduced: "variable {{$vars.api_key}} is not set (set it with --var api_key=…)",
    });
    expect(all).toHaveLength(0);
  });

  test("standard: another unknown template is the tool's own error", async () => {
    const { result } = await run({ ...getEvents, url: "http://api.test/{{nope}}" }, {}, { vars: {} });
    expect(result.output).toBe("unknown variable {{nope}} in url");
    expect(result.notReproduced).toBeUndefined();
  });

  test("flowise: an unknown variable is left literal", async () => {
    const config: RequestToolConfig = { ...getEvents, url: "http://api.test/{{$vars.missing}}" };
    const { sent } = await run(config, {}, { profile: "flowise" });
    expect(sent?.url).toBe("http://api.test/%7B%7B$vars.missing%7D%7D");
  });

  test("flowise: an empty URL fails before sending", async () => {
    const blank = { ...getEvents, url: "" };
    expect((await run(blank, {}, { profile: "flowise" })).result.output).toBe(
      "URL is required for GET request",
    );
    const blankPost = { ...createEvent, url: "" };
    expect((await run(blankPost, { body: NEW_EVENT }, { profile: "flowise" })).result.output).toBe(
      "Failed to make POST request: URL is required for POST request",
    );
  });
});

describe("results", () => {
  const notFound = () =>
    Response.json({ error: "Event not found" }, { status: 404, statusText: "Not Found" });

  test("flowise hides the error body", async () => {
    const { result } = await run(getEvents, { queryParams: { id: "9" } }, { profile: "flowise" }, notFound);
    expect(result).toMatchObject({
      ok: false,
      output: "Failed to make GET request: HTTP Error 404: Not Found",
    });
    expect(result.response?.body).toBe('{"error":"Event not found"}');
  });

  test("standard shows the status and the server's body", async () => {
    const { result } = await run(getEvents, { queryParams: { id: "9" } }, {}, notFound);
    expect(result.output).toBe('HTTP 404 Not Found: {"error":"Event not found"}');
  });

  test("flowise cuts output at maxOutputLength with no marker; 0 gives nothing", async () => {
    const long = () => new Response("x".repeat(50));
    const cut = await run({ ...getEvents, maxOutputLength: 10 }, {}, { profile: "flowise" }, long);
    expect(cut.result.output).toBe("x".repeat(10));
    const none = await run({ ...getEvents, maxOutputLength: 0 }, {}, { profile: "flowise" }, long);
    expect(none.result.output).toBe("");
  });

  test("standard marks truncation", async () => {
    const { result } = await run(
      { ...getEvents, maxOutputLength: 10 },
      {},
      {},
      () => new Response("x".repeat(50)),
    );
    expect(result.output).toBe(`${"x".repeat(10)}\n…[truncated: 10 of 50 characters shown]`);
  });

  test("a network error is a failed call in both profiles", async () => {
    const refused = () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    };
    expect((await run(getEvents, {}, { profile: "flowise" }, refused)).result.output).toBe(
      "Failed to make GET request: fetch failed",
    );
    expect((await run(getEvents, {}, {}, refused)).result.output).toBe(
      `GET ${BASE}/events failed: fetch failed (ECONNREFUSED)`,
    );
  });

  test("standard times out, and honours the caller's AbortSignal", async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason)),
      );
    expect((await run(getEvents, {}, { timeoutMs: 20 }, hang)).result.output).toBe(
      `GET ${BASE}/events failed: timed out after 20 ms`,
    );
    const recorder = recordingFetch(hang);
    const tool = createRequestTool(getEvents, { ...PUBLIC, fetch: recorder.fetch });
    const stop = new AbortController();
    const pending = tool.invoke({}, { signal: stop.signal });
    stop.abort();
    expect((await pending).output).toBe(`GET ${BASE}/events failed: aborted`);
  });
});

test("an in-process handler that never answers times out too (no socket, a timer race)", async () => {
  const emulator = createEmulatorFetch({ [BASE]: () => new Promise<Response>(() => {}) });
  expect(isInProcessFetch(emulator.fetch, `${BASE}/events`)).toBe(true);
  expect(isInProcessFetch(emulator.fetch, "http://elsewhere.test/")).toBe(false);
  const tool = createRequestTool(getEvents, { ...PUBLIC, fetch: emulator.fetch, timeoutMs: 20 });
  expect((await tool.invoke({})).output).toBe(`GET ${BASE}/events failed: timed out after 20 ms`);
});

describe("hosts", () => {
  const IPV4_DENIED =
    "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.";

  test.each([
    ["http://localhost:5566", IPV4_DENIED],
    ["http://127.0.0.1:5566", IPV4_DENIED],
    ["http://10.1.2.3", IPV4_DENIED],
    ["http://[::1]:80", "Failed to make GET request: Access to this host is denied by policy."],
    ["http://192.168.0.9", IPV4_DENIED],
  ])(
    "flowise refuses %s by policy, in Flowise 3.1.4's words for its address family",
    async (base, message) => {
      const { result, all } = await run(getEvents, {}, { profile: "flowise", vars: { base_url: base } });
      expect(result.output).toBe(message);
      expect(all).toHaveLength(0);
    },
  );

  test("flowise refuses a name that resolves to a private address", async () => {
    const { result } = await run(
      getEvents,
      {},
      { profile: "flowise", resolveHost: async () => ["10.0.0.1"] },
    );
    expect(result.output).toBe(IPV4_DENIED);
  });

  test("flowise with httpSecurityCheck false, and standard, reach loopback", async () => {
    const local = { base_url: "http://localhost:5566" };
    expect(
      (await run(getEvents, {}, { profile: "flowise", vars: local, httpSecurityCheck: false })).result.ok,
    ).toBe(true);
    expect((await run(getEvents, {}, { vars: local })).result.ok).toBe(true);
  });

  test("an outbound policy refuses any other host before sending", async () => {
    const outbound = { allowedHosts: ["example.com"], allowWrites: false };
    const { result, all } = await run(getEvents, {}, { outbound });
    expect(result.output).toContain("failed: refused: host api.test is not allowed");
    expect(all).toHaveLength(0);
  });
});

describe("flowise redirects", () => {
  test("a 303 becomes a body-less GET, checked again", async () => {
    const { result, all } = await run(createEvent, { body: NEW_EVENT }, { profile: "flowise" }, (request) =>
      request.url.endsWith("/events")
        ? new Response(null, { status: 303, headers: { location: "/done" } })
        : new Response("done"),
    );
    expect(result.output).toBe("done");
    expect(all.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      `POST ${BASE}/events ${JSON.stringify(NEW_EVENT)}`,
      `GET ${BASE}/done `,
    ]);
  });

  test("a redirect to a private host is refused", async () => {
    const { result } = await run(
      getEvents,
      {},
      { profile: "flowise" },
      () => new Response(null, { status: 302, headers: { location: "http://127.0.0.1/x" } }),
    );
    expect(result.output).toBe(IPV4_DENIED);
  });

  test("more than five redirects fail", async () => {
    const { result, all } = await run(
      getEvents,
      {},
      { profile: "flowise" },
      () => new Response(null, { status: 302, headers: { location: "/again" } }),
    );
    expect(result.output).toBe("Failed to make GET request: Too many redirects");
    expect(all).toHaveLength(6);
  });
});
