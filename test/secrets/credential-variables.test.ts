import { describe, expect, test } from "vitest";
import type { ToolConfig } from "../../src/config/tool-config.js";
import { credentialVariables } from "../../src/secrets/credential-variables.js";
import { requestConfig } from "../support/request-config.js";

const request = requestConfig;

const http = (fields: Partial<Extract<ToolConfig, { kind: "http" }>>): ToolConfig => ({
  kind: "http",
  name: "n",
  description: "d",
  method: "GET",
  url: "http://h/x",
  headers: [],
  queryParams: [],
  responseType: "json",
  ...fields,
});

describe("credentialVariables", () => {
  test.each<[string, ToolConfig, string[]]>([
    ["a bearer header", request("http://h/x", { Authorization: "Bearer {{$vars.tok}}" }), ["tok"]],
    [
      "an API-key header, any case, spaces in the braces",
      request("http://h/x", { "x-api-key": "{{ $vars.k }}" }),
      ["k"],
    ],
    ["a credential query parameter", request("http://h/x?api_key={{$vars.k}}&q={{$vars.q}}"), ["k"]],
    ["an encoded credential name", request("http://h/x?access%5Ftoken={{$vars.t}}"), ["t"]],
    ["a URL's password", request("https://ci:{{$vars.pw}}@h/x"), ["pw"]],
    [
      "a plain header and query: none",
      request("http://h/x?region={{$vars.region}}", { "X-Region": "{{$vars.region}}" }),
      [],
    ],
    ["other variables than $vars: none", request("http://h/x?key={{$flow.state.k}}"), []],
    [
      "an OpenAPI toolkit's header",
      {
        kind: "openapi-toolkit",
        spec: "api.yaml",
        returnDirect: false,
        removeNulls: false,
        selectedEndpoints: [],
        headers: { Cookie: "s={{$vars.session}}" },
      },
      ["session"],
    ],
    [
      "an HTTP node's header row",
      http({ headers: [{ key: "Private-Token", value: "{{$vars.pat}}" }] }),
      ["pat"],
    ],
    ["an HTTP node's query row", http({ queryParams: [{ key: "token", value: "{{$vars.t}}" }] }), ["t"]],
    [
      "an HTTP node's basic credential",
      http({ credential: { type: "basic", username: "{{$vars.user}}", password: "{{$vars.pw}}" } }),
      ["user", "pw"],
    ],
    [
      "an HTTP node's bearer credential",
      http({ credential: { type: "bearer", token: "{{$vars.t}}" } }),
      ["t"],
    ],
    [
      "an HTTP node's API-key credential",
      http({ credential: { type: "apiKey", key: "X-Key", value: "{{$vars.k}}" } }),
      ["k"],
    ],
  ])("%s", (_name, config, expected) => {
    expect([...credentialVariables([config])]).toEqual(expected);
  });
});
