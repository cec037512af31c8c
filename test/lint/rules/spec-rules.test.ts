import { beforeAll, describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import { lint } from "../../../src/lint/lint.js";
import { loadSpecIndex } from "../../../src/lint/load-check-inputs.js";
import { bodyFields } from "../../../src/lint/rules/body-fields.js";
import { fieldTypes } from "../../../src/lint/rules/field-types.js";
import { operationNotFound } from "../../../src/lint/rules/operation-not-found.js";
import { pathParamUnsupplied } from "../../../src/lint/rules/path-param-unsupplied.js";
import { undeclaredQueryParam } from "../../../src/lint/rules/undeclared-query-param.js";
import { undisclosedFormat } from "../../../src/lint/rules/undisclosed-format.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import type { OperationIndex } from "../../../src/openapi/operation-index.js";
import { createOperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import { flowiseToolkit } from "../../../src/platforms/flowise/lint/flowise-toolkit.js";
import { requestTool, testRule } from "../support/test-rule.js";

let events: OperationIndex;
beforeAll(async () => {
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
});
const spec = { spec: () => events };

const EVENT_BODY = {
  name: { type: "string", required: true, description: "Name of the event" },
  date: { type: "string", required: true, description: "Date of the event, ISO 8601 date-time" },
  location: { type: "string", required: true, description: "Location of the event" },
} as const;
const idParam = { id: { type: "string", in: "path", required: true } } as const;
const update = requestTool({ method: "PUT", name: "update_event", bodySchema: EVENT_BODY });

testRule(
  operationNotFound,
  [
    { name: "GET /events", config: requestTool(), expected: [] },
    {
      name: "GET /events with an appended id",
      config: requestTool({ queryParamsSchema: { id: { type: "string", in: "path" } } }),
      expected: [],
    },
    {
      name: "DELETE /events/:id",
      config: requestTool({ method: "DELETE", queryParamsSchema: idParam }),
      expected: [],
    },
    {
      name: "the tutorial's update_event under standard",
      config: update,
      expected: [
        "error url: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
      ],
    },
    {
      name: "the tutorial's update_event under flowise",
      config: update,
      profile: "flowise",
      expected: [
        "error url: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
      ],
    },
    {
      name: "an unknown path",
      config: requestTool({ url: "{{$vars.base_url}}/venues" }),
      expected: ["error url: GET /venues is not an operation of Event Management API"],
    },
    {
      name: "DELETE whose optional id is left out",
      config: requestTool({ method: "DELETE", queryParamsSchema: { id: { type: "string", in: "path" } } }),
      expected: [
        "warning url: without its optional path params the tool calls DELETE /events is not an operation of Event Management API (did you mean DELETE /events/{id}?)",
      ],
    },
  ],
  spec,
);

testRule(
  pathParamUnsupplied,
  [
    {
      name: "a declared path param",
      config: requestTool({ url: "{{$vars.base_url}}/events/:id", queryParamsSchema: idParam }),
      expected: [],
    },
    { name: "a literal id", config: requestTool({ url: "{{$vars.base_url}}/events/3" }), expected: [] },
    {
      name: "a placeholder with no param",
      config: requestTool({ url: "{{$vars.base_url}}/events/:id" }),
      expected: [
        "error url: GET /events/{id} (getEventById) needs id, but the tool has no path param id: the placeholder is sent as it is",
      ],
    },
    {
      name: "a flowise POST/PUT cannot send path params",
      config: { ...update, method: "PUT", url: "{{$vars.base_url}}/events/:id", queryParamsSchema: idParam },
      profile: "flowise",
      expected: [],
    },
    {
      name: "a flowise DELETE with the param is fine",
      config: requestTool({
        method: "DELETE",
        url: "{{$vars.base_url}}/events/:id",
        queryParamsSchema: idParam,
      }),
      profile: "flowise",
      expected: [],
    },
  ],
  spec,
);

testRule(
  undeclaredQueryParam,
  [
    { name: "no query params", config: requestTool(), expected: [] },
    {
      name: "the tutorial's limit",
      config: requestTool({ queryParamsSchema: { limit: { type: "string", in: "query" } } }),
      expected: [
        "warning queryParamsSchema.limit: query param limit is not declared by GET /events (listEvents): the service ignores it",
      ],
    },
    {
      name: "flowise drops a param without `in`, so it is not sent at all",
      config: requestTool({ queryParamsSchema: { limit: { type: "string" } } }),
      profile: "flowise",
      expected: [],
    },
  ],
  spec,
);

testRule(
  bodyFields,
  [
    {
      name: "the event fields",
      config: requestTool({ method: "POST", bodySchema: EVENT_BODY }),
      expected: [],
    },
    {
      name: "an unknown field",
      config: requestTool({ method: "POST", bodySchema: { ...EVENT_BODY, venue: { type: "string" } } }),
      expected: [
        "error bodySchema.venue: body field venue is not in the request body of POST /events (createEvent)",
      ],
    },
    {
      name: "a missing required field, unless the fixed body has it",
      config: requestTool({
        method: "POST",
        bodySchema: { name: EVENT_BODY.name, date: EVENT_BODY.date },
        body: {},
      }),
      expected: [
        "error bodySchema: POST /events (createEvent) requires body field location, which the tool never sends",
      ],
    },
    {
      name: "the fixed body supplies it",
      config: requestTool({
        method: "POST",
        bodySchema: { name: EVENT_BODY.name, date: EVENT_BODY.date },
        body: { location: "x" },
      }),
      expected: [],
    },
    {
      name: "required in the spec, optional in the tool",
      config: requestTool({ method: "POST", bodySchema: { ...EVENT_BODY, location: { type: "string" } } }),
      expected: [
        "warning bodySchema.location: POST /events (createEvent) requires location, but the tool lets the LLM leave it out",
      ],
    },
  ],
  spec,
);

testRule(
  fieldTypes,
  [
    { name: "strings", config: requestTool({ method: "POST", bodySchema: EVENT_BODY }), expected: [] },
    {
      name: "a number for a string",
      config: requestTool({
        method: "POST",
        bodySchema: { ...EVENT_BODY, name: { type: "number", required: true } },
      }),
      expected: [
        "warning bodySchema.name.type: name is string in POST /events (createEvent), but the tool declares number",
      ],
    },
  ],
  spec,
);

testRule(
  undisclosedFormat,
  [
    {
      name: "the format is said",
      config: requestTool({ method: "POST", bodySchema: EVENT_BODY }),
      expected: [],
    },
    {
      name: "the tutorial's create_event",
      config: requestTool({
        method: "POST",
        bodySchema: {
          ...EVENT_BODY,
          date: { type: "string", required: true, description: "Date of the event" },
        },
      }),
      expected: [
        'warning bodySchema.date.description: date must be an ISO 8601 date-time in POST /events (createEvent), and nothing tells the LLM: a guess like "2024-07-15" is rejected',
      ],
    },
  ],
  spec,
);

testRule(
  flowiseToolkit,
  [
    {
      name: "the event API: id on the path item",
      config: {
        kind: "openapi-toolkit",
        spec: "event-api",
        returnDirect: false,
        headers: {},
        removeNulls: false,
        selectedEndpoints: ["getEventById", "listEvents"],
      },
      profile: "flowise",
      expected: [
        "error spec: id is declared on the path item /events/{id}: Flowise ignores it, so getEventById calls /events/{id} literally",
      ],
    },
    {
      name: "an unknown spec is not judged",
      config: {
        kind: "openapi-toolkit",
        spec: "other",
        returnDirect: false,
        headers: {},
        removeNulls: false,
        selectedEndpoints: [],
      },
      profile: "flowise",
      expected: [],
    },
  ],
  { toolkitSpecs: () => new Map([["event-api", events]]) },
);

const ticketsSpec = {
  openapi: "3.0.0",
  info: { title: "Tickets API", version: "1" },
  paths: {
    "/events/{id}": {
      delete: {
        operationId: "deleteEvent",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "204": { description: "gone" } },
      },
    },
    "/events/{id}/tickets": {
      post: {
        operationId: "addTicket",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "201": { description: "added" } },
      },
    },
  },
};
let tickets: OperationIndex;
beforeAll(async () => {
  tickets = createOperationIndex(await loadSpec(ticketsSpec));
});

testRule(
  pathParamUnsupplied,
  [
    {
      name: "a Flowise POST tool cannot send the id it declares",
      config: requestTool({
        method: "POST",
        url: "{{$vars.base_url}}/events/:id/tickets",
        queryParamsSchema: idParam,
      }),
      profile: "flowise",
      expected: [
        "error url: POST /events/{id}/tickets (addTicket) needs id, but Flowise's POST tools send no params: the URL goes out with its placeholder",
      ],
    },
    {
      name: "the same tool under standard",
      config: requestTool({
        method: "POST",
        url: "{{$vars.base_url}}/events/:id/tickets",
        queryParamsSchema: idParam,
      }),
      expected: [],
    },
  ],
  { spec: () => tickets },
);

describe("operation-not-found suggestions under flowise", () => {
  const suggestionFor = (config: RequestToolConfig) =>
    lint([{ config, source: { file: "t.yaml", path: "" } }], {
      profile: "flowise",
      spec: tickets,
      rules: [operationNotFound],
    })[0]?.suggestion;

  test("a request tool can send the nearest operation: point the tool at it", () => {
    const config = requestTool({ url: "{{$vars.base_url}}/events/:id", queryParamsSchema: idParam });
    expect(suggestionFor(config)).toBe("point get_events at DELETE /events/{id}");
  });

  test("none can: name an HTTP node or a toolkit tool", () => {
    const config = requestTool({
      method: "PUT",
      url: "{{$vars.base_url}}/events/:id/tickets",
      bodySchema: EVENT_BODY,
    });
    expect(suggestionFor(config)).toBe(
      "no Flowise request tool can send POST /events/{id}/tickets: use an HTTP node (method POST) or an OpenAPI toolkit tool for addTicket, with id declared on the operation (Flowise ignores path-item parameters)",
    );
  });
});
