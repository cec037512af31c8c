import { describe, expect, test } from "vitest";
import type { ToolConfig } from "../../../src/config/tool-config.js";
import { toBaseUrl } from "../../../src/runtime/outbound/to-base-url.js";

const request = (url: string): ToolConfig => ({
  kind: "request",
  method: "GET",
  name: "t",
  description: "d",
  url,
  headers: {},
});

describe("toBaseUrl", () => {
  test.each([
    ["http://localhost:5566/events/:id", "http://127.0.0.1:8080", "http://127.0.0.1:8080/events/:id"],
    [
      "http://localhost:5566/events/:id",
      "http://127.0.0.1:8080/api/",
      "http://127.0.0.1:8080/api/events/:id",
    ],
    ["https://api.example.com", "http://127.0.0.1:8080", "http://127.0.0.1:8080"],
    ["http://{{$vars.host}}/x?y=1", "http://127.0.0.1:8080", "http://127.0.0.1:8080/x?y=1"],
    ["http://user:pass@api.example.com/x", "http://127.0.0.1:8080", "http://127.0.0.1:8080/x"],
    // A URL from a variable is left to the variable (base_url is --base-url) and to the outbound guard.
    ["{{$vars.base_url}}/events", "http://127.0.0.1:8080", "{{$vars.base_url}}/events"],
    ["{{$vars.other}}/events", "http://127.0.0.1:8080", "{{$vars.other}}/events"],
  ])("a request tool's %s with base %s → %s", (url, base, expected) => {
    expect(toBaseUrl(request(url), base)).toMatchObject({ url: expected });
  });

  test("an HTTP node's origin is replaced the same way", () => {
    const node: ToolConfig = {
      kind: "http",
      name: "n",
      description: "",
      method: "POST",
      url: "http://10.0.0.5:9200/_all",
      headers: [],
      queryParams: [],
      bodyType: "json",
      responseType: "json",
    } as unknown as ToolConfig;
    expect(toBaseUrl(node, "http://127.0.0.1:8080")).toMatchObject({ url: "http://127.0.0.1:8080/_all" });
  });

  test("a toolkit's server becomes the base URL, whatever selectedServer said", () => {
    const toolkit: ToolConfig = {
      kind: "openapi-toolkit",
      spec: "api.yaml",
      returnDirect: false,
      headers: {},
      removeNulls: false,
      selectedServer: "http://localhost:5566",
      selectedEndpoints: [],
    };
    expect(toBaseUrl(toolkit, "http://127.0.0.1:8080/")).toMatchObject({
      selectedServer: "http://127.0.0.1:8080",
    });
  });
});
