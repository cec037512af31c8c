import { beforeAll, describe, expect, test } from "vitest";
import type { LoadedTool } from "../../../../src/config/tool-config.js";
import { lint } from "../../../../src/lint/lint.js";
import { loadSpecIndex } from "../../../../src/lint/load-check-inputs.js";
import { loadSpec } from "../../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../../src/openapi/operation-index.js";
import { packagePath } from "../../../../src/package/package-root.js";
import {
  type DifyHttpRequestConfig,
  DifyHttpRequestConfigSchema,
} from "../../../../src/platforms/dify/config/dify-http-request-config.js";
import { difyRequestView } from "../../../../src/platforms/dify/lint/dify-request-view.js";

let events: OperationIndex;
beforeAll(async () => {
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
});

/** A Dify HTTP Request node as the loader reads it (reference/dify-tools.md facts 10–14). */
function node(data: Record<string, unknown>): DifyHttpRequestConfig {
  return DifyHttpRequestConfigSchema.parse({ kind: "dify-http-request", name: "Update Event", ...data });
}

function loaded(config: DifyHttpRequestConfig): LoadedTool {
  return { config, source: { file: "app.yml", path: "workflow.graph.nodes[1].data", format: "dify" } };
}

describe("the request a Dify HTTP Request node amounts to (facts 10–12, 22, 28, 34)", () => {
  test("method upper-cased; {{#env.X#}} a tooldeck variable; a reference as a whole path segment a path param; params lines query params; a quoted JSON value a string field", () => {
    const view = difyRequestView(
      node({
        method: "patch",
        url: "{{#env.base_url#}}/events/{{#start.id#}}",
        params: "fields:{{#start.fields#}}\nformat:json\nkey:{{#env.key#}}",
        headers: "X-Trace:{{#sys.workflow_run_id#}}\nAccept:application/json",
        authorization: { type: "api-key", config: { type: "bearer", api_key: "{{#env.token#}}" } },
        body: {
          type: "json",
          data: [{ value: '{"name": "{{#start.name#}}", "count": {{#start.n#}}, "kind": "party"}' }],
        },
      }),
    );
    expect(view?.config).toEqual({
      kind: "request",
      method: "PATCH",
      name: "Update Event",
      description: "",
      url: "{{$vars.base_url}}/events/{start.id}?format=json&key={{$vars.key}}",
      headers: {
        "X-Trace": "{{sys.workflow_run_id}}",
        Accept: "application/json",
        Authorization: "Bearer {{$vars.token}}",
      },
      queryParamsSchema: {
        "start.id": { type: "string", in: "path", required: true, description: "the workflow's start.id" },
        fields: { type: "string", in: "query", required: true, description: "the workflow's start.fields" },
      },
      bodySchema: { name: { type: "string", required: true, description: "the workflow's start.name" } },
      body: { count: "{{start.n}}", kind: "party" },
    });
    expect(
      [
        "url",
        "queryParamsSchema.start.id.type",
        "queryParamsSchema.fields",
        "headers.Authorization",
        "headers.Accept",
        "bodySchema.name",
        "method",
      ].map((path) => view?.pathOf(path)),
    ).toEqual([
      "url",
      "url",
      "params",
      "authorization.config.api_key",
      "headers",
      "body.data[0].value",
      "method",
    ]);
  });

  test.each([
    ["HEAD, which the core has no operation method for", { method: "head", url: "https://x.test/a" }],
    [
      "OPTIONS, which fails at run time (dify-options-method)",
      { method: "options", url: "https://x.test/a" },
    ],
    ["a URL that is a node's output", { method: "get", url: "{{#1719878483248.item#}}" }],
    [
      "a reference inside a path segment",
      { method: "get", url: "https://x.test/files/{{#start.name#}}.pdf" },
    ],
    ["a reference in the host", { method: "get", url: "https://{{#start.host#}}/a" }],
    [
      "a URL that is one environment variable, whose path is the variable's",
      { method: "get", url: "{{#env.GAS_HUB_URL#}}", params: "mode:summary" },
    ],
    ["a URL that is one environment variable and a query", { method: "get", url: "{{#env.HOOK#}}?a=1" }],
  ])("no view for %s", (_, data) => {
    expect(difyRequestView(node(data))).toBeUndefined();
  });
});

describe("a fix of the view as a change of the node (fact 10–11)", () => {
  test("PUT /events → PATCH /events/:id: the method in Dify's case, the URL with {{#env.X#}} kept and the new id a Start input", () => {
    const view = difyRequestView(node({ method: "put", url: "{{#env.base_url#}}/events" }));
    const id = { type: "string", in: "path", required: true, description: "id of the events" };
    expect(
      view?.fixOf?.([
        { path: "method", value: "PATCH" },
        { path: "url", value: "{{$vars.base_url}}/events/:id" },
        { path: "queryParamsSchema.id", value: id },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { path: "method", value: "patch" },
        { path: "url", value: "{{#env.base_url#}}/events/{{#start.id#}}" },
      ],
    });
  });

  test("a path param renamed by the fix keeps the node's reference; a query param removed is its params line removed", () => {
    const view = difyRequestView(
      node({
        method: "put",
        url: "{{#env.base_url#}}/event/{{#start.event_id#}}",
        params: "limit:{{#start.limit#}}\nx:1",
      }),
    );
    expect(
      view?.fixOf?.([
        { path: "url", value: "{{$vars.base_url}}/events/:id" },
        { path: "queryParamsSchema.start.event_id", renameTo: "id" },
        { path: "queryParamsSchema.limit" },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { path: "url", value: "{{#env.base_url#}}/events/{{#start.event_id#}}" },
        { path: "params", value: "x:1" },
      ],
    });
    expect(view?.fixOf?.([{ path: "headers.Accept", value: "x" }])).toEqual({
      ok: false,
      reason: "--fix does not edit the headers of a Dify node",
    });
  });
});

describe("the core's rules on calls judge each node as the request it amounts to", () => {
  test("operation-not-found with Dify's change, an undeclared query param, a literal credential: each at the node's field", () => {
    const tools = [
      loaded(node({ method: "put", url: "{{#env.base_url#}}/events" })),
      loaded(
        node({
          name: "List Events",
          method: "get",
          url: "{{#env.base_url#}}/events",
          params: "limit:{{#start.limit#}}",
          headers: "Authorization:Bearer sk-live-1234567890",
        }),
      ),
    ];
    const found = lint(tools, { profile: "dify", spec: events }).filter((d) => !d.code.startsWith("dify-"));
    expect(found.map((d) => [d.code, d.tool, d.path, d.message, d.suggestion])).toEqual([
      [
        "operation-not-found",
        "Update_Event",
        "workflow.graph.nodes[1].data.url",
        "PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
        "in Dify, set Update Event's Method to PATCH and URL to {{#env.base_url#}}/events/{{#start.id#}}",
      ],
      [
        "secret-in-config",
        "List_Events",
        "workflow.graph.nodes[1].data.headers",
        "header Authorization holds a literal credential",
        "use {{$vars.…}} and set the value with --var or a vars file",
      ],
      [
        "undeclared-query-param",
        "List_Events",
        "workflow.graph.nodes[1].data.params",
        "query param limit is not declared by GET /events (listEvents): the service ignores it",
        "remove limit, or document it in the OpenAPI description if the service reads it",
      ],
    ]);
  });

  test("a node whose path param fills the operation's: no finding (PATCH {{#env.base_url#}}/events/{{#start.id#}})", () => {
    const tool = loaded(
      node({
        method: "patch",
        url: "{{#env.base_url#}}/events/{{#start.id#}}",
        body: {
          type: "json",
          data: [
            {
              value:
                '{"name": "{{#start.name#}}", "date": "{{#start.date#}}", "location": "{{#start.location#}}"}',
            },
          ],
        },
      }),
    );
    expect(
      lint([tool], { profile: "dify", spec: events }).filter((d) => !d.code.startsWith("dify-")),
    ).toEqual([]);
  });
});

describe("a node is a workflow's step: what no model reads is not judged, params are text on the wire", () => {
  test("an integer query param sent as text and an enum no model is told: no finding; a quoted JSON value for an integer field is sent as a string: field-types", async () => {
    const spec = createOperationIndex(
      await loadSpec({
        openapi: "3.0.3",
        info: { title: "Jobs", version: "1" },
        servers: [{ url: "https://jobs.example.test" }],
        paths: {
          "/jobs": {
            post: {
              operationId: "createJob",
              description: "Creates a job",
              parameters: [
                { name: "priority", in: "query", schema: { type: "integer" } },
                { name: "queue", in: "query", schema: { type: "string", enum: ["fast", "slow"] } },
              ],
              requestBody: {
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      properties: {
                        count: { type: "integer" },
                        when: { type: "string", format: "date-time" },
                      },
                    },
                  },
                },
              },
              responses: { "201": { description: "made" } },
            },
          },
        },
      }),
    );
    const tool = loaded(
      node({
        name: "Create Job",
        method: "post",
        url: "https://jobs.example.test/jobs",
        params: "priority:{{#start.priority#}}\nqueue:{{#start.queue#}}",
        body: {
          type: "json",
          data: [{ value: '{"count": "{{#start.count#}}", "when": "{{#start.when#}}"}' }],
        },
        error_strategy: "fail-branch",
      }),
    );
    const found = lint([tool], { profile: "standard", spec }).filter((d) => !d.code.startsWith("dify-"));
    expect(found.map((d) => [d.code, d.path, d.message])).toEqual([
      [
        "field-types",
        "workflow.graph.nodes[1].data.body.data[0].value",
        "count is integer in POST /jobs (createJob), but the tool declares string",
      ],
    ]);
  });

  test("a fix's URL keeps the node's literal params in its params, not in its URL", () => {
    const view = difyRequestView(
      node({ method: "put", url: "{{#env.base_url#}}/events", params: "format:json" }),
    );
    expect(view?.fixOf?.([{ path: "url", value: "{{$vars.base_url}}/events/:id?format=json" }])).toEqual({
      ok: true,
      value: [{ path: "url", value: "{{#env.base_url#}}/events/{{#start.id#}}" }],
    });
  });
});
