import { describe, expect, test } from "vitest";
import {
  type DifyHttpRequestConfig,
  DifyHttpRequestConfigSchema,
} from "../../../../../src/platforms/dify/config/dify-http-request-config.js";
import {
  DifyNodeError,
  DifyNotReproduced,
} from "../../../../../src/platforms/dify/runtime/dify-node-error.js";
import { difyVariablePool } from "../../../../../src/platforms/dify/runtime/dify-variable-pool.js";
import { buildNodeRequest } from "../../../../../src/platforms/dify/runtime/http/node-request.js";

const BASE = "http://127.0.0.1:8080";

/** A node as its DSL would hold it: GET {{#env.base_url#}}/events unless told otherwise. */
function node(fields: Record<string, unknown> = {}): DifyHttpRequestConfig {
  return DifyHttpRequestConfigSchema.parse({
    kind: "dify-http-request",
    name: "Events",
    method: "get",
    url: "{{#env.base_url#}}/events",
    ...fields,
  });
}

function build(config: DifyHttpRequestConfig, inputs: Record<string, unknown> = {}) {
  return buildNodeRequest(
    config,
    difyVariablePool(inputs, { base_url: BASE, token: "s3cret" }),
    () => "b0undary",
  );
}

/** The node's error type and message, as Dify would report them. */
function failure(config: DifyHttpRequestConfig, inputs: Record<string, unknown> = {}): [string, string] {
  try {
    build(config, inputs);
  } catch (error) {
    if (error instanceof DifyNodeError) return [error.errorType, error.message];
    if (error instanceof DifyNotReproduced) return ["not reproduced", error.message];
    throw error;
  }
  throw new Error("the node did not fail");
}

describe("fact 26: the URL", () => {
  test("empty after rendering: url is required", () => {
    expect(failure(node({ url: "{{#start.url#}}" }), { "start.url": "" })).toEqual([
      "InvalidURLError",
      "url is required",
    ]);
  });

  test("not http(s): the node fails", () => {
    expect(failure(node({ url: "ftp://x/{{#start.id#}}" }), { "start.id": "1" })).toEqual([
      "InvalidURLError",
      "url should start with http:// or https://",
    ]);
  });

  test("fact 24: an unresolved reference in the path is sent as its selector", () => {
    expect(build(node({ url: "{{#env.base_url#}}/events/{{#start.id#}}" })).request.url).toBe(
      `${BASE}/events/start.id`,
    );
  });
});

describe("fact 27: headers are rendered whole, then split into lines", () => {
  test("an attacker's newline in a variable adds a header (Dify adds it too)", () => {
    const config = node({ headers: "Authorization: Bearer {{#start.token#}}\nAccept: application/json" });
    const { headers } = build(config, { "start.token": "abc\r\nX-Injected: 1" }).request;
    expect(headers).toMatchObject({
      Authorization: "Bearer abc",
      "X-Injected": "1",
      Accept: "application/json",
    });
  });

  test.each<[string, string]>([
    ["a non-ASCII value (httpx encodes headers as ASCII)", "café"],
    ["a NUL", "a\u0000b"],
    ["another control character", "a\u0001b"],
  ])("a variable holding %s: not reproduced, nothing sent", (_name, value) => {
    const config = node({ headers: "X-Title: {{#start.title#}}" });
    expect(failure(config, { "start.title": value })).toEqual([
      "not reproduced",
      "the value of header X-Title holds characters httpx refuses to send",
    ]);
  });

  test("a header name that is not a token: not reproduced", () => {
    expect(failure(node({ headers: "X Bad: 1" }))).toEqual([
      "not reproduced",
      'the header name "X Bad" is one httpx refuses to send',
    ]);
  });

  test("a line without ':' is a header with an empty value; a key said twice keeps its last value", () => {
    const { headers } = build(node({ headers: "X-Flag\nX-A: 1\n  X-A :  2  " })).request;
    expect(headers).toMatchObject({ "X-Flag": "", "X-A": "2" });
  });

  test("httpx's defaults are sent, with no user-agent (not reproduced) and none of Node's fetch's", () => {
    expect(build(node()).request.headers).toEqual({
      accept: "*/*",
      "accept-encoding": "gzip, deflate, br, zstd",
      connection: "keep-alive",
    });
  });

  test("a node header replaces httpx's default of the same name, whatever its case", () => {
    const { headers } = build(node({ headers: "Accept: application/json" })).request;
    expect(headers).toEqual({
      "accept-encoding": "gzip, deflate, br, zstd",
      connection: "keep-alive",
      Accept: "application/json",
    });
  });
});

describe("fact 28: params are split into lines first, then rendered", () => {
  test("a newline in a param's variable stays in its value; duplicate keys are all sent", () => {
    const config = node({ params: "q: {{#start.q#}}\ntag: a\n\n: skipped\ntag: b" });
    expect(build(config, { "start.q": "x\r\nX-Injected: 1" }).request.url).toBe(
      `${BASE}/events?q=x%0D%0AX-Injected%3A%201&tag=a&tag=b`,
    );
  });

  test("without params the URL's own query is sent as written", () => {
    expect(build(node({ url: "{{#env.base_url#}}/events?q=a+b&x=%2F" })).request.url).toBe(
      `${BASE}/events?q=a+b&x=%2F`,
    );
  });

  test("with params, the URL's query is merged: a key the params name is replaced", () => {
    const config = node({ url: "{{#env.base_url#}}/events?page=1&q=a+b", params: "page: 2" });
    expect(build(config).request.url).toBe(`${BASE}/events?page=2&q=a%20b`);
  });
});

describe("facts 29–30: a JSON body", () => {
  const json = (value: string) =>
    node({ method: "post", body: { type: "json", data: [{ type: "text", value }] } });

  test("rendered, read by Python and re-sent compact, with Content-Type application/json (fact 33)", () => {
    const { request } = build(json('{ "title": "{{#start.title#}}", "n": 1.50 }'), { "start.title": "Café" });
    expect(request.body).toBe('{"title":"Café","n":1.5}');
    expect(request.headers).toMatchObject({ "Content-Type": "application/json", "content-length": "25" });
  });

  test("a raw newline a variable inserts inside a string is accepted (strict=False)", () => {
    expect(build(json('{"text": "{{#start.text#}}"}'), { "start.text": "two\nlines" }).request.body).toBe(
      '{"text":"two\\nlines"}',
    );
  });

  test("a template broken by an inserted quote would go through json_repair: not reproduced, nothing sent", () => {
    expect(failure(json('{"title": "{{#start.title#}}"}'), { "start.title": 'say "hi"' })).toEqual([
      "not reproduced",
      "Dify would repair this JSON with json_repair before sending, and what json_repair makes of it is not reproduced",
    ]);
  });

  test("a boolean variable inserts True, which is not JSON: not reproduced", () => {
    expect(failure(json('{"flag": {{#start.flag#}}}'), { "start.flag": true })[0]).toBe("not reproduced");
  });

  test("json body type should have exactly one item", () => {
    const config = node({ method: "post", body: { type: "json", data: [] } });
    expect(failure(config)).toEqual(["RequestBodyError", "json body type should have exactly one item"]);
  });

  test("a body of JSON null sends no body at all; POST then has Content-Length: 0", () => {
    const { request } = build(json("null"));
    expect(request.body).toBeUndefined();
    expect(request.headers).toMatchObject({ "content-length": "0", "Content-Type": "application/json" });
  });
});

describe("facts 31–33: other bodies", () => {
  test("raw-text: the rendered text, Content-Type text/plain", () => {
    const config = node({
      method: "post",
      body: { type: "raw-text", data: [{ type: "text", value: "hi {{#start.n#}}" }] },
    });
    const { request } = build(config, { "start.n": 2.5 });
    expect(request.body).toBe("hi 2.5");
    expect(request.headers["Content-Type"]).toBe("text/plain");
  });

  test("x-www-form-urlencoded: Python's urlencode; a key said twice keeps its last value", () => {
    const data = [
      { type: "text", key: "q", value: "a b~*" },
      { type: "text", key: "k", value: "1" },
      { type: "text", key: "q", value: "{{#start.q#}}" },
    ];
    const { request } = build(node({ method: "post", body: { type: "x-www-form-urlencoded", data } }), {
      "start.q": "x y~*",
    });
    expect(request.body).toBe("q=x+y~%2A&k=1");
    expect(request.headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
  });

  test("form-data: the __multipart_placeholder__ part is added and the node's Content-Type removed (fact 32)", () => {
    const config = node({
      method: "post",
      headers: "Content-Type: multipart/form-data",
      body: { type: "form-data", data: [{ type: "text", key: "name", value: "{{#start.name#}}" }] },
    });
    const { request } = build(config, { "start.name": "Ada" });
    expect(request.headers["content-type"]).toBe("multipart/form-data; boundary=b0undary");
    expect(request.headers["Content-Type"]).toBeUndefined();
    expect(request.body).toBe(
      [
        "--b0undary",
        'Content-Disposition: form-data; name="name"',
        "",
        "Ada",
        "--b0undary",
        'Content-Disposition: form-data; name="__multipart_placeholder__"',
        "Content-Type: application/octet-stream",
        "",
        "",
        "--b0undary--",
        "",
      ].join("\r\n"),
    );
  });

  test("a binary body sends a file: not reproduced", () => {
    const config = node({
      method: "post",
      body: { type: "binary", data: [{ type: "file", file: ["start", "doc"] }] },
    });
    expect(failure(config)[0]).toBe("not reproduced");
  });

  test("a node's own Content-Type is kept (compared case-insensitively)", () => {
    const config = node({
      method: "post",
      headers: "content-type: application/vnd.api+json",
      body: { type: "json", data: [{ type: "text", value: "{}" }] },
    });
    expect(build(config).request.headers).toMatchObject({ "content-type": "application/vnd.api+json" });
    expect(build(config).request.headers["Content-Type"]).toBeUndefined();
  });
});

describe("fact 34: authorization", () => {
  const auth = (type: string, api_key: string, header?: string) =>
    node({ authorization: { type: "api-key", config: { type, api_key, ...(header ? { header } : {}) } } });

  test.each<[string, DifyHttpRequestConfig, Record<string, string>]>([
    ["bearer", auth("bearer", "{{#env.token#}}"), { Authorization: "Bearer s3cret" }],
    ["basic with a ':' is base64-encoded", auth("basic", "user:pw"), { Authorization: "Basic dXNlcjpwdw==" }],
    [
      "basic without a ':' is sent as given",
      auth("basic", "dXNlcjpwdw=="),
      { Authorization: "Basic dXNlcjpwdw==" },
    ],
    [
      "custom, under its own header",
      auth("custom", "{{#env.token#}}", "X-Api-Key"),
      { "X-Api-Key": "s3cret" },
    ],
  ])("%s", (_name, config, headers) => {
    expect(build(config).request.headers).toMatchObject(headers);
  });

  test("it overrides the header text's header of the exact same name", () => {
    const config = node({
      headers: "Authorization: from-text",
      authorization: { type: "api-key", config: { type: "bearer", api_key: "k" } },
    });
    expect(build(config).request.headers.Authorization).toBe("Bearer k");
  });

  test("a header of another case is not replaced: both are kept (httpx sends both lines)", () => {
    const config = node({
      headers: "authorization: from-text",
      authorization: { type: "api-key", config: { type: "bearer", api_key: "k" } },
    });
    expect(build(config).request.headers).toMatchObject({
      authorization: "from-text",
      Authorization: "Bearer k",
    });
  });

  test("an empty key after rendering fails the node before anything else", () => {
    const config = node({
      url: "",
      authorization: { type: "api-key", config: { type: "bearer", api_key: "{{#start.key#}}" } },
    });
    expect(failure(config, { "start.key": "  " })).toEqual([
      "AuthorizationConfigError",
      "API key is required for authorization but was empty. Please provide a valid API key.",
    ]);
  });
});

describe("fact 35: methods", () => {
  test("OPTIONS passes validation but the executor cannot send it", () => {
    expect(failure(node({ method: "options" }))).toEqual([
      "InvalidHttpMethodError",
      "Invalid http method OPTIONS",
    ]);
  });

  test("the method is sent in upper case", () => {
    expect(build(node({ method: "delete" })).request.method).toBe("DELETE");
  });
});
