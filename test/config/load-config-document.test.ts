import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../src/config/config-issue.js";
import { loadConfigDocument } from "../../src/config/load-config-document.js";
import { emptyLoadResult } from "../../src/config/load-result.js";
import { createLoadSink } from "../../src/config/load-sink.js";
import { invalidJsonError } from "../support/invalid-json-message.js";

function load(document: unknown) {
  const result = emptyLoadResult();
  loadConfigDocument(document, createLoadSink(result, "t.yaml"));
  return {
    tools: result.tools,
    errors: result.errors.map(formatConfigIssue),
    warnings: result.warnings.map(formatConfigIssue),
    skipped: result.skipped,
  };
}

const BASE = { kind: "request", url: "{{$vars.base_url}}/events" };

describe("loadConfigDocument: tooldeck's format", () => {
  test.each([
    ["GET", "requests_get", "Use this when you need to execute a GET request to get data from a website."],
    [
      "POST",
      "requests_post",
      "Use this when you want to execute a POST request to create or update a resource.",
    ],
    [
      "PUT",
      "requests_put",
      "Use this when you want to execute a PUT request to update or replace a resource.",
    ],
    [
      "PATCH",
      "requests_patch",
      "Use this when you want to execute a PATCH request to partially update a resource.",
    ],
    [
      "DELETE",
      "requests_delete",
      "Use this when you need to execute a DELETE request to remove data from a website.",
    ],
  ])("%s without name or description gets Flowise's defaults", (method, name, description) => {
    expect(load({ ...BASE, method }).tools).toEqual([
      {
        config: { kind: "request", method, name, description, url: BASE.url, headers: {} },
        source: { file: "t.yaml", path: "" },
      },
    ]);
  });

  test("the method may be written in lower case; headers may be a JSON string", () => {
    const { tools, errors } = load({ ...BASE, method: "patch", headers: "{'X-Api-Key': '{{$vars.key}}'}" });
    expect(errors).toEqual([]);
    expect(tools[0]?.config).toMatchObject({ method: "PATCH", headers: { "X-Api-Key": "{{$vars.key}}" } });
    expect(load({ ...BASE, method: "GET", headers: "  " }).tools[0]?.config).toMatchObject({ headers: {} });
  });

  test.each([
    [
      "headers that are not JSON",
      { ...BASE, method: "GET", headers: "Accept: */*" },
      [
        invalidJsonError(
          "t.yaml: headers: Invalid JSON format in body. Original error: JSON5: invalid character 'A' at 1:1",
        ),
      ],
    ],
    [
      "headers that are a JSON array",
      { ...BASE, method: "GET", headers: "[]" },
      ["t.yaml: headers: expected a JSON object, received array"],
    ],
    [
      "a param in neither path nor query",
      { ...BASE, method: "GET", queryParamsSchema: { id: { type: "string", in: "header" } } },
      ['t.yaml: queryParamsSchema.id.in: expected "path" or "query"'],
    ],
    [
      "a misspelt key",
      { ...BASE, method: "GET", queryParamSchema: {} },
      ['t.yaml: Unrecognized key: "queryParamSchema"'],
    ],
    [
      "a misspelt key inside a schema entry",
      { ...BASE, method: "POST", bodySchema: { name: { type: "string", requried: true } } },
      ['t.yaml: bodySchema.name: Unrecognized key: "requried"'],
    ],
    ["no URL", { kind: "request", method: "GET" }, ["t.yaml: url: expected string, received undefined"]],
    [
      "an empty name",
      { ...BASE, method: "GET", name: "" },
      ["t.yaml: name: Too small: expected string to have >=1 characters"],
    ],
    [
      "a bad method, reported alone",
      { ...BASE, method: "FETCH" },
      ['t.yaml: method: Invalid option: expected one of "GET"|"POST"|"PUT"|"PATCH"|"DELETE"'],
    ],
    [
      "a max output length in text",
      { ...BASE, method: "GET", maxOutputLength: "2000" },
      ["t.yaml: maxOutputLength: expected number, received string"],
    ],
    [
      "an unknown kind",
      { kind: "graphql" },
      [
        't.yaml: kind: expected "request" | "openapi-toolkit" | "http" | "n8n-http-tool" | "custom-tool" | "dify-http-request" | "dify-api-tool", received "graphql"',
      ],
    ],
    [
      "a kind that is not text",
      { kind: 1 },
      [
        't.yaml: kind: expected "request" | "openapi-toolkit" | "http" | "n8n-http-tool" | "custom-tool" | "dify-http-request" | "dify-api-tool", received 1',
      ],
    ],
  ])("%s is an error", (_label, document, errors) => {
    expect(load(document)).toMatchObject({ tools: [], errors, warnings: [] });
  });
});

describe("loadConfigDocument: shapes", () => {
  test("an array: each entry located by its index, the good ones loaded", () => {
    const { tools, errors } = load([
      { ...BASE, method: "GET", name: "a" },
      { ...BASE, method: "GET", queryParamsSchema: { id: { in: "body" } } },
      { requestsPostUrl: "http://x/events", requestsPostName: "b" },
      "text",
      [],
    ]);
    expect(tools.map((tool) => [tool.config.name, tool.source.path])).toEqual([
      ["a", "[0]"],
      ["b", "[2]"],
    ]);
    expect(errors).toEqual([
      't.yaml: [1].queryParamsSchema.id.in: expected "path" or "query"',
      "t.yaml: [3]: expected a tool config object, received string",
      "t.yaml: [4]: expected a tool config object, received array",
    ]);
  });

  test("Flowise inputs copied from an Agent node: the method comes from agentSelectedTool", () => {
    const { tools } = load({
      agentSelectedTool: "requestsDelete",
      url: "http://x/events",
      name: "Remove Event",
    });
    expect(tools[0]?.config).toMatchObject({
      method: "DELETE",
      name: "remove_event",
      url: "http://x/events",
    });
  });

  test("an OpenAPI toolkit's inputs without a file: a warning, no tool", () => {
    const inputs = { agentSelectedTool: "openAPIToolkit", yamlFile: "", returnDirect: "" };
    expect(load(inputs)).toEqual({
      tools: [],
      errors: [],
      warnings: ['t.yaml: yamlFile: no OpenAPI file: Flowise fails with "Failed to load OpenAPI spec"'],
      skipped: [],
    });
  });

  test.each([
    [
      "another Flowise tool",
      { agentSelectedTool: "calculator" },
      't.yaml: agentSelectedTool: "calculator" is not a Flowise request tool',
    ],
    [
      "keys of two Flowise nodes",
      { requestsGetUrl: "http://x", requestPutBody: "{}" },
      "t.yaml: mixes the input keys of Flowise nodes requestsGet and requestsPut",
    ],
    [
      "legacy keys only: the method is unknown",
      { url: "http://x", name: "x" },
      't.yaml: not a tool config: expected "kind" (tooldeck format), an n8n workflow export ("nodes" and "connections"), Flowise request-tool inputs (requestsGetUrl…) or a Flowise flow export ("nodes"), a Dify app DSL ("kind: app")',
    ],
    ["a scalar", 42, "t.yaml: expected a tool config object, received number"],
    ["null", null, "t.yaml: expected a tool config object, received null"],
  ])("%s is an error", (_label, document, error) => {
    expect(load(document)).toMatchObject({ tools: [], errors: [error] });
  });
});

describe("loadConfigDocument: chatflows as Flowise's API returns them", () => {
  const flowData = JSON.stringify({
    nodes: [
      {
        data: { name: "requestsGet", inputs: { requestsGetUrl: "http://x/events", requestsGetName: "list" } },
      },
    ],
    edges: [],
  });

  test("an array of chatflow records: tools located inside each flowData", () => {
    const { tools, errors } = load([
      { id: "a", name: "Events", flowData, type: "CHATFLOW" },
      { id: "b", name: "Broken", flowData: "{", type: "CHATFLOW" },
      { id: "c", name: "Empty", flowData: "[]", type: "AGENTFLOW" },
    ]);
    expect(tools.map((tool) => [tool.config.name, tool.source.path])).toEqual([
      ["list", "[0].flowData.nodes[0].data.inputs"],
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^t\.yaml: \[1\]\.flowData: invalid JSON \(/);
    expect(errors[1]).toBe(
      't.yaml: [2].flowData: expected a Flowise flow (an object with "nodes"), received array',
    );
  });
});

describe("loadConfigDocument: HTTP nodes (kind http)", () => {
  test("defaults filled, method in any case", () => {
    const { tools, errors } = load({ kind: "http", method: "patch", url: "{{$vars.base_url}}/events/1" });
    expect(errors).toEqual([]);
    expect(tools[0]?.config).toEqual({
      kind: "http",
      name: "http_request",
      description: "Send an HTTP request",
      method: "PATCH",
      url: "{{$vars.base_url}}/events/1",
      headers: [],
      queryParams: [],
      responseType: "json",
    });
  });

  test.each([
    [
      "headers as an object",
      { kind: "http", url: "http://x", headers: { A: "b" } },
      ["t.yaml: headers: expected array, received object"],
    ],
    [
      "a misspelt key, in an array entry",
      [{ kind: "http", url: "http://x", respnseType: "text" }],
      ['t.yaml: [0]: Unrecognized key: "respnseType"'],
    ],
    [
      "a form body given as text",
      { kind: "http", url: "http://x", method: "POST", bodyType: "xWwwFormUrlencoded", body: "a=1" },
      ["t.yaml: body: a xWwwFormUrlencoded body is a list of {key, value}"],
    ],
    [
      "a bearer credential without token",
      { kind: "http", url: "http://x", credential: { type: "bearer" } },
      ["t.yaml: credential.token: expected string, received undefined"],
    ],
  ])("%s is an error at its path", (_label, document, errors) => {
    expect(load(document)).toMatchObject({ tools: [], errors });
  });
});
