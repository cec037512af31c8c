import { describe, expect, test } from "vitest";
import { suppliedApiKey } from "../../../src/emulator/flowise/api-key-auth.js";
import { createFlowiseEmulator } from "../../../src/emulator/flowise/flowise-emulator.js";
import { useTransports } from "../../support/transports.js";
import { describedPath, expectConformsToOpenApi } from "./openapi-conformance.js";

const KEY = "test-key-0123456789";
const UNAUTHORIZED = { error: "Unauthorized Access" };
const flowiseError = (statusCode: number, message: string) => ({
  statusCode,
  success: false,
  message,
  stack: {},
});

interface Case {
  name: string;
  path: string;
  method?: string;
  authorization?: string;
  body?: string;
  status: number;
  json?: unknown;
  text?: string;
}

const cases: Case[] = [
  { name: "no header", path: "/api/v1/chatflows", status: 401, json: UNAUTHORIZED },
  { name: "Bearer key", path: "/api/v1/chatflows", authorization: `Bearer ${KEY}`, status: 200 },
  { name: "a bare key (no Bearer)", path: "/api/v1/chatflows", authorization: KEY, status: 200 },
  {
    name: "the last Bearer wins",
    path: "/api/v1/chatflows",
    authorization: `Bearer x Bearer ${KEY}`,
    status: 200,
  },
  {
    name: "wrong key",
    path: "/api/v1/chatflows",
    authorization: "Bearer nope",
    status: 401,
    json: UNAUTHORIZED,
  },
  {
    name: "empty Bearer",
    path: "/api/v1/chatflows",
    authorization: "Bearer ",
    status: 401,
    json: UNAUTHORIZED,
  },
  {
    name: "Basic scheme",
    path: "/api/v1/chatflows",
    authorization: `Basic ${KEY}`,
    status: 401,
    json: UNAUTHORIZED,
  },
  { name: "lower-case bearer", path: "/api/v1/chatflows", authorization: `bearer ${KEY}`, status: 401 },
  {
    name: "wrongly cased /API/V1/ even with a key",
    path: "/API/V1/chatflows",
    authorization: `Bearer ${KEY}`,
    status: 401,
    json: UNAUTHORIZED,
  },
  {
    name: "unknown API route without key: auth runs first",
    path: "/api/v1/nothing",
    status: 401,
    json: UNAUTHORIZED,
  },
  {
    name: "unknown API route with key",
    path: "/api/v1/nothing",
    authorization: `Bearer ${KEY}`,
    status: 404,
    json: flowiseError(404, "Cannot GET /api/v1/nothing"),
  },
  {
    name: "path outside /api/v1/ needs no key",
    path: "/elsewhere",
    method: "DELETE",
    status: 404,
    json: flowiseError(404, "Cannot DELETE /elsewhere"),
  },
  { name: "ping is whitelisted", path: "/api/v1/ping", status: 200, text: "pong" },
  {
    name: "version needs no key: Flowise 3.1.4",
    path: "/api/v1/version",
    status: 200,
    json: { version: "3.1.4" },
  },
  {
    name: "version answers the same with a key",
    path: "/api/v1/version",
    authorization: `Bearer ${KEY}`,
    status: 200,
    json: { version: "3.1.4" },
  },
  {
    name: "a malformed percent escape is 500 before auth, on any path",
    path: "/api/v1/nothing/%E0%A4%A",
    status: 500,
    json: flowiseError(500, "URI malformed"),
  },
  {
    name: "the whitelist is a prefix match",
    path: "/api/v1/pingpong",
    status: 404,
    json: flowiseError(404, "Cannot GET /api/v1/pingpong"),
  },
  { name: "verify a valid key", path: `/api/v1/verify/apikey/${KEY}`, status: 200, json: "OK" },
  {
    name: "verify an invalid key",
    path: "/api/v1/verify/apikey/nope",
    status: 401,
    json: flowiseError(401, "Unauthorized"),
  },
  {
    name: "verify without a key",
    path: "/api/v1/verify/apikey/",
    status: 412,
    json: flowiseError(412, "Error: apikeyController.verifyApiKey - apikey not provided!"),
  },
  {
    name: "malformed JSON is 400 before auth",
    path: "/api/v1/chatflows",
    method: "POST",
    body: "{oops",
    status: 400,
    json: flowiseError(400, `Expected property name or '}' in JSON at position 1`),
  },
];

describe("Flowise emulator: authentication and plumbing", () => {
  const flowise = createFlowiseEmulator({ apiKeys: [KEY], seed: { chatflows: [] } });
  describe.each(useTransports(flowise.fetch))("over $name", (transport) => {
    test.each(cases)("$name → $status", async ({ path, method, authorization, body, status, json, text }) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (authorization !== undefined) headers.authorization = authorization;
      const response = await transport.send(path, {
        method: method ?? "GET",
        headers,
        ...(body ? { body } : {}),
      });
      expect(response.status).toBe(status);
      if (describedPath(path)) await expectConformsToOpenApi(method ?? "GET", path, response);
      if (json !== undefined) {
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(await response.json()).toEqual(json);
      }
      if (text !== undefined) expect(await response.text()).toBe(text);
    });
  });

  /** Spellings of protected routes an attacker tries without a key: each must be refused, never served. */
  const ENCODED_PATHS = [
    "/%61pi/v1/chatflows",
    "/api/v%31/chatflows",
    "/%61%70%69/%76%31/chatflows",
    "/api/v1/%63hatflows",
    "/api/v1/./chatflows",
    "/api/v1/x/../chatflows",
    "/api/v1/%2e/chatflows",
    "/api/v1/x/%2e%2e/chatflows",
    "/api/v1/chatflows/",
    "/api/v1/ping/../chatflows",
    "/api/v1/ping%2f..%2fchatflows",
    "/api/v1/%70ing/../chatflows",
    "//api/v1/chatflows",
    "/API/v1/chatflows",
    "/%2561pi/v1/chatflows",
    "/api/v1/document-store/%73tore",
  ];

  describe.each(useTransports(flowise.fetch))("encoded paths over $name", (transport) => {
    test.each(ENCODED_PATHS)("%s without a key is never served", async (path) => {
      const response = await transport.send(path);
      expect([401, 404]).toContain(response.status);
      if (response.status === 404) expect(await response.text()).not.toContain("[");
    });

    test.each(["/%61pi/v1/chatflows", "/api/v%31/chatflows", "/api/v1/x/../chatflows"])(
      "%s with the key routes like /api/v1/chatflows",
      async (path) => {
        const response = await transport.send(path, { headers: { authorization: `Bearer ${KEY}` } });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([]);
      },
    );
  });

  test("a percent-encoded protected route is 401, not served, through the in-process fetch", async () => {
    const response = await flowise.fetch(new Request("http://flowise.test/%61pi/v1/chatflows"));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHORIZED);
  });

  test("a body over the limit is 413 before auth", async () => {
    const small = createFlowiseEmulator({ apiKeys: [KEY], seed: { chatflows: [] }, bodyLimitBytes: 10 });
    const response = await small.fetch(
      new Request("http://flowise.test/api/v1/chatflows", { method: "POST", body: '{"name":"too long"}' }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(flowiseError(413, "request entity too large"));
  });

  test("the default limit is Flowise's 50 MB", async () => {
    const response = await flowise.fetch(
      new Request("http://flowise.test/api/v1/chatflows", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `"${"x".repeat(50 * 1024 * 1024 - 1)}"`,
      }),
    );
    expect(response.status).toBe(413);
  });

  test("without apiKeys one key is generated and accepted", async () => {
    const generated = createFlowiseEmulator({ seed: { chatflows: [] } });
    expect(generated.apiKeys).toHaveLength(1);
    const [key] = generated.apiKeys;
    expect(key?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key?.keyName).toBe("DefaultKey");
    const response = await generated.fetch(
      new Request("http://flowise.test/api/v1/chatflows", {
        headers: { authorization: `Bearer ${key?.key}` },
      }),
    );
    expect(response.status).toBe(200);
  });

  test("an empty key is refused at creation", () => {
    expect(() => createFlowiseEmulator({ apiKeys: [""] })).toThrow("API key 1 is empty");
  });

  test.each([
    [undefined, undefined],
    ["", undefined],
    ["Bearer abc", "abc"],
    ["abc", "abc"],
    ["Bearer ", undefined],
    ["Token Bearer abc", "abc"],
  ])("suppliedApiKey(%j) is %j", (header, key) => {
    expect(suppliedApiKey(header)).toBe(key);
  });
});
