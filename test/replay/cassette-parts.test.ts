import { describe, expect, test } from "vitest";
import type { CallRecord } from "../../src/replay/call-record.js";
import { diffCall } from "../../src/replay/diff-calls.js";
import { redactCall } from "../../src/replay/redact.js";
import { canonicalJson, stateDigest } from "../../src/replay/state-digest.js";
import type { SecretMarks } from "../../src/secrets/secret-vars.js";
import { requestConfig } from "../support/request-config.js";

const base: CallRecord = {
  source: "agent",
  tool: "create_event",
  args: { body: { name: "A" } },
  ok: true,
  output: '{"id":"1"}',
  request: {
    method: "POST",
    url: "http://h/events",
    headers: { "Content-Type": "application/json" },
    body: '{"name":"A"}',
  },
  response: { status: 201, statusText: "Created", headers: {}, body: '{"id":"1"}' },
  stateDigest: "sha256:0",
};

describe("redactCall", () => {
  test.each([
    [
      "a credential header, whatever its value",
      { Authorization: "Basic YW5uOnB3" },
      {},
      { Authorization: "[redacted]" },
    ],
    ["x-api-key in any case", { "X-API-KEY": "k" }, {}, { "X-API-KEY": "[redacted]" }],
    [
      "a secret variable's value inside another header",
      { "X-Trace": "t-hunter22" },
      { password: "hunter22" },
      { "X-Trace": "t-{{$vars.password}}" },
    ],
    [
      "a credential-named variable's value; any other variable's as it is",
      { "X-User": "annika", "X-Note": "t-glpat-123" },
      { user: "annika", gitlab_pat: "glpat-123" },
      { "X-User": "annika", "X-Note": "t-{{$vars.gitlab_pat}}" },
    ],
    [
      "address variables are kept readable",
      { "X-Origin": "http://events.tooldeck.internal" },
      { base_url: "http://events.tooldeck.internal" },
      { "X-Origin": "http://events.tooldeck.internal" },
    ],
    [
      "credential headers the old list missed",
      { "X-Goog-Api-Key": "AIza1", apikey: "k1", "Private-Token": "glpat", "X-Vault-Token": "s.1" },
      {},
      {
        "X-Goog-Api-Key": "[redacted]",
        apikey: "[redacted]",
        "Private-Token": "[redacted]",
        "X-Vault-Token": "[redacted]",
      },
    ],
    [
      "values shorter than 4 characters are kept (too common to redact)",
      { "X-N": "abc" },
      { token: "abc" },
      { "X-N": "abc" },
    ],
  ])("%s", (_name, headers, vars, expected) => {
    const call = { ...base, request: { ...(base.request as NonNullable<CallRecord["request"]>), headers } };
    expect(redactCall(call, vars).request?.headers).toEqual(expected);
  });

  test("a secret is replaced everywhere: URL, body, output, args, response", () => {
    const secret = "sk-live-42";
    const call: CallRecord = {
      ...base,
      args: { body: { key: secret } },
      output: `echo ${secret}`,
      request: { method: "GET", url: `http://h/?k=${secret}`, headers: {}, body: secret },
      response: { status: 200, statusText: "OK", headers: { "set-cookie": "s=1" }, body: secret },
    };
    const redacted = JSON.stringify(redactCall(call, { api_key: secret }));
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain('"set-cookie":"[redacted]"');
    expect(call.output).toBe(`echo ${secret}`);
  });
});

describe("redactCall: which variables are secret", () => {
  const withHeader = (headers: Record<string, string>): CallRecord => ({
    ...base,
    request: { ...(base.request as NonNullable<CallRecord["request"]>), headers },
  });
  const tool = (headers: Record<string, string>, url = "http://h/x") => requestConfig(url, headers);

  test.each<[string, SecretMarks, string]>([
    ["a variable marked secret (--secret, a vars file's secrets:)", { marked: ["aws"] }, "t-{{$vars.aws}}"],
    [
      "a variable a config sends in a credential header",
      { configs: [tool({ Authorization: "AWS {{$vars.aws}}" })] },
      "t-{{$vars.aws}}",
    ],
    [
      "a variable a config sends in a credential query parameter",
      { configs: [tool({}, "http://h/x?api_key={{$vars.aws}}")] },
      "t-{{$vars.aws}}",
    ],
    [
      "a variable only sent in a plain header: as it is",
      { configs: [tool({ "X-Region": "{{$vars.aws}}" })] },
      "t-wJalrXUt",
    ],
  ])("%s", (_name, marks, expected) => {
    expect(
      redactCall(withHeader({ "X-Trace": "t-wJalrXUt" }), { aws: "wJalrXUt" }, marks).request?.headers,
    ).toEqual({
      "X-Trace": expected,
    });
  });
});

describe("redactCall: a secret in the forms a tool puts it in", () => {
  const secret = 'p@ss/w"rd +1';
  const call = (url: string, body: string): CallRecord => ({
    ...base,
    request: { method: "POST", url, headers: {}, body },
  });

  test.each([
    ["percent-encoded in a query a name does not give away", `http://h/x?q=${encodeURIComponent(secret)}`],
    ["form-encoded", `http://h/x?q=${encodeURIComponent(secret).replace(/%20/g, "+")}`],
    ["percent-encoded in the path", `http://h/x/${encodeURIComponent(secret)}/y`],
  ])("%s", (_name, url) => {
    expect(redactCall(call(url, ""), { gitlab_pat: secret }).request?.url).toMatch(
      /^http:\/\/h\/x[/?](q=)?\{\{\$vars\.gitlab_pat\}\}/,
    );
  });

  test("cut short in an output (maxOutputLength), and re-encoded by a form parse", () => {
    const aws = "wJalrXUt/K7MDENG+bPxRfi=CYEX";
    const cut: CallRecord = {
      ...call("http://h/x?q=wJalrXUt%2FK7MDENG+bPxRfi%3DCYEX", ""),
      output: '{"q":"wJalrXUt/K7',
    };
    const redacted = redactCall(cut, { aws }, { marked: ["aws"] });
    expect(redacted.output).toBe('{"q":"{{$vars.aws}}');
    expect(redacted.request?.url).toBe("http://h/x?q={{$vars.aws}}");
  });

  test("escaped inside a JSON body", () => {
    const body = JSON.stringify({ note: `token ${secret}` });
    expect(redactCall(call("http://h/x", body), { gitlab_pat: secret }).request?.body).toBe(
      '{"note":"token {{$vars.gitlab_pat}}"}',
    );
  });

  test.each([
    ["a bare address stays readable", "http://api.example.test/v1", "http://api.example.test/v1/x"],
    [
      "an address carrying a token is a secret",
      "https://ci:glpat-abc@api.example.test",
      "{{$vars.base_url}}/x",
    ],
    ["an address with a query is a secret", "https://api.example.test/?key=AIza1", "{{$vars.base_url}}/x"],
  ])("base_url: %s", (_name, baseUrl, expected) => {
    const redacted = redactCall(call(`${baseUrl}/x`, ""), { base_url: baseUrl });
    expect(redacted.request?.url).toBe(expected);
  });
});

describe("redactCall on URLs", () => {
  test.each([
    ["http://h/maps?key=AIzaSy&q=paris", "http://h/maps?key=[redacted]&q=paris"],
    [
      "http://h/x?access_token=t1&api_key=k2#top",
      "http://h/x?access_token=[redacted]&api_key=[redacted]#top",
    ],
    ["http://h/x?private%5Ftoken=t1", "http://h/x?private%5Ftoken=[redacted]"],
    ["http://h/x?id=1&limit=2", "http://h/x?id=1&limit=2"],
  ])("%s", (url, expected) => {
    const call = { ...base, request: { ...(base.request as NonNullable<CallRecord["request"]>), url } };
    expect(redactCall(call, {}).request?.url).toBe(expected);
  });
});

describe("diffCall", () => {
  test.each([
    ["equal calls", base, []],
    [
      "another body",
      { ...base, request: { ...(base.request as NonNullable<CallRecord["request"]>), body: '{"name":"B"}' } },
      ["call 3 create_event (agent):", '  - body {"name":"A"}', '  + body {"name":"B"}'],
    ],
    [
      "nothing sent any more",
      {
        ...base,
        ok: false,
        output: "Received tool input did not match expected schema",
        request: undefined,
        response: undefined,
      } as unknown as CallRecord,
      [
        "call 3 create_event (agent):",
        "  - POST http://h/events",
        "  + (no request sent)",
        "  - header Content-Type: application/json",
        '  - body {"name":"A"}',
        "  + body (none)",
        "  - status 201 Created",
        "  + status (no response)",
        '  - output {"id":"1"}',
        "  + output Received tool input did not match expected schema",
      ],
    ],
  ])("%s", (_name, replayed, lines) => {
    expect(diffCall(2, base, replayed)).toEqual(lines);
  });

  const withHeaders = (headers: Record<string, string>): CallRecord => ({
    ...base,
    request: { ...(base.request as NonNullable<CallRecord["request"]>), headers },
  });

  test.each([
    [
      // The key moved to another header (X-Api-Key → Authorization): the names show, the values stay redacted.
      "a credential header renamed",
      { "Content-Type": "application/json", "X-Api-Key": "[redacted]" },
      { "Content-Type": "application/json", Authorization: "[redacted]" },
      ["  - header X-Api-Key: [redacted]", "  + header Authorization: [redacted]"],
    ],
    [
      "a value changed, the name's case aside",
      { "Content-Type": "application/json" },
      { "content-type": "text/plain" },
      ["  - header Content-Type: application/json", "  + header content-type: text/plain"],
    ],
    [
      "the same headers in another case",
      { "Content-Type": "application/json" },
      { "content-type": "application/json" },
      [],
    ],
  ])("request headers: %s", (_name, recorded, replayed, lines) => {
    const diff = diffCall(2, withHeaders(recorded), withHeaders(replayed));
    expect(diff).toEqual(lines.length > 0 ? ["call 3 create_event (agent):", ...lines] : []);
  });
});

test("stateDigest ignores key order and sees any value change", () => {
  expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  expect(stateDigest({ events: [{ id: "1", name: "A" }] })).toBe(
    stateDigest({ events: [{ name: "A", id: "1" }] }),
  );
  expect(stateDigest({ events: [{ id: "1", name: "A" }] })).not.toBe(
    stateDigest({ events: [{ id: "1", name: "B" }] }),
  );
  expect(stateDigest({})).toMatch(/^sha256:[0-9a-f]{16}$/);
});

test("stateDigest takes a spec emulator's state holding an integer beyond 2^53 (a bigint) and tells it from its neighbour", () => {
  const state = (id: bigint) => ({ "/pet": [{ id, name: "max" }] });
  expect(canonicalJson(state(9007199254740993n))).toBe('{"/pet":[{"id":"9007199254740993","name":"max"}]}');
  expect(stateDigest(state(9007199254740993n))).not.toBe(stateDigest(state(9007199254740992n)));
});
