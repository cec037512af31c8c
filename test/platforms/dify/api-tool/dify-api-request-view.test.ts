import { describe, expect, test } from "vitest";
import type { LoadedTool } from "../../../../src/config/tool-config.js";
import { lint } from "../../../../src/lint/lint.js";
import { loadSpec } from "../../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../../src/openapi/operation-index.js";
import { difyApiRequestView } from "../../../../src/platforms/dify/lint/dify-api-request-view.js";
import { AGENT, configOf } from "./api-tool-support.js";

const SPEC = "test/platforms/dify/api-tool/fixtures/shop.openapi.yaml";
const shop = (name: string, overrides: Parameters<typeof configOf>[1] = {}) =>
  configOf(name, { provider: "shop", spec: SPEC, ...overrides });

describe("the request a Dify API tool amounts to", () => {
  test("path and query params the model fills, typed as Dify shows them; body fields; files left out", () => {
    expect(difyApiRequestView(shop("updateItem"))?.config).toEqual({
      kind: "request",
      method: "PUT",
      name: "updateItem",
      description: "Update an item",
      url: "https://shop.example.com/v1/items/{id}",
      headers: {},
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
      bodySchema: {
        name: { type: "string", required: true },
        meta: { type: "string" },
        extra: { type: "string", description: "anything" },
        flag: { type: "string" },
      },
    });
  });

  test("fixed constants are written in; the credentials' header is a fixed header; references stay params", () => {
    const view = difyApiRequestView(
      shop("listItems", {
        agent: AGENT,
        parameters: {
          limit: { type: "constant", value: 5 },
          mode: { type: "mixed", value: "{{#start.mode#}}" },
        },
        credentials: { auth_type: "api_key_header", api_key_value: "sk-live-0123456789abcdef" },
      }),
    );
    expect(view?.config).toMatchObject({
      url: "https://shop.example.com/v1/items?limit=5",
      headers: { Authorization: "sk-live-0123456789abcdef" },
    });
    expect(Object.keys(view?.config.queryParamsSchema ?? {})).toEqual(["filter", "ids", "mode", "verbose"]);
    expect(view?.pathOf("queryParamsSchema.mode.type")).toBe("parameters.mode");
    expect(view?.pathOf("headers.Authorization")).toBe("credentials");
  });

  test("no view when the document cannot be read", () => {
    expect(difyApiRequestView(shop("updateItem", { spec: "missing.yaml" }))).toBeUndefined();
  });

  test("the core's rules judge it against the service's own description: operation-not-found, field-types", async () => {
    const service = createOperationIndex(
      await loadSpec({
        openapi: "3.0.3",
        info: { title: "Shop API", version: "1" },
        servers: [{ url: "https://shop.example.com/v1" }],
        paths: {
          "/items/{id}": {
            patch: {
              operationId: "patchItem",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              responses: { "200": { description: "OK" } },
            },
          },
          "/items": {
            get: {
              parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
              responses: { "200": { description: "OK" } },
            },
          },
        },
      }),
    );
    const tools: LoadedTool[] = [
      {
        config: shop("updateItem"),
        source: { file: "app.yml", path: "workflow.graph.nodes[2].data", format: "dify" },
      },
    ];
    const found = lint(tools, { profile: "dify", spec: service }).filter((d) => !d.code.startsWith("dify-"));
    expect(found.map((d) => [d.code, d.tool, d.message])).toEqual([
      [
        "operation-not-found",
        "updateItem",
        "PUT /items/{id} is not an operation of Shop API (did you mean PATCH /items/{id}?)",
      ],
    ]);
  });
});
