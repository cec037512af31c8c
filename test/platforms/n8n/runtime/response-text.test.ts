import { describe, expect, test } from "vitest";
import { credentialVariable } from "../../../../src/platforms/n8n/config/credential-variables.js";
import type { N8nHttpToolConfig } from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";
import {
  authenticationPlan,
  resolveAuthentication,
} from "../../../../src/platforms/n8n/runtime/credential-auth.js";
import {
  networkFailureOf,
  networkSentence,
  statusSentence,
} from "../../../../src/platforms/n8n/runtime/n8n-error-text.js";
import { N8nNodeError } from "../../../../src/platforms/n8n/runtime/node-failure.js";
import {
  optimizeJson,
  optimizeSettingsOf,
  optimizeText,
} from "../../../../src/platforms/n8n/runtime/optimize-response.js";

describe("the status sentences the model sees instead of a body (reference fact 28)", () => {
  test.each([
    [400, "Bad request - please check your parameters"],
    [401, "Authorization failed - please check your credentials"],
    [403, "Forbidden - perhaps check your credentials?"],
    [404, "The resource you are requesting could not be found"],
    [409, "Your request is invalid or could not be processed by the service"],
    [422, "Your request is invalid or could not be processed by the service"],
    [429, "The service is receiving too many requests from you"],
    [500, "The service was not able to process your request"],
    [502, "Bad gateway - the service failed to handle your request"],
    [
      503,
      "Service unavailable - try again later or consider setting this node to retry automatically (in the node settings)",
    ],
  ])("%i", (status, sentence) => {
    expect(statusSentence(status)).toBe(sentence);
  });

  test("connection refused (fact 29)", () => {
    const error = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
    });
    expect(networkSentence(networkFailureOf(error))).toBe(
      "The service refused the connection - perhaps it is offline",
    );
    expect(networkFailureOf(error).message).toBe("connect ECONNREFUSED 127.0.0.1:9");
  });
});

describe("credentials (reference fact 23)", () => {
  const config = (
    parameters: Record<string, unknown>,
    type: N8nHttpToolConfig["type"] = "n8n-nodes-base.httpRequestTool",
  ): N8nHttpToolConfig => ({
    kind: "n8n-http-tool",
    name: "T",
    type,
    typeVersion: 4.2,
    parameters,
    credentials: { httpHeaderAuth: { id: "1", name: "Weather API" }, httpBearerAuth: { name: "My API" } },
    agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
  });

  test("the variable that holds a credential's field", () => {
    expect(credentialVariable("httpHeaderAuth", "Weather API", "value")).toBe(
      "n8n_credential_httpHeaderAuth_Weather_API_value",
    );
  });

  test("header auth from the variables", () => {
    const header = config({ authentication: "genericCredentialType", genericAuthType: "httpHeaderAuth" });
    const plan = authenticationPlan(header);
    if (!plan.ok) throw new Error(plan.reason);
    expect(
      resolveAuthentication(header, plan, {
        n8n_credential_httpHeaderAuth_Weather_API_name: "x-api-key",
        n8n_credential_httpHeaderAuth_Weather_API_value: "hdr-secret-123",
      }),
    ).toEqual({ ok: true, auth: { kind: "header", name: "x-api-key", value: "hdr-secret-123" } });
    expect(resolveAuthentication(header, plan, {})).toEqual({
      ok: false,
      missing: "n8n_credential_httpHeaderAuth_Weather_API_name",
    });
  });

  test("bearer: sent by the current node, refused by the legacy one (fact 47)", () => {
    const parameters = { authentication: "genericCredentialType", genericAuthType: "httpBearerAuth" };
    expect(authenticationPlan(config(parameters))).toMatchObject({ ok: true, fields: ["token"] });
    expect(authenticationPlan(config(parameters, "@n8n/n8n-nodes-langchain.toolHttpRequest"))).toEqual({
      ok: false,
      reason: "the legacy node does not support httpBearerAuth",
    });
  });

  test("an unmodelled credential type is said, not ignored", () => {
    expect(
      authenticationPlan(
        config({ authentication: "predefinedCredentialType", nodeCredentialType: "anthropicApi" }),
      ),
    ).toEqual({
      ok: false,
      reason: "credentials of type anthropicApi are not modelled (their authentication is not sent)",
    });
  });
});

describe("Optimize Response (reference fact 32)", () => {
  test("JSON, field containing data and selected fields", () => {
    const settings = optimizeSettingsOf({
      optimizeResponse: true,
      dataField: "results",
      fieldsToInclude: "selected",
      fields: "id, name",
    });
    if (!settings) throw new Error("expected settings");
    const body = {
      results: [
        { id: 1, name: "a", x: 1 },
        { id: 2, name: "b", y: { z: 2 } },
      ],
    };
    expect(JSON.stringify(optimizeJson(body, settings))).toBe('[{"id":1,"name":"a"},{"id":2,"name":"b"}]');
  });

  test("text cut at Max Response Characters", () => {
    const settings = optimizeSettingsOf({
      optimizeResponse: true,
      responseType: "text",
      truncateResponse: true,
      maxLength: 40,
    });
    if (!settings) throw new Error("expected settings");
    expect(optimizeText("word ".repeat(20), settings)).toBe("word word word word word word word word ");
  });

  test("a scalar answer is n8n's error", () => {
    const settings = optimizeSettingsOf({ optimizeResponse: true });
    if (!settings) throw new Error("expected settings");
    expect(() => optimizeJson(5, settings)).toThrow(
      new N8nNodeError("The response type must be an object or an array of objects"),
    );
  });

  test("an attacker's field list cannot pollute Object.prototype", () => {
    const settings = optimizeSettingsOf({
      optimizeResponse: true,
      fieldsToInclude: "selected",
      fields: "__proto__.polluted, constructor.prototype.polluted",
    });
    if (!settings) throw new Error("expected settings");
    optimizeJson(
      JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'),
      settings,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const except = optimizeSettingsOf({
      optimizeResponse: true,
      fieldsToInclude: "except",
      fields: "__proto__.toString",
    });
    if (!except) throw new Error("expected settings");
    optimizeJson({ a: 1 }, except);
    expect(typeof Object.prototype.toString).toBe("function");
  });
});
