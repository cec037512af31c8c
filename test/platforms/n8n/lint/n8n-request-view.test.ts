import { beforeAll, describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { lint } from "../../../../src/lint/lint.js";
import { loadSpecIndex } from "../../../../src/lint/load-check-inputs.js";
import { loadSpec } from "../../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../../src/openapi/operation-index.js";
import { packagePath } from "../../../../src/package/package-root.js";
import { n8nRequestView } from "../../../../src/platforms/n8n/lint/n8n-request-view.js";
import { currentNode } from "../support/n8n-nodes.js";

let events: OperationIndex;
beforeAll(async () => {
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
});

const node = (parameters: Record<string, unknown>) => currentNode(parameters);

describe("the core's rules on an n8n workflow (fixtures/n8n/event-assistant.json: the tutorial's tools as n8n nodes)", () => {
  test("operation-not-found with n8n's change, undeclared params and formats, at the node's parameters, with what --fix can write", () => {
    const loaded = loadToolConfigs([packagePath("fixtures", "n8n", "event-assistant.json")]);
    const calls = lint(loaded.tools, { profile: "n8n", spec: events }).filter(
      (d) => !d.code.startsWith("n8n-"),
    );
    const fixOf = (d: (typeof calls)[number]) => d.fix && (d.fix.notFixable ?? d.fix.changes);
    expect(calls.map((d) => [d.code, d.tool, d.path, d.message, d.suggestion, fixOf(d)])).toEqual([
      [
        "operation-not-found",
        "update_event",
        "nodes[3].parameters.url",
        "PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
        "in n8n, set update_event's Method to PATCH and its URL to ={{ $vars.base_url }}/events/{{ $fromAI('id') }}",
        undefined,
      ],
      [
        "undisclosed-format",
        "create_event",
        "nodes[2].parameters.bodyParameters",
        'date must be an ISO 8601 date-time in POST /events (createEvent), and nothing tells the LLM: a guess like "2024-07-15" is rejected',
        'say it in the description: "Date of the event, an ISO 8601 date-time (e.g. 2024-07-15T18:00:00Z)"',
        "the description of date is an argument of its $fromAI call: change it in n8n",
      ],
      [
        "undeclared-query-param",
        "get_events",
        "nodes[1].parameters.queryParameters",
        "query param limit is not declared by GET /events (listEvents): the service ignores it",
        "remove limit, or document it in the OpenAPI description if the service reads it",
        [{ path: "nodes[1].parameters.queryParameters.parameters[0]" }],
      ],
    ]);
  });
});

describe("operation-not-found's n8n change writes the node's base URL", () => {
  test.each([
    {
      name: "an absolute URL on a server with a base path keeps origin and base path",
      url: "=https://api.example.test/v1/events/{{ $fromAI('id', 'the event') }}",
      to: "=https://api.example.test/v1/events/{{ $fromAI('id') }}",
    },
    {
      name: "a $vars base URL keeps its variable and the base path written after it",
      url: "={{ $vars.base_url }}/v1/events/{{ $fromAI('id', 'the event') }}",
      to: "={{ $vars.base_url }}/v1/events/{{ $fromAI('id') }}",
    },
  ])("$name", async ({ url, to }) => {
    const spec = createOperationIndex(
      await loadSpec({
        openapi: "3.0.3",
        info: { title: "Events", version: "1" },
        servers: [{ url: "https://api.example.test/v1" }],
        paths: {
          "/events/{id}": {
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            patch: { operationId: "updateEvent", responses: { "200": { description: "the event" } } },
          },
        },
      }),
    );
    const tool = { config: node({ method: "PUT", url }), source: { file: "w.json", path: "nodes[0]" } };
    const [finding] = lint([tool], { profile: "n8n", spec }).filter((d) => d.code === "operation-not-found");
    expect(finding?.suggestion).toBe(`in n8n, set Get Item's Method to PATCH and its URL to ${to}`);
  });
});

describe("n8nRequestView", () => {
  test("method, URL with {key} path params, typed query and body fields, fixed rows", () => {
    const view = n8nRequestView(
      node({
        method: "POST",
        url: "={{ $vars.base_url }}/lists/{{ $fromAI('list', 'The list', 'number') }}/items",
        sendQuery: true,
        queryParameters: {
          parameters: [
            { name: "dry", value: "={{ $fromAI('dry', '', 'boolean', false) }}" },
            { name: "v", value: "2" },
          ],
        },
        sendHeaders: true,
        headerParameters: { parameters: [{ name: "Authorization", value: "Bearer sk-live-123456" }] },
        sendBody: true,
        bodyParameters: {
          parameters: [
            { name: "title", value: "={{ $fromAI('title') }}" },
            { name: "source", value: "agent" },
          ],
        },
      }),
    );
    expect(view?.config).toEqual({
      kind: "request",
      method: "POST",
      name: "Get Item",
      description: "Makes an HTTP request and returns the response data",
      url: "{{$vars.base_url}}/lists/{list}/items",
      headers: { Authorization: "Bearer sk-live-123456" },
      queryParamsSchema: {
        list: { type: "number", description: "The list", in: "path", required: true },
        dry: { type: "boolean", in: "query", required: false },
      },
      bodySchema: { title: { type: "string", required: true } },
      body: { source: "agent" },
    });
    expect(view?.pathOf("queryParamsSchema.list")).toBe("parameters.url");
    expect(view?.pathOf("queryParamsSchema.dry.type")).toBe("parameters.queryParameters");
  });

  test("the legacy node: its {placeholders}, the model's values, its fixed rows (the Cal.com template's shape)", () => {
    const view = n8nRequestView({
      ...node({
        url: "https://api.test/slots/{event}",
        sendQuery: true,
        parametersQuery: {
          values: [{ name: "startTime" }, { name: "limit", valueProvider: "modelOptional" }],
        },
        sendHeaders: true,
        parametersHeaders: {
          values: [{ name: "Authorization", value: "Bearer YOUR_TOKEN_HERE", valueProvider: "fieldValue" }],
        },
        placeholderDefinitions: { values: [{ name: "limit", type: "number", description: "At most" }] },
      }),
      type: "@n8n/n8n-nodes-langchain.toolHttpRequest",
      typeVersion: 1.1,
    });
    expect(view?.config).toMatchObject({
      method: "GET",
      url: "https://api.test/slots/{event}",
      headers: { Authorization: "Bearer YOUR_TOKEN_HERE" },
      queryParamsSchema: {
        event: { type: "string", in: "path", required: true },
        startTime: { type: "string", in: "query", required: true },
        limit: { type: "number", in: "query", required: false, description: "At most" },
      },
    });
  });

  test.each([
    ["a URL the model writes whole", { url: "={{ $fromAI('url') }}" }],
    ["a URL reading the workflow's data", { url: "={{ $json.base }}/items" }],
    ["a method n8n has and request tools do not", { method: "HEAD", url: "https://api.test" }],
  ])("none for %s", (_name, parameters) => {
    expect(n8nRequestView(node(parameters))).toBeUndefined();
  });

  test("a model-chosen key __proto__ stays an own field", () => {
    const view = n8nRequestView(node({ url: "=https://api.test/{{ $fromAI('__proto__') }}" }));
    expect(Object.keys(view?.config.queryParamsSchema ?? {})).toEqual(["__proto__"]);
  });
});
