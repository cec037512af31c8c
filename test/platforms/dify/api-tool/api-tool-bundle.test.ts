import { describe, expect, test } from "vitest";
import { difyApiBundles } from "../../../../src/platforms/dify/api-tool/api-tool-bundle.js";
import { parseDifyApiDocument } from "../../../../src/platforms/dify/api-tool/parse-api-document.js";
import { bundlesOf, documentOf } from "./api-tool-support.js";

describe("reading a provider's document (facts 52–53)", () => {
  test("fact 52: JSON and YAML both read", () => {
    const yaml =
      "openapi: 3.0.0\nservers:\n  - url: https://api.example.com\npaths:\n  /events:\n    get:\n      operationId: listEvents\n";
    expect(bundlesOf(yaml).map((bundle) => bundle.name)).toEqual(["listEvents"]);
    expect(bundlesOf(documentOf("/events", "get", { operationId: "listEvents" }))[0]?.url).toBe(
      "https://api.example.com/events",
    );
  });

  test("fact 52: neither JSON nor YAML, or not a mapping, is refused", () => {
    expect(parseDifyApiDocument("a: [")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Invalid api schema, schema is neither json nor yaml/),
    });
    expect(parseDifyApiDocument("[1, 2]")).toEqual({
      ok: false,
      message: "Invalid api schema: the document is not a mapping",
    });
  });

  test("fact 53: a Swagger 2 document (host, no servers) is refused with both errors", () => {
    const swagger = JSON.stringify({ swagger: "2.0", host: "api.example.com", paths: { "/x": { get: {} } } });
    expect(parseDifyApiDocument(swagger)).toEqual({
      ok: false,
      message:
        "Invalid api schema, openapi error: No server found in the openapi yaml., swagger error: No server found in the swagger yaml., openapi plugin error: (OpenAI plugin manifests are not modelled by tooldeck)",
    });
  });

  test("an attacker's YAML alias bomb and a document nested 100 levels deep are refused, not expanded", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 9 },
        (_, level) =>
          `${"bcdefghij"[level]}: &${"bcdefghij"[level]} [${Array(10).fill(`*${"abcdefghij"[level]}`).join(", ")}]`,
      ),
    ].join("\n");
    expect(parseDifyApiDocument(bomb).ok).toBe(false);
    expect(parseDifyApiDocument(`${"[".repeat(100)}${"]".repeat(100)}`).ok).toBe(false);
  });

  test("a huge document (5,000 operations) is read whole", () => {
    const paths = Object.fromEntries(
      Array.from({ length: 5000 }, (_, index) => [
        `/items/${index}`,
        { get: { operationId: `get${index}` } },
      ]),
    );
    const bundles = bundlesOf({ openapi: "3.0.0", servers: [{ url: "https://api.example.com" }], paths });
    expect(bundles).toHaveLength(5000);
    expect(bundles.at(-1)?.name).toBe("get4999");
  });
});

describe("one tool per operation (facts 55–57)", () => {
  const document = {
    openapi: "3.0.0",
    servers: [{ url: "https://api.example.com/v1" }, { url: "https://backup.example.com" }],
    paths: {
      "/events/{id}": {
        parameters: [{ name: "trace", in: "header", required: true }],
        get: { operationId: "getEvent", summary: "Get one", description: "Get an event by id" },
        patch: { summary: "Update one" },
        trace: {},
      },
      "/api/resources.json": { post: {} },
      "": { get: {} },
    },
  };

  test("fact 55: only servers[0].url, path-level parameters ignored, every method (trace too)", () => {
    const bundles = bundlesOf(document);
    expect(bundles.map((bundle) => `${bundle.method} ${bundle.url}`)).toEqual([
      "get https://api.example.com/v1/events/{id}",
      "patch https://api.example.com/v1/events/{id}",
      "trace https://api.example.com/v1/events/{id}",
      "post https://api.example.com/v1/api/resources.json",
      "get https://api.example.com/v1",
    ]);
    expect(bundles[0]?.parameters).toEqual([]);
  });

  test("fact 56: operationId, else the path stripped of all but [a-zA-Z0-9_-] and _<method>; an empty path is root_<method>", () => {
    expect(bundlesOf(document).map((bundle) => bundle.name)).toEqual([
      "getEvent",
      "eventsid_patch",
      "eventsid_trace",
      "apiresourcesjson_post",
      "root_get",
    ]);
  });

  test("fact 56: an operationId is used as is, spaces and all", () => {
    expect(bundlesOf(documentOf("/x", "get", { operationId: "test LLM to fulfill the json" }))[0]?.name).toBe(
      "test LLM to fulfill the json",
    );
  });

  test("fact 57: description, else summary, else none", () => {
    expect(bundlesOf(document).map((bundle) => bundle.summary)).toEqual([
      "Get an event by id",
      "Update one",
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("parameters and types (facts 58–61)", () => {
  test("fact 58: path, query, header and cookie entries, then the body's first-level properties", () => {
    const [bundle] = bundlesOf(
      documentOf("/events/{id}", "post", {
        operationId: "createEvent",
        parameters: [
          { name: "id", in: "path", required: true, description: "Event id", schema: { type: "string" } },
          { name: "limit", in: "query", schema: { type: "integer", default: 10 } },
          { name: "X-Trace", in: "header", schema: { type: "string" } },
          { name: "session", in: "cookie" },
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["title"],
                properties: {
                  title: { type: "string", description: "Title" },
                  where: { type: "object", properties: { city: { type: "string" } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(
      bundle?.parameters.map(({ name, type, required, in: place, description, default: fallback }) => ({
        name,
        type,
        required,
        place,
        description,
        fallback,
      })),
    ).toEqual([
      {
        name: "id",
        type: "string",
        required: true,
        place: "path",
        description: "Event id",
        fallback: undefined,
      },
      { name: "limit", type: "number", required: false, place: "query", description: "", fallback: 10 },
      {
        name: "X-Trace",
        type: "string",
        required: false,
        place: "header",
        description: "",
        fallback: undefined,
      },
      {
        name: "session",
        type: "string",
        required: false,
        place: "cookie",
        description: "",
        fallback: undefined,
      },
      {
        name: "title",
        type: "string",
        required: true,
        place: "body",
        description: "Title",
        fallback: undefined,
      },
      { name: "where", type: "string", required: false, place: "body", description: "", fallback: undefined },
    ]);
  });

  test("fact 58: a parameter entry that is only a $ref fails Dify's parse", () => {
    const parsed = parseDifyApiDocument(
      JSON.stringify({
        ...documentOf("/x", "get", { parameters: [{ $ref: "#/components/parameters/Id" }] }),
        components: { parameters: { Id: { name: "id", in: "query" } } },
      }),
    );
    expect(parsed.ok && difyApiBundles(parsed.document)).toEqual({
      ok: false,
      message:
        "get /x: a parameter that is only a $ref (#/components/parameters/Id) is not resolved by Dify, whose parse fails on it (KeyError: 'name')",
    });
  });

  test("fact 59: integer/number → number, boolean, string; binary → file; object, array, oneOf, allOf, untyped → string", () => {
    const properties = {
      n: { type: "integer" },
      x: { type: "number" },
      b: { type: "boolean" },
      s: { type: "string" },
      upload: { type: "string", format: "binary" },
      uploads: { type: "array", items: { type: "string", format: "binary" } },
      o: { type: "object" },
      a: { type: "array", items: { type: "integer" } },
      one: { oneOf: [{ type: "string" }, { type: "integer" }] },
      all: { allOf: [{ type: "object" }] },
      any: {},
    };
    const [bundle] = bundlesOf(
      documentOf("/x", "post", {
        requestBody: { content: { "application/json": { schema: { properties } } } },
      }),
    );
    expect(
      Object.fromEntries(
        bundle?.parameters.map((parameter) => [parameter.name, [parameter.type, parameter.declared]]) ?? [],
      ),
    ).toEqual({
      n: ["number", "integer"],
      x: ["number", "number"],
      b: ["boolean", "boolean"],
      s: ["string", "string"],
      upload: ["file", "file"],
      uploads: ["files", "array"],
      o: ["string", "object"],
      a: ["string", "array"],
      one: ["string", "oneOf"],
      all: ["string", "allOf"],
      any: ["string", "untyped"],
    });
  });

  test("fact 60: a body $ref is resolved from the root, one level; the parameters come from the LAST media type", () => {
    const document = {
      ...documentOf("/x", "post", {
        requestBody: {
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/Json" } },
            "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/Form" } },
          },
        },
      }),
      components: {
        schemas: {
          Json: { properties: { a: { type: "string" } } },
          Form: { properties: { b: { $ref: "#/components/schemas/Json" } } },
        },
      },
    };
    const [bundle] = bundlesOf(document);
    expect(bundle?.parameters.map((parameter) => [parameter.name, parameter.declared])).toEqual([
      ["b", "$ref"],
    ]);
  });

  test("fact 60: a body $ref that does not resolve fails the parse; a cycle is read one level, never followed", () => {
    const broken = documentOf("/x", "post", {
      requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Gone" } } } },
    });
    const parsed = parseDifyApiDocument(JSON.stringify(broken));
    expect(parsed.ok && difyApiBundles(parsed.document)).toMatchObject({
      ok: false,
      message:
        "post /x: request body $ref #/components/schemas/Gone does not resolve (KeyError: 'components')",
    });
    const cycle = {
      ...documentOf("/x", "post", {
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
      }),
      components: { schemas: { Node: { properties: { next: { $ref: "#/components/schemas/Node" } } } } },
    };
    expect(bundlesOf(cycle)[0]?.parameters.map((parameter) => parameter.name)).toEqual(["next"]);
  });

  test("fact 61: a name used twice warns `Parameter id is duplicated.` and keeps both", () => {
    const [bundle] = bundlesOf(
      documentOf("/x/{id}", "put", {
        parameters: [{ name: "id", in: "path", required: true }],
        requestBody: {
          content: { "application/json": { schema: { properties: { id: { type: "integer" } } } } },
        },
      }),
    );
    expect(bundle?.warnings).toEqual(["Parameter id is duplicated."]);
    expect(bundle?.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      "path:id",
      "body:id",
    ]);
  });
});
