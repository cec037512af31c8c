import { describe, expect, test } from "vitest";
import { TOO_DEEP_BODY } from "../../src/traffic/mask-body.js";
import { MAX_BODY_CHARS, MAX_HAR_ENTRIES, readHar } from "../../src/traffic/read-har.js";
import { harEntry, harOf } from "../support/har.js";

const API = "https://api.example.test";

describe("readHar", () => {
  test("keeps the page's API calls, as exchanges, and counts what it leaves out", () => {
    const { exchanges, skipped } = readHar(
      harOf([
        harEntry({ url: `${API}/`, mimeType: "text/html", responseBody: "<html>", resourceType: "document" }),
        harEntry({ url: `${API}/app.js`, mimeType: "application/javascript", responseBody: "x()" }),
        harEntry({ url: `${API}/logo.png`, mimeType: "image/png", responseBody: "iVBO", encoding: "base64" }),
        harEntry({ url: `${API}/events`, responseBody: '[{"id":"1"}]', resourceType: "fetch" }),
        harEntry({
          method: "post",
          url: `${API}/events`,
          requestBody: '{"name":"Demo"}',
          status: 201,
          responseBody: '{"id":"7","name":"Demo"}',
        }),
        harEntry({ url: `${API}/blocked`, status: 0 }),
        harEntry({ url: "ws://api.example.test/socket" }),
        { request: { url: 42 } },
      ]),
      "capture.har",
    );
    expect(exchanges.map((e) => `${e.request.method} ${e.request.url} ${e.response.status}`)).toEqual([
      `GET ${API}/events 200`,
      `POST ${API}/events 201`,
    ]);
    expect(exchanges[1]?.request.body).toBe('{"name":"Demo"}');
    expect(exchanges[1]?.response.body).toBe('{"id":"7","name":"Demo"}');
    expect(Object.fromEntries(skipped)).toEqual({
      "a page, script, style, image or font": 3,
      "no answer (failed or blocked)": 1,
      "not an http(s) request": 1,
      "not a HAR entry": 1,
    });
  });

  test("decodes an answer captured as base64 text", () => {
    const body = Buffer.from('{"ok":true}').toString("base64");
    const { exchanges } = readHar(
      harOf([harEntry({ url: `${API}/x`, responseBody: body, encoding: "base64" })]),
      "c.har",
    );
    expect(exchanges[0]?.response.body).toBe('{"ok":true}');
  });

  test("masks credentials as cassettes do: headers, query, user-info, and credential fields of JSON bodies", () => {
    const { exchanges } = readHar(
      harOf([
        harEntry({
          method: "POST",
          url: "https://alice:hunter2@api.example.test/login?api_key=AKIA123&page=2",
          requestHeaders: {
            Authorization: "Bearer sk-live-1",
            Cookie: "sid=abc",
            Accept: "application/json",
          },
          requestBody: '{"user":"alice","password":"hunter2"}',
          responseHeaders: { "Set-Cookie": "sid=def; HttpOnly", "Content-Type": "application/json" },
          responseBody: '{"session":{"access_token":"eyJhbGciOi","expires":3600}}',
        }),
      ]),
      "login.har",
    );
    const text = JSON.stringify(exchanges);
    for (const secret of ["hunter2", "AKIA123", "sk-live-1", "sid=abc", "sid=def", "eyJhbGciOi"])
      expect(text).not.toContain(secret);
    const [exchange] = exchanges;
    expect(exchange?.request.url).toBe("https://api.example.test/login?api_key=[redacted]&page=2");
    expect(exchange?.request.headers).toEqual({
      authorization: "[redacted]",
      cookie: "[redacted]",
      accept: "application/json",
    });
    expect(JSON.parse(exchange?.request.body ?? "")).toEqual({ user: "alice", password: "[redacted]" });
    expect(JSON.parse(exchange?.response.body ?? "")).toEqual({
      session: { access_token: "[redacted]", expires: 3600 },
    });
  });

  describe("as an attacker would write it", () => {
    test("a file that is no HAR is one line naming it", () => {
      expect(() => readHar({ entries: [] }, "evil.har")).toThrow(/^evil\.har: not a HAR file \(log: /);
    });

    test(`more than ${MAX_HAR_ENTRIES} entries are refused before any is read`, () => {
      const entries = new Array(MAX_HAR_ENTRIES + 1).fill(0);
      expect(() => readHar({ log: { entries } }, "big.har")).toThrow(
        `big.har: not a HAR file (log.entries: more than ${MAX_HAR_ENTRIES} entries)`,
      );
    });

    test("a body over 1 MiB is left out, decoded from base64 or not", () => {
      const huge = "a".repeat(MAX_BODY_CHARS + 1);
      const { exchanges, skipped } = readHar(
        harOf([
          harEntry({ url: `${API}/a`, responseBody: JSON.stringify(huge) }),
          harEntry({
            url: `${API}/b`,
            responseBody: Buffer.from(huge).toString("base64"),
            encoding: "base64",
          }),
          harEntry({ method: "POST", url: `${API}/c`, requestBody: huge, responseBody: "{}" }),
        ]),
        "big-bodies.har",
      );
      expect(exchanges).toEqual([]);
      expect(skipped.get("a body over 1 MiB")).toBe(3);
    });

    test("a header named __proto__ is a header, not the prototype of the record", () => {
      const entry = harEntry({ url: `${API}/x` });
      const text = JSON.stringify(harOf([entry])).replace(
        '"headers":[]',
        '"headers":[{"name":"__proto__","value":"polluted"},{"name":":authority","value":"x"}]',
      );
      const { exchanges } = readHar(JSON.parse(text), "proto.har");
      const headers = exchanges[0]?.request.headers ?? {};
      expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
      expect(Object.entries(headers)).toEqual([["__proto__", "polluted"]]);
    });

    test("JSON nested too deep to search for secrets is not kept", () => {
      const deep = `${"[".repeat(5000)}"secret"${"]".repeat(5000)}`;
      const { exchanges } = readHar(
        harOf([harEntry({ url: `${API}/deep`, responseBody: deep })]),
        "deep.har",
      );
      expect(exchanges[0]?.response.body).toBe(TOO_DEEP_BODY);
    });
  });
});
