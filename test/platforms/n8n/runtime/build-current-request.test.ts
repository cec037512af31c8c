import { describe, expect, test } from "vitest";
import { CompiledParameters } from "../../../../src/platforms/n8n/expression/compiled-parameters.js";
import type { Authentication } from "../../../../src/platforms/n8n/runtime/credential-auth.js";
import { buildCurrentRequest } from "../../../../src/platforms/n8n/runtime/current/build-current-request.js";
import { N8nNodeError, NotReproducible } from "../../../../src/platforms/n8n/runtime/node-failure.js";

const BASE = "http://127.0.0.1:9/api";
const ACCEPT =
  "application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, image/*;q=0.8, */*;q=0.7";

function build(
  parameters: Record<string, unknown>,
  args: Record<string, unknown> = {},
  auth: Authentication = { kind: "none" },
) {
  return buildCurrentRequest(
    new CompiledParameters(parameters),
    4.2,
    auth,
    { args, vars: { base_url: BASE } },
    undefined,
  ).request;
}

const query = (...rows: [string, string][]) => ({
  sendQuery: true,
  queryParameters: { parameters: rows.map(([name, value]) => ({ name, value })) },
});
const jsonBody = (text: string) => ({ method: "POST", sendBody: true, specifyBody: "json", jsonBody: text });

describe("the current node's request (reference section 3)", () => {
  test("a GET with n8n's fixed headers (fact 21)", () => {
    expect(build({ url: "={{ $vars.base_url }}/items/{{ $fromAI('id') }}" }, { id: "42" })).toEqual({
      method: "GET",
      url: `${BASE}/items/42`,
      headers: { accept: ACCEPT, "user-agent": "n8n" },
    });
  });

  test.each([
    [
      "wrong types used as given (fact 13)",
      query(["n", "={{ $fromAI('n', '', 'number') }}"], ["b", "={{ $fromAI('b', '', 'boolean') }}"]),
      { n: "abc", b: "yes" },
      `${BASE}/t?n=abc&b=yes`,
    ],
    [
      "a missing path value empties its segment (fact 14)",
      { url: "={{ $vars.base_url }}/items/{{ $fromAI('id') }}" },
      {},
      `${BASE}/items/`,
    ],
    [
      "a missing keypair value drops the parameter (fact 14)",
      query(["verbose", "={{ $fromAI('verbose') }}"], ["q", "x"]),
      {},
      `${BASE}/t?q=x`,
    ],
    [
      "a default reaches the request (fact 14)",
      query(["limit", "={{ $fromAI('limit', 'Max', 'number', 10) }}"]),
      {},
      `${BASE}/t?limit=10`,
    ],
    [
      "query values encoded as n8n does (fact 18)",
      query(["q", "={{ $fromAI('q') }}"]),
      { q: "a&b=c d/é+%" },
      `${BASE}/t?q=a%26b%3Dc%20d%2F%C3%A9%2B%25`,
    ],
    [
      "objects and arrays in brackets with indices (fact 18)",
      query(["filter", "={{ $fromAI('f', '', 'json') }}"], ["ids", "={{ $fromAI('ids', '', 'json') }}"]),
      { f: { color: "red" }, ids: [1] },
      `${BASE}/t?filter%5Bcolor%5D=red&ids%5B0%5D=1`,
    ],
    [
      "no per-segment path encoding (fact 19)",
      { url: "={{ $vars.base_url }}/items/{{ $fromAI('id') }}" },
      { id: "a b/c?d=1#e%" },
      `${BASE}/items/a%20b/c?d=1`,
    ],
    [
      "a whole URL from the model is used as is (fact 19)",
      { url: "={{ $fromAI('url') }}" },
      { url: "http://127.0.0.2:8/x" },
      "http://127.0.0.2:8/x",
    ],
    [
      "$fromAI without `=` is sent literally, encoded (fact 22)",
      { url: `${BASE}/items/{{ $fromAI('id', 'The item id', 'string') }}` },
      { id: "1" },
      `${BASE}/items/%7B%7B%20$fromAI('id',%20'The%20item%20id',%20'string')%20%7D%7D`,
    ],
  ])("%s", (_name, parameters, args, url) => {
    expect(build({ url: `${BASE}/t`, ...parameters }, args).url).toBe(url);
  });

  test("a JSON body template: a missing value is an empty string (fact 14)", () => {
    expect(build({ url: `${BASE}/t`, ...jsonBody('={"name": "{{ $fromAI(\'name\') }}"}') }, {}).body).toBe(
      '{"name":""}',
    );
  });

  test.each([
    ["a string with a quote", '={"name": "{{ $fromAI(\'name\') }}"}', { name: 'say "hi"' }],
    ["a string with a newline", '={"name": "{{ $fromAI(\'name\') }}"}', { name: "a\nb" }],
    ["a bare json key", "={\"o\": {{ $fromAI('o', '', 'json') }}}", { o: { k: 1 } }],
    ["a word in a number slot", "={\"n\": {{ $fromAI('n', '', 'number') }}}", { n: "many" }],
  ])("a JSON body template broken by %s: n8n's error, nothing sent (fact 16)", (_name, text, args) => {
    expect(() => build({ url: `${BASE}/t`, ...jsonBody(text) }, args)).toThrow(
      new N8nNodeError('The value in the "JSON Body" field is not valid JSON'),
    );
  });

  test("JSON.stringify of a json argument works in a template (fact 16)", () => {
    const request = build(
      { url: `${BASE}/t`, ...jsonBody("={\"f\": {{ JSON.stringify($fromAI('f', '', 'json')) }}}") },
      { f: { a: 1 } },
    );
    expect(request).toMatchObject({ body: '{"f":{"a":1}}', headers: { "content-type": "application/json" } });
  });

  test("a keypair JSON body keeps every value's type (fact 17)", () => {
    const request = build(
      {
        url: `${BASE}/t`,
        method: "POST",
        sendBody: true,
        bodyParameters: {
          parameters: [
            { name: "title", value: "={{ $fromAI('title') }}" },
            { name: "done", value: "={{ $fromAI('done', '', 'boolean') }}" },
            { name: "extra", value: "={{ $fromAI('extra', '', 'json') }}" },
            { name: "fixed", value: "static" },
          ],
        },
      },
      { title: "T", done: true, extra: { k: "v" } },
    );
    expect(request.body).toBe('{"title":"T","done":true,"extra":{"k":"v"},"fixed":"static"}');
  });

  test("a form body (fact 20)", () => {
    const request = build(
      {
        url: `${BASE}/t`,
        method: "POST",
        sendBody: true,
        contentType: "form-urlencoded",
        bodyParameters: {
          parameters: [
            { name: "note", value: "={{ $fromAI('note') }}" },
            { name: "n", value: "={{ $fromAI('n') }}" },
            { name: "flag", value: "={{ $fromAI('flag') }}" },
          ],
        },
      },
      { note: "a&b c=d", n: 1.5, flag: false },
    );
    expect(request).toMatchObject({
      body: "note=a%26b%20c%3Dd&n=1.5&flag=false",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  });

  test("header values as text (fact 20); auth headers from credentials (fact 23)", () => {
    const parameters = {
      url: `${BASE}/t`,
      sendHeaders: true,
      headerParameters: { parameters: [{ name: "X-Count", value: "={{ $fromAI('c', '', 'number') }}" }] },
    };
    expect(
      build(parameters, { c: 7 }, { kind: "header", name: "x-api-key", value: "hdr-secret-123" }).headers,
    ).toMatchObject({
      "x-count": "7",
      "x-api-key": "hdr-secret-123",
    });
    expect(
      build(parameters, { c: 7 }, { kind: "bearer", token: "bearer-secret-456" }).headers.authorization,
    ).toBe("Bearer bearer-secret-456");
  });

  test("a JSON query text is parsed after rendering (fact 17)", () => {
    expect(
      build(
        {
          url: `${BASE}/t`,
          sendQuery: true,
          specifyQuery: "json",
          jsonQuery: '={"q": "{{ $fromAI(\'q\') }}"}',
        },
        { q: "x" },
      ).url,
    ).toBe(`${BASE}/t?q=x`);
  });

  test.each([
    ["an empty URL", { url: "={{ $fromAI('url') }}" }, { url: " " }, "URL parameter cannot be empty"],
    ["a missing URL", { url: "={{ $fromAI('url') }}" }, {}, "URL parameter must be a string, got undefined"],
    [
      "a URL that is not http",
      { url: "={{ $fromAI('url') }}" },
      { url: "file:///etc/passwd" },
      'Invalid URL: file:///etc/passwd. URL must start with "http" or "https".',
    ],
    [
      "a URL object",
      { url: "={{ $fromAI('url', '', 'json') }}" },
      { url: { a: 1 } },
      "URL parameter must be a string, got object",
    ],
  ])("%s fails as n8n fails it", (_name, parameters, args, message) => {
    expect(() => build(parameters, args)).toThrow(new N8nNodeError(message));
  });

  test("pagination is not reproduced: nothing is sent", () => {
    const options = { pagination: { pagination: { paginationMode: "updateAParameterInEachRequest" } } };
    expect(() => build({ url: `${BASE}/t`, options })).toThrow(
      new NotReproducible("pagination is not modelled"),
    );
    expect(
      build({ url: `${BASE}/t`, options: { pagination: { pagination: { paginationMode: "off" } } } }).url,
    ).toBe(`${BASE}/t`);
  });

  test("an expression tooldeck does not evaluate sends nothing", () => {
    expect(() => build({ url: "={{ $json.url }}" })).toThrow(NotReproducible);
  });

  test("a model-chosen body key cannot pollute Object.prototype (lodash paths)", () => {
    for (const name of ["__proto__.polluted", "constructor.prototype.polluted", "__proto__[polluted]"]) {
      const request = build(
        {
          url: `${BASE}/t`,
          method: "POST",
          sendBody: true,
          bodyParameters: { parameters: [{ name: `={{ $fromAI('k') }}`, value: "yes" }] },
        },
        { k: name },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(request.body).not.toContain("yes");
    }
  });

  test("a model-chosen query or header name __proto__ stays a plain name", () => {
    const request = build(
      {
        url: `${BASE}/t`,
        ...query(["={{ $fromAI('k') }}", "v"]),
        sendHeaders: true,
        headerParameters: { parameters: [{ name: "={{ $fromAI('k') }}", value: "h" }] },
      },
      { k: "__proto__" },
    );
    expect(({} as Record<string, unknown>).v).toBeUndefined();
    expect(request.url).toBe(`${BASE}/t?__proto__=v`);
  });
});
