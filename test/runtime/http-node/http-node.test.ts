import { describe, expect, test } from "vitest";
import { type HttpNodeConfig, HttpNodeConfigSchema } from "../../../src/config/http-node-config.js";
import { createEmulator } from "../../../src/emulator/create-emulator.js";
import { serve } from "../../../src/emulator/serve.js";
import { createTool } from "../../../src/runtime/create-tools.js";
import { createHttpNode } from "../../../src/runtime/http-node/http-node.js";
import type { ToolRuntimeOptions } from "../../../src/runtime/runtime-options.js";
import { recordingFetch } from "../../support/recording-fetch.js";

const node = (fields: Record<string, unknown>): HttpNodeConfig =>
  HttpNodeConfigSchema.parse({ kind: "http", url: "http://api.test/items", ...fields });

const RENAMED = { name: "Renamed", date: "2024-09-01T10:00:00Z", location: "Oslo" };

async function sent(fields: Record<string, unknown>, options: ToolRuntimeOptions = {}) {
  const recorder = recordingFetch();
  const result = await createHttpNode(node(fields), { fetch: recorder.fetch, ...options }).invoke({});
  return { result, request: recorder.last() };
}

describe("the request an HTTP node sends", () => {
  test.each([
    [
      "GET with query params appended with ?",
      {
        queryParams: [
          { key: "limit", value: "2" },
          { key: "q", value: "a b" },
        ],
      },
      "GET",
      "http://api.test/items?limit=2&q=a+b",
    ],
    [
      "query params appended with & to an existing query",
      { url: "http://api.test/items?x=1", queryParams: [{ key: "y", value: "2" }] },
      "GET",
      "http://api.test/items?x=1&y=2",
    ],
    ["PATCH", { method: "PATCH" }, "PATCH", "http://api.test/items"],
    ["DELETE", { method: "DELETE" }, "DELETE", "http://api.test/items"],
  ])("%s", async (_name, fields, method, url) => {
    const { request } = await sent(fields);
    expect(request).toMatchObject({ method, url });
  });

  test.each([
    ["json text", { method: "POST", bodyType: "json", body: '{"a": 1}' }, '{"a":1}', "application/json"],
    ["json object", { method: "POST", body: { a: [1, 2] } }, '{"a":[1,2]}', "application/json"],
    [
      "raw",
      { method: "PUT", bodyType: "raw", body: "plain words" },
      "plain words",
      "text/plain;charset=UTF-8",
    ],
    [
      "x-www-form-urlencoded",
      {
        method: "POST",
        bodyType: "xWwwFormUrlencoded",
        body: [
          { key: "a", value: "1 2" },
          { key: "b", value: "&" },
        ],
      },
      "a=1+2&b=%26",
      "application/x-www-form-urlencoded",
    ],
  ])("%s body", async (_name, fields, body, contentType) => {
    const { request } = await sent(fields);
    expect(request?.body).toBe(body);
    expect(request?.headers["content-type"]).toBe(contentType);
  });

  test("formData body is multipart with a boundary derived from the content (same node, same bytes)", async () => {
    const fields = { method: "POST", bodyType: "formData", body: [{ key: "name", value: "Launch" }] };
    const first = await sent(fields);
    const second = await sent(fields);
    const type = first.request?.headers["content-type"] ?? "";
    const boundary = /boundary=(.+)$/.exec(type)?.[1];
    expect(type).toMatch(/^multipart\/form-data; boundary=----tooldeck[0-9a-f]{24}$/);
    expect(first.request?.body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nLaunch\r\n--${boundary}--\r\n`,
    );
    expect(second.request).toEqual(first.request);
  });

  test("no body for GET, even when one is configured", async () => {
    const { request } = await sent({ method: "GET", body: '{"a":1}' });
    expect(request?.body).toBe("");
    expect(request?.headers["content-type"]).toBeUndefined();
  });

  test.each([
    [
      "basic",
      { type: "basic", username: "ann", password: "{{$vars.pw}}" },
      "authorization",
      `Basic ${Buffer.from("ann:s3cret").toString("base64")}`,
    ],
    ["bearer", { type: "bearer", token: "{{$vars.pw}}" }, "authorization", "Bearer s3cret"],
    ["api key", { type: "apiKey", key: "X-Api-Key", value: "{{$vars.pw}}" }, "x-api-key", "s3cret"],
  ])("%s credential, secret from a variable", async (_name, credential, header, value) => {
    const { request } = await sent({ credential }, { vars: { pw: "s3cret" } });
    expect(request?.headers[header]).toBe(value);
  });

  test("variables resolve in URL, headers, query values and body; blank header keys are skipped", async () => {
    const { request } = await sent(
      {
        method: "POST",
        url: "{{$vars.base}}/items",
        headers: [
          { key: "X-Q", value: "{{question}}" },
          { key: " ", value: "dropped" },
        ],
        queryParams: [{ key: "at", value: "{{current_date_time}}" }],
        body: '{"who": "{{$flow.state.user}}"}',
      },
      { vars: { base: "http://v.test" }, question: "hi", flowState: { user: "ann" }, now: () => new Date(0) },
    );
    expect(request).toMatchObject({
      url: "http://v.test/items?at=1970-01-01T00%3A00%3A00.000Z",
      body: '{"who":"ann"}',
    });
    expect(request?.headers["x-q"]).toBe("hi");
    expect(Object.keys(request?.headers ?? {})).not.toContain(" ");
  });
});

describe("section 6: the HTTP node under flowise, as Flowise 3.1.4 sends it", () => {
  const FLOWISE: ToolRuntimeOptions = { profile: "flowise", resolveHost: async () => ["203.0.113.7"] };
  const form = {
    method: "POST",
    bodyType: "xWwwFormUrlencoded",
    body: [
      { key: "a", value: "1" },
      { key: "b", value: "2" },
    ],
  };

  test("the JSON body is read as JSON5: unquoted keys, single quotes, trailing commas, comments", async () => {
    const body = "{ name: 'Launch', tags: ['a', 'b',], /* note */ }";
    const { result, request } = await sent({ method: "POST", body }, FLOWISE);
    expect(result.ok).toBe(true);
    expect(request?.body).toBe('{"name":"Launch","tags":["a","b"]}');
  });

  test("the standard profile still wants strict JSON there", async () => {
    const { result, request } = await sent({ method: "POST", body: "{ name: 'Launch' }" });
    expect(result.output).toMatch(/^Invalid JSON in body: /);
    expect(request).toBeUndefined();
  });

  test("the UI's key/value list for x-www-form-urlencoded goes as 0=&1= (the rows' indexes)", async () => {
    const { request } = await sent(form, FLOWISE);
    expect(request?.body).toBe("0=&1=");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect((await sent(form)).request?.body).toBe("a=1&b=2");
  });

  test("a header with an empty value is skipped (standard sends it empty)", async () => {
    const headers = [
      { key: "X-Empty", value: "" },
      { key: "X-Kept", value: "k" },
    ];
    const flowise = (await sent({ headers }, FLOWISE)).request?.headers ?? {};
    expect(flowise).toEqual({ "x-kept": "k" });
    expect((await sent({ headers })).request?.headers).toEqual({ "x-empty": "", "x-kept": "k" });
  });

  test("a header whose variable resolves to nothing is skipped too", async () => {
    const headers = [{ key: "Authorization", value: "{{$vars.token}}" }];
    const { request } = await sent({ headers }, { ...FLOWISE, vars: { token: "" } });
    expect(request?.headers).toEqual({});
  });
});

describe("what an HTTP node outputs", () => {
  test.each([
    ["json", "json", '{"a":1}', { a: 1 }],
    ["json that does not parse stays text", "json", "not json", "not json"],
    ["text", "text", '{"a":1}', '{"a":1}'],
    ["base64", "base64", "hi", "aGk="],
    ["arraybuffer", "arraybuffer", "hi", { type: "Buffer", data: [104, 105] }],
  ])("%s", async (_name, responseType, body, data) => {
    const recorder = recordingFetch(() => new Response(body, { status: 200, statusText: "OK" }));
    const result = await createHttpNode(node({ responseType }), { fetch: recorder.fetch }).invoke({});
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.output).http.data).toEqual(data);
  });

  test("a 404 does not fail the node: status, statusText, headers and the error body are the output", async () => {
    const emulator = createEmulator();
    const tool = createHttpNode(node({ url: "{{$vars.base_url}}/events/99" }), {
      fetch: emulator.fetch,
      vars: emulator.vars,
    });
    const result = await tool.invoke({});
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.output)).toEqual({
      http: {
        data: { error: "Event not found" },
        status: 404,
        statusText: "Not Found",
        headers: { "content-type": "application/json" },
      },
    });
    expect(result.response?.status).toBe(404);
  });

  test.each([
    [
      "the response's message field",
      Object.assign(new Error("Request failed with status code 500"), {
        response: { data: { message: "db down" } },
      }),
      "db down",
    ],
    [
      "the response's error field (ofetch's data)",
      Object.assign(new Error("500"), { data: { error: "Something went wrong!" } }),
      "Something went wrong!",
    ],
    ["the error's own message otherwise", new Error("connect ECONNREFUSED"), "connect ECONNREFUSED"],
  ])("a thrown error uses %s", async (_name, thrown, message) => {
    const tool = createHttpNode(node({}), {
      fetch: async () => {
        throw thrown;
      },
    });
    const result = await tool.invoke({});
    expect(result).toMatchObject({
      ok: false,
      output: message,
      error: `GET http://api.test/items failed: ${message}`,
    });
  });

  test.each([
    [
      "an unknown variable (standard)",
      { url: "{{$vars.nope}}/x" },
      {},
      "unknown variable {{$vars.nope}} (set it with --var nope=…)",
    ],
    ["an empty URL", { url: "" }, {}, "URL is required"],
    ["invalid JSON body", { method: "POST", body: "{nope" }, {}, /^Invalid JSON in body: /],
    [
      "a loopback host under flowise",
      { url: "http://127.0.0.1:5566/events" },
      { profile: "flowise" },
      "isDeniedIP: Error: Access to this host is denied by policy.",
    ],
  ] as const)("fails before sending on %s", async (_name, fields, options, message) => {
    const { result, request } = await sent(fields, options as ToolRuntimeOptions);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(message);
    expect(request).toBeUndefined();
  });

  test("under flowise with httpSecurityCheck: false (HTTP_SECURITY_CHECK=false) the loopback host is called", async () => {
    const options = { profile: "flowise", httpSecurityCheck: false } as const;
    const { result, request } = await sent({ url: "http://127.0.0.1:5566/events" }, options);
    expect(result.ok).toBe(true);
    expect(request?.url).toBe("http://127.0.0.1:5566/events");
  });

  test("an outbound policy refuses a host it does not name, before sending", async () => {
    const outbound = { allowedHosts: ["events.test"], allowWrites: false };
    const { result, request } = await sent({}, { outbound });
    expect(result.ok).toBe(false);
    expect(result.output).toContain("refused: host api.test is not allowed");
    expect(request).toBeUndefined();
  });

  test("under flowise an unknown variable stays literal, as Flowise leaves it", async () => {
    const { request } = await sent({ url: "http://api.test/{{$vars.nope}}" }, { profile: "flowise" });
    expect(request?.url).toBe("http://api.test/%7B%7B$vars.nope%7D%7D");
  });
});

test("createTool dispatches kind http; the node PATCHes event 1 over a real socket", async () => {
  const emulator = createEmulator();
  const server = await serve(emulator.events.fetch, { port: 0 });
  try {
    const [patch] = await createTool(
      node({ method: "PATCH", url: "{{$vars.base_url}}/events/1", body: RENAMED, name: "rename" }),
      { vars: { base_url: server.url } },
    );
    const result = await patch?.invoke({});
    expect(patch?.name).toBe("rename");
    expect(JSON.parse(result?.output ?? "{}").http).toMatchObject({
      status: 200,
      data: { id: "1", ...RENAMED },
    });
    expect(emulator.snapshot().events[0]).toEqual({ id: "1", ...RENAMED });
  } finally {
    await server.close();
  }
});

test.each([
  [
    "a list body for json",
    { body: [{ key: "a", value: "1" }] },
    "body: a json body is a JSON string or an object, not a list",
  ],
  [
    "a text body for formData",
    { bodyType: "formData", body: "a=1" },
    "body: a formData body is a list of {key, value}",
  ],
  ["an object for raw", { bodyType: "raw", body: { a: 1 } }, "body: a raw body is a string"],
  ["an unknown credential type", { credential: { type: "oauth" } }, "credential.type"],
  ["an unknown key", { bodyTyp: "raw" }, 'Unrecognized key: "bodyTyp"'],
])("the schema rejects %s", (_name, fields, message) => {
  const parsed = HttpNodeConfigSchema.safeParse({ kind: "http", url: "http://x", ...fields });
  expect(parsed.success).toBe(false);
  const text = parsed.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n");
  expect(text).toContain(message);
});
