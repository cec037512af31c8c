import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../../../src/config/config-issue.js";
import { emptyLoadResult } from "../../../../src/config/load-result.js";
import { createLoadSink } from "../../../../src/config/load-sink.js";
import type { FlowiseRequestNodeName } from "../../../../src/platforms/flowise/config/flowise-request-nodes.js";
import { fromFlowiseRequestInputs } from "../../../../src/platforms/flowise/config/from-flowise-request-inputs.js";
import { invalidJsonError } from "../../../support/invalid-json-message.js";

function load(node: FlowiseRequestNodeName, inputs: Record<string, unknown>) {
  const result = emptyLoadResult();
  const config = fromFlowiseRequestInputs(node, inputs, "cfg", createLoadSink(result, "f.json"));
  return {
    config,
    errors: result.errors.map(formatConfigIssue),
    warnings: result.warnings.map(formatConfigIssue),
  };
}

const URL = "http://localhost:5566/events";

describe("fromFlowiseRequestInputs: keys", () => {
  test("a GET node's native keys, as the tutorial's agentflow stores them", () => {
    const { config, errors, warnings } = load("requestsGet", {
      requestsGetUrl: `<p>${URL}</p>`,
      requestsGetName: "get_events",
      requestsGetDescription: "Use this when you need to get events",
      requestsGetHeaders: "",
      requestsGetQueryParamsSchema: '{"id": {"type": "string", "in": "path", "description": "ID"}}',
      requestsGetMaxOutputLength: "2000",
      agentSelectedTool: "requestsGet",
    });
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    expect(config).toEqual({
      kind: "request",
      method: "GET",
      name: "get_events",
      description: "Use this when you need to get events",
      url: URL,
      headers: {},
      queryParamsSchema: { id: { type: "string", in: "path", description: "ID" } },
      maxOutputLength: 2000,
    });
  });

  test("a POST node's fixed body is `requestPostBody` (singular) and its schema `requestsPostBodySchema`", () => {
    const { config } = load("requestsPost", {
      requestsPostUrl: URL,
      requestPostBody: '{"location": "Online"}',
      requestsPostBodySchema: '{"name": {"type": "string", "required": true}}',
    });
    expect(config).toMatchObject({
      method: "POST",
      body: { location: "Online" },
      bodySchema: { name: { type: "string", required: true } },
    });
  });

  test.each([
    ["url", { url: "http://legacy", requestsPutUrl: "http://native" }, { url: "http://legacy" }],
    ["name", { name: "legacy", requestsPutName: "native" }, { name: "legacy" }],
    ["description", { description: "legacy", requestsPutDescription: "native" }, { description: "legacy" }],
    [
      "headers",
      { headers: '{"A": "legacy"}', requestsPutHeaders: '{"A": "native"}' },
      { headers: { A: "legacy" } },
    ],
    ["body", { body: '{"a": 1}', requestPutBody: '{"a": 2}' }, { body: { a: 1 } }],
    ["maxOutputLength", { maxOutputLength: "10", requestsPutMaxOutputLength: "20" }, { maxOutputLength: 10 }],
    [
      "an empty legacy key falls through",
      { url: "", requestsPutUrl: "http://native" },
      { url: "http://native" },
    ],
  ])("the legacy key is read first: %s", (_label, inputs, expected) => {
    expect(load("requestsPut", { requestsPutUrl: URL, ...inputs }).config).toMatchObject(expected);
  });

  test("GET and DELETE read no legacy maxOutputLength; POST and PUT no legacy body schema", () => {
    expect(load("requestsGet", { requestsGetUrl: URL, maxOutputLength: "5" }).config?.maxOutputLength).toBe(
      undefined,
    );
    expect(
      load("requestsDelete", { requestsDeleteUrl: URL, queryParamsSchema: '{"id": {"in": "path"}}' }).config,
    ).toMatchObject({ queryParamsSchema: { id: { type: "string", in: "path" } } });
    expect(load("requestsPost", { requestsPostUrl: URL, bodySchema: '{"a": {}}' }).config?.bodySchema).toBe(
      undefined,
    );
  });
});

describe("fromFlowiseRequestInputs: defaults and names", () => {
  test.each([
    [
      "requestsGet",
      "requests_get",
      "Use this when you need to execute a GET request to get data from a website.",
    ],
    [
      "requestsPost",
      "requests_post",
      "Use this when you want to execute a POST request to create or update a resource.",
    ],
    [
      "requestsPut",
      "requests_put",
      "Use this when you want to execute a PUT request to update or replace a resource.",
    ],
    [
      "requestsDelete",
      "requests_delete",
      "Use this when you need to execute a DELETE request to remove data from a website.",
    ],
  ] as const)("%s defaults to %s and Flowise's description", (node, name, description) => {
    expect(load(node, { url: URL }).config).toMatchObject({ name, description, headers: {} });
    expect(load(node, { url: URL, name: "", description: "" }).config).toMatchObject({ name, description });
  });

  test.each([
    ["Get Events", "get_events"],
    ["Find-Events 2!", "find-events_2"],
    ["ÉVÉNEMENTS", "vnements"],
    ["!!!", "requests_get"],
  ])("the name %j is normalised to %j", (name, expected) => {
    expect(load("requestsGet", { url: URL, name }).config?.name).toBe(expected);
  });

  test("a missing URL loads with a warning: Flowise fails every call", () => {
    const { config, warnings } = load("requestsDelete", { requestsDeleteName: "x" });
    expect(config?.url).toBe("");
    expect(warnings).toEqual([
      'f.json: cfg.requestsDeleteUrl: no URL: Flowise fails every call with "URL is required for DELETE request"',
    ]);
  });

  test.each([
    ["url", { requestsGetUrl: 5 }, "f.json: cfg.requestsGetUrl: expected string, received number"],
    [
      "name",
      { url: URL, requestsGetName: ["a"] },
      "f.json: cfg.requestsGetName: expected string, received array",
    ],
    [
      "description",
      { url: URL, description: true },
      "f.json: cfg.description: expected string, received boolean",
    ],
  ])("a %s that is not text is an error", (_label, inputs, error) => {
    expect(load("requestsGet", inputs)).toEqual({ config: undefined, errors: [error], warnings: [] });
  });
});

describe("fromFlowiseRequestInputs: headers and body", () => {
  test.each([
    ["a JSON5 string", "{'Accept': 'application/json',}", { Accept: "application/json" }],
    ["HTML-wrapped JSON (stripped, as Flowise does)", '<p>{"A": "b"}</p>', { A: "b" }],
    ["an object", { A: "b" }, { A: "b" }],
    [
      "numbers and booleans, which fetch turns into text",
      '{"X-Count": 5, "X-On": true}',
      { "X-Count": "5", "X-On": "true" },
    ],
  ])("headers as %s", (_label, headers, expected) => {
    expect(load("requestsGet", { url: URL, headers })).toEqual({
      config: expect.objectContaining({ headers: expected }),
      errors: [],
      warnings: [],
    });
  });

  test.each([
    [
      "invalid JSON",
      '{"A": }',
      invalidJsonError(
        "f.json: cfg.headers: Invalid JSON format in body. Original error: JSON5: invalid character '}' at 1:7",
      ),
    ],
    ["an array", "[1]", "f.json: cfg.headers: expected a JSON object, received array"],
    [
      "a block comment, whose `*` Turndown escapes",
      '{"A": "b" /* c */}',
      invalidJsonError(
        "f.json: cfg.headers: Invalid JSON format in body. Original error: JSON5: invalid character '\\\\' at 1:12",
      ),
    ],
    [
      "a line comment, which eats the rest once Turndown joins the lines",
      '{\n"A": "b", // c\n}',
      invalidJsonError(
        "f.json: cfg.headers: Invalid JSON format in body. Original error: JSON5: invalid end of input at 1:19",
      ),
    ],
    ["a nested object", '{"A": {"b": 1}}', "f.json: cfg.headers.A: expected string, received object"],
  ])("headers as %s are an error", (_label, headers, error) => {
    expect(load("requestsGet", { url: URL, headers })).toEqual({
      config: undefined,
      errors: [error],
      warnings: [],
    });
  });

  test.each([
    ["a JSON5 string", "{name: 'x', tags: ['a',],}", { name: "x", tags: ["a"] }],
    ["an object", { name: "x" }, { name: "x" }],
  ])("the fixed body as %s", (_label, body, expected) => {
    expect(load("requestsPost", { url: URL, body }).config?.body).toEqual(expected);
  });

  test.each([
    [
      "invalid JSON",
      '{"name": "x"',
      invalidJsonError(
        "f.json: cfg.requestPostBody: Invalid JSON format in body. Original error: JSON5: invalid end of input at 1:13",
      ),
    ],
    [
      "HTML-wrapped JSON (Flowise does not strip a body)",
      '<p>{"name": "x"}</p>',
      invalidJsonError(
        "f.json: cfg.requestPostBody: Invalid JSON format in body. Original error: JSON5: invalid character '<' at 1:1",
      ),
    ],
    ["a JSON array", "[1, 2]", "f.json: cfg.requestPostBody: expected a JSON object, received array"],
    ["a number", 42, "f.json: cfg.requestPostBody: expected a JSON object, received number"],
  ])("a fixed body that is %s is an error", (_label, requestPostBody, error) => {
    expect(load("requestsPost", { url: URL, requestPostBody })).toEqual({
      config: undefined,
      errors: [error],
      warnings: [],
    });
  });
});

describe("fromFlowiseRequestInputs: schemas", () => {
  test("a Body Schema in HTML is stripped first, as Flowise does", () => {
    const requestsPutBodySchema = '<p>{"name": {"type": "string", "required": true}}</p>';
    expect(load("requestsPut", { url: URL, requestsPutBodySchema }).config?.bodySchema).toEqual({
      name: { type: "string", required: true },
    });
  });

  test("an empty schema object means no schema, silently (Flowise's fallback is the same)", () => {
    expect(load("requestsGet", { url: URL, queryParamsSchema: "{}" })).toEqual({
      config: expect.not.objectContaining({ queryParamsSchema: expect.anything() }),
      errors: [],
      warnings: [],
    });
  });

  const PARAMS_FALLBACK = "Flowise shows the LLM free-form query parameters and then sends none of them";
  const BODY_FALLBACK = "Flowise silently drops the Body Schema, and then ignores any body the LLM sends";
  test.each([
    [
      "requestsGet",
      { requestsGetQueryParamsSchema: '{"id": {"in": "path"' },
      `f.json: cfg.requestsGetQueryParamsSchema: not valid JSON (JSON5: invalid end of input at 1:21): ${PARAMS_FALLBACK}`,
    ],
    [
      "requestsGet",
      { queryParamsSchema: '<p>{"id": {"in": "path"}}</p>' },
      `f.json: cfg.queryParamsSchema: not valid JSON (JSON5: invalid character '<' at 1:1): ${PARAMS_FALLBACK}`,
    ],
    [
      "requestsDelete",
      { requestsDeleteQueryParamsSchema: '"id"' },
      `f.json: cfg.requestsDeleteQueryParamsSchema: not a JSON object (string): ${PARAMS_FALLBACK}`,
    ],
    [
      "requestsDelete",
      { requestsDeleteQueryParamsSchema: { id: { in: "path" } } },
      `f.json: cfg.requestsDeleteQueryParamsSchema: expected a JSON string, received object: ${PARAMS_FALLBACK}`,
    ],
    [
      "requestsPost",
      { requestsPostBodySchema: "{name: {type: 'string'}" },
      `f.json: cfg.requestsPostBodySchema: not valid JSON (JSON5: invalid end of input at 1:24): ${BODY_FALLBACK}`,
    ],
    [
      "requestsPut",
      { requestsPutBodySchema: "null" },
      `f.json: cfg.requestsPutBodySchema: not a JSON object (null): ${BODY_FALLBACK}`,
    ],
  ] as const)("%s: an unusable schema loads as none, with a warning: %j", (node, inputs, warning) => {
    const { config, errors, warnings } = load(node, { url: URL, ...inputs });
    expect(config).toBeDefined();
    expect(config?.queryParamsSchema ?? config?.bodySchema).toBe(undefined);
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [warning] });
    // Text Flowise cannot read as a params object: it then drops every param (Flowise 3.1.4).
    const unparsable =
      typeof Object.values(inputs)[0] === "string" && node !== "requestsPost" && node !== "requestsPut";
    expect(config?.queryParamsSchemaInvalid).toBe(unparsable ? true : undefined);
  });

  test("a param with another `in` than path or query loads, as Flowise 3.1.4 accepts it (and drops it)", () => {
    const inputs = { requestsGetQueryParamsSchema: '{"id": {"type": "string", "in": "header"}}' };
    expect(load("requestsGet", { url: URL, ...inputs })).toEqual({
      config: expect.objectContaining({ queryParamsSchema: { id: { type: "string", in: "header" } } }),
      errors: [],
      warnings: [],
    });
  });

  test.each([
    [
      "requestsGet",
      { requestsGetQueryParamsSchema: '{"id": {"required": "yes"}}' },
      "f.json: cfg.requestsGetQueryParamsSchema.id.required: expected boolean, received string",
    ],
    [
      "requestsPost",
      { requestsPostBodySchema: '{"date": {"type": "date"}}' },
      'f.json: cfg.requestsPostBodySchema.date.type: Invalid option: expected one of "string"|"number"|"integer"|"boolean"|"object"|"array"',
    ],
    [
      "requestsPost",
      { requestsPostBodySchema: '{"date": "string"}' },
      "f.json: cfg.requestsPostBodySchema.date: expected object, received string",
    ],
    [
      "requestsPut",
      { requestsPutBodySchema: { name: { type: "string" } } },
      "f.json: cfg.requestsPutBodySchema: expected string, received object",
    ],
  ] as const)(
    "%s: a schema entry that does not fit the model is an error at its path",
    (node, inputs, error) => {
      expect(load(node, { url: URL, ...inputs })).toEqual({
        config: undefined,
        errors: [error],
        warnings: [],
      });
    },
  );
});

describe("fromFlowiseRequestInputs: max output length", () => {
  test.each([
    ["the UI's text", "2000", 2000],
    ["blank: no limit", "", undefined],
    ["the text 0: every output empty", "0", 0],
    ["the number 0, falsy to Flowise: no limit", 0, undefined],
    ["a number", 300, 300],
    ["a decimal, cut by parseInt", "12.7", 12],
    ["a negative one, which Flowise 3.1.4 accepts (slice(0, n))", "-4990", -4990],
  ])("%s", (_label, requestsGetMaxOutputLength, expected) => {
    expect(load("requestsGet", { url: URL, requestsGetMaxOutputLength }).config?.maxOutputLength).toBe(
      expected,
    );
  });

  test.each([
    ["abc", 'f.json: cfg.requestsGetMaxOutputLength: expected a whole number, received "abc"'],
    [true, "f.json: cfg.requestsGetMaxOutputLength: expected a whole number, received true"],
  ])("%j is an error", (requestsGetMaxOutputLength, error) => {
    expect(load("requestsGet", { url: URL, requestsGetMaxOutputLength })).toEqual({
      config: undefined,
      errors: [error],
      warnings: [],
    });
  });
});
