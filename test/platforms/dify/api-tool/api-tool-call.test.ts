import { describe, expect, test } from "vitest";
import { castValue } from "../../../../src/platforms/dify/api-tool/cast-arguments.js";
import { convertBodyValue } from "../../../../src/platforms/dify/api-tool/convert-body-value.js";
import { AGENT, documentOf, toolOf } from "./api-tool-support.js";

const bodyOf = (contentType: string, properties: Record<string, unknown>, required: string[] = []) =>
  documentOf("/events", "post", {
    operationId: "createEvent",
    requestBody: { content: { [contentType]: { schema: { type: "object", required, properties } } } },
  });

describe("casting each argument by its declared type (fact 62)", () => {
  test.each([
    ["string", { a: 1 }, "{'a': 1}"],
    ["string", [1, "x"], "[1, 'x']"],
    ["string", true, "True"],
    ["string", null, ""],
    ["number", 7, 7],
    ["number", "3.5", 3.5],
    ["number", "3", 3],
    ["number", "", null],
    ["boolean", null, false],
    ["boolean", "YES", true],
    ["boolean", "n", false],
    ["boolean", "False", false],
    ["boolean", "maybe", true],
  ] as const)("%s ← %j is %j", (type, value, expected) => {
    expect(castValue(type, value)).toEqual(expected);
  });

  test("a number that does not parse raises Python's text, which the model sees", async () => {
    const { tool, seen } = await toolOf(
      documentOf("/events", "get", {
        operationId: "listEvents",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
      }),
      { name: "listEvents", agent: AGENT },
    );
    expect((await tool.invoke({ limit: "abc" })).output).toBe(
      "tool invoke error: invalid literal for int() with base 10: 'abc'",
    );
    expect((await tool.invoke({ limit: "3.x" })).output).toBe(
      "tool invoke error: could not convert string to float: '3.x'",
    );
    expect(seen).toEqual([]);
  });
});

describe("the request (facts 63–69)", () => {
  const getEvent = documentOf("/events/{id}", "get", {
    operationId: "getEvent",
    parameters: [
      { name: "id", in: "path", required: true },
      { name: "q", in: "query", schema: { type: "string" } },
      { name: "page", in: "query", schema: { type: "integer", default: 1 } },
      { name: "X-Trace", in: "header" },
      { name: "session", in: "cookie", required: true, schema: { default: "s1" } },
    ],
  });

  test("fact 63: a missing required parameter is refused; a required one with a default takes it", async () => {
    const { tool, seen } = await toolOf(getEvent, { name: "getEvent", agent: AGENT });
    expect((await tool.invoke({})).output).toBe("tool invoke error: Missing required parameter id");
    await tool.invoke({ id: "1" });
    expect(seen[0]?.headers.cookie).toBe("session=s1");
  });

  test("fact 63: a required body property missing names the operation", async () => {
    const document = {
      ...documentOf("/events", "post", {
        operationId: "createEvent",
        requestBody: {
          content: {
            "application/json": {
              schema: { required: ["title"], properties: { title: { type: "string" } } },
            },
            "text/plain": { schema: { properties: { title: { type: "string" } } } },
          },
        },
      }),
    };
    // The parameters come from the last media type (title optional), the call from the first (required).
    const { tool } = await toolOf(document, { name: "createEvent", agent: AGENT });
    expect((await tool.invoke({})).output).toBe(
      "tool invoke error: Missing required parameter title in operation createEvent",
    );
  });

  test("fact 64: path values are not URL-encoded; optional query defaults apply, an empty one is dropped; headers and cookies are str()", async () => {
    const { tool, seen } = await toolOf(getEvent, { name: "getEvent" });
    await tool.invoke({ id: "a/b", "X-Trace": true });
    expect(seen[0]?.url).toBe("https://api.example.com/events/a/b?page=1");
    expect(seen[0]?.headers["x-trace"]).toBe("True");
    await tool.invoke({ id: 5, q: "two words", page: "" });
    // `""` cast as a number is None, which httpx still sends as `page=` (fact 64).
    expect(seen[1]?.url).toBe("https://api.example.com/events/5?q=two+words&page=");
  });

  test("facts 51, 65: an api_key_query credential is the first query parameter", async () => {
    const { tool, seen } = await toolOf(
      getEvent,
      {
        name: "getEvent",
        credentials: {
          auth_type: "api_key_query",
          api_key_query_param: "token",
          api_key_value: "{{$vars.key}}",
        },
      },
      undefined,
      { vars: { key: "s3cret" } },
    );
    await tool.invoke({ id: "1", q: "x" });
    expect(seen[0]?.url).toBe("https://api.example.com/events/1?token=s3cret&q=x&page=1");
  });

  test.each([
    [
      { auth_type: "api_key_header", api_key_value: "k", api_key_header_prefix: "basic" },
      { authorization: "Basic k" },
    ],
    [
      { auth_type: "api_key", api_key_value: "k", api_key_header_prefix: "bearer" },
      { authorization: "Bearer k" },
    ],
    [
      {
        auth_type: "api_key_header",
        api_key_value: "k",
        api_key_header: "X-Api-Key",
        api_key_header_prefix: "custom",
      },
      { "x-api-key": "k" },
    ],
    [
      { auth_type: "api_key_header", api_key_value: "", api_key_header_prefix: "bearer" },
      { authorization: "" },
    ],
  ] as const)("fact 51: %j sends %j (basic is not base64-encoded)", async (credentials, expected) => {
    const { tool, seen } = await toolOf(getEvent, { name: "getEvent", credentials: { ...credentials } });
    await tool.invoke({ id: "1" });
    expect(seen[0]?.headers).toMatchObject(expected);
  });

  test("fact 51: api_key_header without a value is `Missing api_key_value`; an unset credential variable is not guessed", async () => {
    const missing = await toolOf(getEvent, {
      name: "getEvent",
      agent: AGENT,
      credentials: { auth_type: "api_key_header" },
    });
    expect((await missing.tool.invoke({ id: "1" })).output).toBe("tool invoke error: Missing api_key_value");
    const unset = await toolOf(getEvent, {
      name: "getEvent",
      credentials: { auth_type: "api_key_header", api_key_value: "{{$vars.weather_key}}" },
    });
    const result = await unset.tool.invoke({ id: "1" });
    expect(result.notReproduced).toBe(
      "credential variable $vars.weather_key is not set (set it with --secret weather_key=…)",
    );
    expect(unset.seen).toEqual([]);
  });

  test("a DSL-linked tool takes its provider's credentials from --var/--secret <provider>.*", async () => {
    const { tool, seen } = await toolOf(getEvent, { name: "getEvent" }, undefined, {
      vars: {
        "example.auth_type": "api_key_header",
        "example.api_key_value": "k",
        "example.api_key_header_prefix": "bearer",
      },
    });
    await tool.invoke({ id: "1" });
    expect(seen[0]?.headers.authorization).toBe("Bearer k");
  });

  test("an invalid <provider>.auth_type variable is said, and nothing is sent", async () => {
    const { tool, seen } = await toolOf(getEvent, { name: "getEvent" }, undefined, {
      vars: { "example.auth_type": "oauth" },
    });
    expect((await tool.invoke({ id: "1" })).notReproduced).toMatch(
      /^--var example\.auth_type \(or another example\.\* credential\) is not one Dify takes: /,
    );
    expect(seen).toEqual([]);
  });

  test("--base-url replaces the origin of servers[0].url, its path kept", async () => {
    const document = { ...getEvent, servers: [{ url: "https://api.example.com/v2" }] };
    const { tool, seen } = await toolOf(document, { name: "getEvent" }, undefined, {
      baseUrl: "http://127.0.0.1:8080/",
    });
    await tool.invoke({ id: "1" });
    expect(seen[0]?.url).toBe("http://127.0.0.1:8080/v2/events/1?page=1");
  });

  test("fact 66: body values converted by their property: bool('false') is True, oneOf/allOf/untyped are null", async () => {
    const properties = {
      count: { type: "integer" },
      price: { type: "number" },
      flag: { anyOf: [{ type: "boolean" }] },
      strict: { type: "boolean" },
      tags: { type: "array" },
      list: { type: "array" },
      choice: { oneOf: [{ type: "string" }] },
      merged: { allOf: [{ type: "string" }] },
      loose: {},
      linked: { $ref: "#/components/schemas/X" },
    };
    const { tool, seen } = await toolOf(bodyOf("application/json", properties), { name: "createEvent" });
    await tool.invoke({
      count: "7",
      price: "2.50",
      flag: "false",
      strict: "false",
      tags: ["a"],
      list: '["a"]',
      choice: "x",
      merged: "y",
      loose: "z",
      linked: "raw",
    });
    // `strict` is cast as a boolean first (fact 62: "false" → False); `flag` is a string until `anyOf` reads it;
    // an array the model gives is cast to its Python repr (fact 62), which json.loads cannot read back.
    expect(seen[0]?.body).toBe(
      '{"count": 7, "price": 2.5, "flag": false, "strict": false, "tags": "[\'a\']", "list": ["a"], "choice": null, "merged": null, "loose": null, "linked": "raw"}',
    );
  });

  test.each([
    [{ type: "boolean" }, "false", true],
    [{ type: "boolean" }, "", false],
    [{ type: "integer" }, "x1", "x1"],
    [{ type: "number" }, "4", 4],
    [{ type: "object" }, '{"a": 1}', { a: 1 }],
    [{ type: "object" }, "{'a': 1}", "{'a': 1}"],
    [{ type: "null" }, "x", null],
    [{ type: "file" }, "x", "x"],
    [{ anyOf: [{ type: "boolean" }, { type: "integer" }] }, "yes", "yes"],
    [{ anyOf: [{ type: "integer" }, { type: "string" }] }, "12", 12],
    [{ oneOf: [{ type: "string" }] }, "x", null],
  ] as const)("fact 66: %j ← %j is %j", (property, value, expected) => {
    expect(convertBodyValue({ ...property }, value)).toEqual(expected);
  });

  test("fact 65: body properties not given take their default, else are left out (never null)", async () => {
    const { tool, seen } = await toolOf(
      bodyOf("application/json", { a: { type: "string", default: "d" }, b: { type: "string" } }),
      { name: "createEvent" },
    );
    await tool.invoke({});
    expect(seen[0]?.body).toBe('{"a": "d"}');
  });

  test("facts 67–68: exactly application/json is json.dumps (ASCII escapes, spaced separators) under that Content-Type", async () => {
    const { tool, seen } = await toolOf(
      bodyOf("application/json", { title: { type: "string" }, n: { type: "number" } }),
      { name: "createEvent" },
    );
    await tool.invoke({ title: "Café", n: 1 });
    expect(seen[0]).toMatchObject({
      body: '{"title": "Caf\\u00e9", "n": 1}',
      headers: { "content-type": "application/json" },
    });
  });

  test("fact 68: `application/json; charset=utf-8` is form-encoded under the JSON header", async () => {
    const { tool, seen } = await toolOf(
      bodyOf("application/json; charset=utf-8", {
        title: { type: "string" },
        ok: { anyOf: [{ type: "boolean" }] },
        none: {},
      }),
      { name: "createEvent" },
    );
    await tool.invoke({ title: "a b&c", ok: "true", none: "x" });
    expect(seen[0]).toMatchObject({
      body: "title=a+b%26c&ok=true&none=",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  });

  test("fact 68: exactly application/x-www-form-urlencoded is Python's urlencode (str() of each value)", async () => {
    const { tool, seen } = await toolOf(
      bodyOf("application/x-www-form-urlencoded", { ok: { anyOf: [{ type: "boolean" }] }, none: {} }),
      { name: "createEvent" },
    );
    await tool.invoke({ ok: "1", none: "x" });
    expect(seen[0]?.body).toBe("ok=True&none=None");
  });

  test("fact 69: a file parameter is not modelled: nothing is sent", async () => {
    const { tool, seen } = await toolOf(
      bodyOf("multipart/form-data", { file: { type: "string", format: "binary" } }),
      { name: "createEvent" },
    );
    expect(tool.inputSchema).toEqual({ type: "object", properties: {}, required: [] });
    const result = await tool.invoke({ file: "x" });
    expect(result.notReproduced).toBe("file is a file parameter (format: binary): files are not modelled");
    expect(seen).toEqual([]);
  });

  test("fact 67: only httpx's own headers besides the call's", async () => {
    const { tool, seen } = await toolOf(bodyOf("application/json", { a: { type: "string" } }), {
      name: "createEvent",
    });
    await tool.invoke({ a: "x" });
    expect(seen[0]?.headers).toEqual({
      accept: "*/*",
      "accept-encoding": "gzip, deflate",
      "user-agent": "python-httpx/0.27.2",
      "content-type": "application/json",
    });
  });
});

describe("the model's arguments and the fixed ones (facts 48, 84)", () => {
  const document = documentOf("/weather", "get", {
    operationId: "getWeather",
    parameters: [
      { name: "city", in: "query", required: true },
      { name: "days", in: "query", schema: { type: "integer" } },
      { name: "units", in: "query" },
    ],
  });

  test("fact 84: the model's value overrides a fixed one of the same name", async () => {
    const { tool, seen } = await toolOf(document, {
      name: "getWeather",
      agent: AGENT,
      parameters: { units: { type: "constant", value: "metric" } },
    });
    expect(Object.keys((tool.inputSchema as { properties: object }).properties)).toEqual(["city", "days"]);
    await tool.invoke({ city: "Paris", units: "imperial" });
    expect(seen[0]?.url).toBe("https://api.example.com/weather?city=Paris&units=imperial");
  });

  test("fact 48: a Tool node's constants and templates are strings, then cast; references come from --var by selector", async () => {
    const { tool, seen } = await toolOf(
      document,
      {
        name: "getWeather",
        parameters: {
          city: { type: "mixed", value: "{{#start.city#}}" },
          days: { type: "constant", value: 5 },
          units: { type: "constant", value: true },
        },
      },
      undefined,
      { vars: { "start.city": "Oslo" } },
    );
    await tool.invoke({});
    expect(seen[0]?.url).toBe("https://api.example.com/weather?city=Oslo&days=5&units=True");
    const unset = await toolOf(document, {
      name: "getWeather",
      parameters: { city: { type: "variable", value: ["start", "city"] } },
    });
    expect((await unset.tool.invoke({})).notReproduced).toBe(
      "the value of {{#start.city#}} is not known (set it with --var start.city=…)",
    );
  });
});

describe("methods and the client (fact 70)", () => {
  test("a trace operation is a tool whose call fails: `Invalid http method TRACE`", async () => {
    const { tool, seen } = await toolOf(documentOf("/x", "trace", { operationId: "traceIt" }), {
      name: "traceIt",
      agent: AGENT,
    });
    expect((await tool.invoke({})).output).toBe("tool invoke error: Invalid http method TRACE");
    expect(seen).toEqual([]);
  });

  test.each([429, 500, 502, 503, 504])(
    "a %i answer loses its status and body: `Reached maximum retries (0) for URL …`",
    async (status) => {
      const document = documentOf("/events/{id}", "get", {
        operationId: "getEvent",
        parameters: [
          { name: "id", in: "path", required: true },
          { name: "q", in: "query" },
        ],
      });
      const { tool } = await toolOf(
        document,
        { name: "getEvent", agent: AGENT },
        () => new Response("busy", { status }),
      );
      const result = await tool.invoke({ id: "1", q: "x" });
      expect(result.output).toBe(
        "tool invoke error: Reached maximum retries (0) for URL https://api.example.com/events/1",
      );
      expect(result.response?.status).toBe(status);
    },
  );
});
