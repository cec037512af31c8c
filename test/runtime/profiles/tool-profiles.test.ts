import { describe, expect, test } from "vitest";
import type { HttpMethod } from "../../../src/config/request-tool-config.js";
import { FLOWISE_PROFILE } from "../../../src/platforms/flowise/runtime/flowise-profile.js";
import { STANDARD_PROFILE } from "../../../src/runtime/profiles/standard.js";
import { toolProfileOf } from "../../../src/runtime/profiles/tool-profile-of.js";

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

describe("the two profiles, decision by decision (DESIGN.md, Profiles)", () => {
  test("toolProfileOf picks by name, standard by default", () => {
    expect(toolProfileOf("flowise")).toBe(FLOWISE_PROFILE);
    expect(toolProfileOf("standard")).toBe(STANDARD_PROFILE);
    expect(toolProfileOf()).toBe(STANDARD_PROFILE);
  });

  test.each([
    ["flowise", FLOWISE_PROFILE, ["POST", "PUT"], ["GET", "DELETE"]],
    ["standard", STANDARD_PROFILE, ["POST", "PUT", "PATCH"], METHODS],
  ] as const)("%s: which methods send a body, which carry params", (_name, profile, body, params) => {
    expect(METHODS.filter((method) => profile.sendsBody(method))).toEqual(body);
    expect(METHODS.filter((method) => profile.carriesParams(method))).toEqual(params);
  });

  test("a param without `in`: dropped by Flowise, a query param under standard", () => {
    expect(FLOWISE_PROFILE.sendsInQuery({ type: "string" })).toBe(false);
    expect(STANDARD_PROFILE.sendsInQuery({ type: "string" })).toBe(true);
    expect(FLOWISE_PROFILE.sendsInQuery({ type: "string", in: "query" })).toBe(true);
    expect([FLOWISE_PROFILE.dropsOmittedPlaceholders, STANDARD_PROFILE.dropsOmittedPlaceholders]).toEqual([
      false,
      true,
    ]);
  });

  test("names, body merge, Content-Type, missing URL", () => {
    expect(FLOWISE_PROFILE.toolName("Get Events!")).toBe("get_events");
    expect(STANDARD_PROFILE.toolName("Get Events!")).toBe("Get_Events_");
    expect([FLOWISE_PROFILE.deduplicatesNames, STANDARD_PROFILE.deduplicatesNames]).toEqual([false, true]);
    const config = {
      kind: "request",
      method: "POST",
      name: "t",
      description: "",
      url: "",
      headers: {},
    } as const;
    const schema = { ...config, bodySchema: { a: { type: "string" as const } } };
    expect(FLOWISE_PROFILE.requestBody(schema, { a: "fixed" }, { a: "llm" })).toEqual({ a: "llm" });
    expect(FLOWISE_PROFILE.requestBody(config, { a: "fixed" }, { a: "llm" })).toEqual({ a: "fixed" });
    expect(STANDARD_PROFILE.requestBody(schema, { a: "fixed" }, { a: "llm" })).toEqual({ a: "fixed" });
    expect(FLOWISE_PROFILE.replacesContentType({ "content-type": "text/plain" })).toBe(false);
    expect(STANDARD_PROFILE.replacesContentType({ "content-type": "text/plain" })).toBe(true);
    expect(FLOWISE_PROFILE.missingUrl("POST")).toBe(
      "Failed to make POST request: URL is required for POST request",
    );
    expect(FLOWISE_PROFILE.missingUrl("GET")).toBe("URL is required for GET request");
  });

  test("host policy, timeouts and document validation", () => {
    expect([FLOWISE_PROFILE.refusesPrivateHosts, STANDARD_PROFILE.refusesPrivateHosts]).toEqual([
      true,
      false,
    ]);
    expect([FLOWISE_PROFILE.defaultTimeoutMs, STANDARD_PROFILE.defaultTimeoutMs]).toEqual([
      undefined,
      30_000,
    ]);
    expect([FLOWISE_PROFILE.requiresResponses, STANDARD_PROFILE.requiresResponses]).toEqual([false, true]);
  });

  test("the HTTP node's rules", () => {
    const rows = [
      { key: "a", value: "1" },
      { key: "b", value: "2" },
    ];
    expect(FLOWISE_PROFILE.httpNode.encodeFormBody(rows)).toBe("0=&1=");
    expect(STANDARD_PROFILE.httpNode.encodeFormBody(rows)).toBe("a=1&b=2");
    expect(FLOWISE_PROFILE.httpNode.parseJsonBody("{a: 'x',}")).toEqual({ a: "x" });
    expect(() => STANDARD_PROFILE.httpNode.parseJsonBody("{a: 'x',}")).toThrow(SyntaxError);
    expect(FLOWISE_PROFILE.httpNode.timeoutMs(5000)).toBeUndefined();
    expect(STANDARD_PROFILE.httpNode.timeoutMs(undefined)).toBe(30_000);
  });
});
