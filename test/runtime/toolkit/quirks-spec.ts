/**
 * A spec built to show every quirk of Flowise's toolkit (and what the standard profile does instead):
 * path-item parameters, dropped parameter types, nested required lists, allOf, empty parameter lists,
 * an operation without operationId, HEAD, a repeated path placeholder.
 */
export const QUIRKS_SPEC = {
  openapi: "3.0.3",
  info: { title: "Quirks API", version: "1.0.0" },
  servers: [{ url: "http://api.test/v1" }, { url: "http://other.test" }],
  paths: {
    "/things/{id}": {
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" }, description: "Path-level id" },
      ],
      get: {
        operationId: "getThing",
        summary: "Get a thing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" }, description: "Thing id" },
          { name: "limit", in: "query", schema: { type: "integer" } },
          { name: "q", in: "query", schema: { type: "string", title: "Search" }, description: "search text" },
          { name: "score", in: "query", schema: { type: "number" } },
          {
            name: "exact",
            in: "query",
            required: true,
            schema: { type: "boolean", description: "Exact match" },
          },
          {
            name: "sort",
            in: "query",
            schema: { type: "string", enum: ["asc", "desc"], description: "Order" },
          },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
          { name: "X-Trace", in: "header", schema: { type: "string" } },
          { name: "Accept", in: "header", schema: { type: "string" } },
        ],
        responses: { "200": { description: "ok" } },
      },
      delete: {
        operationId: "deleteThing",
        description: "Delete a thing",
        parameters: [],
        requestBody: { content: { "application/xml": { schema: { type: "object" } } } },
        responses: { "204": { description: "gone" } },
      },
      patch: {
        operationId: "patchThing",
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/ThingPatch" } } },
        },
        responses: { "200": { description: "ok" } },
      },
    },
    "/things": {
      post: {
        operationId: "createThing",
        requestBody: {
          required: false,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewThing" } } },
        },
        responses: { "201": { description: "created" } },
      },
      head: { operationId: "headThings", responses: { "200": { description: "ok" } } },
    },
    "/health": { get: { summary: "Health", responses: { "200": { description: "ok" } } } },
    "/things/{id}/copies/{id}": {
      put: {
        operationId: "copyThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
  components: {
    schemas: {
      NewThing: {
        type: "object",
        required: ["name", "label"],
        properties: {
          name: { type: "string" },
          count: { type: "integer", description: "How many" },
          ratio: { type: "number", minimum: 0, maximum: 1 },
          flags: { type: "array", items: { type: "string" } },
          owner: { type: "object", properties: { name: { type: "string" }, email: { type: "string" } } },
          meta: { type: "object" },
          mixed: { allOf: [{ type: "string" }] },
          state: { type: "string", enum: ["on", "off"] },
          id: { type: "string", readOnly: true },
          note: { type: "string", nullable: true },
        },
      },
      ThingPatch: {
        allOf: [
          { $ref: "#/components/schemas/Named" },
          { type: "object", required: ["size"], properties: { size: { type: "integer", minimum: 1 } } },
        ],
      },
      Named: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
    },
  },
};
