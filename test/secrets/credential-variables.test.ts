import { describe, expect, test } from "vitest";
import type { ToolConfig } from "../../src/config/tool-config.js";
import { DifyApiToolConfigSchema } from "../../src/platforms/dify/config/dify-api-tool-config.js";
import { DifyHttpRequestConfigSchema } from "../../src/platforms/dify/config/dify-http-request-config.js";
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

const difyNode = (fields: Record<string, unknown>): ToolConfig =>
  DifyHttpRequestConfigSchema.parse({
    kind: "dify-http-request",
    name: "n",
    method: "get",
    url: "http://h/x",
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
    [
      "a Dify node's env variable in a credential header, whatever it is called (fact 4)",
      difyNode({ headers: "Authorization:Bearer {{#env.acct#}}\nX-Region:{{#env.region#}}" }),
      ["acct"],
    ],
    [
      "a Dify node's API key and credential param",
      difyNode({
        params: "api_key:{{#env.k#}}\nq:{{#start.q#}}",
        authorization: { type: "api-key", config: { type: "bearer", api_key: "{{#env.token#}}" } },
      }),
      ["token", "k"],
    ],
    [
      "a Dify node's input in a credential header is no variable",
      difyNode({ headers: "Authorization:{{#start.t#}}" }),
      [],
    ],
    [
      "a Dify API tool's credential, and the variable a tool linked from a DSL reads",
      DifyApiToolConfigSchema.parse({
        kind: "dify-api-tool",
        name: "t",
        provider: "shop",
        spec: "shop.yaml",
        credentials: { auth_type: "api_key_header", api_key_value: "{{$vars.shop_key}}" },
      }),
      ["shop_key", "shop.api_key_value"],
    ],
  ])("%s", (_name, config, expected) => {
    expect([...credentialVariables([config])]).toEqual(expected);
  });
});
