import { beforeAll } from "vitest";
import { fieldTypes } from "../../../src/lint/rules/field-types.js";
import { undisclosedFormat } from "../../../src/lint/rules/undisclosed-format.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import type { CustomToolConfig } from "../../../src/platforms/flowise/custom-tool/custom-tool-config.js";
import { currentNode } from "../../platforms/n8n/support/n8n-nodes.js";
import { requestTool, testRule } from "../support/test-rule.js";

/** A shop's API: the formats, enums and array parameters real descriptions carry. */
const shopSpec = {
  openapi: "3.0.3",
  info: { title: "Shop API", version: "1" },
  servers: [{ url: "https://shop.example.com" }],
  paths: {
    "/orders": {
      get: {
        operationId: "listOrders",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", format: "int32" } },
          { name: "status", in: "query", schema: { type: "string", enum: ["open", "shipped", "cancelled"] } },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
          {
            name: "ids",
            in: "query",
            style: "form",
            explode: false,
            schema: { type: "array", items: { type: "integer", format: "int64" } },
          },
        ],
        responses: { "200": { description: "the orders" } },
      },
      post: {
        operationId: "createOrder",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  quantity: { type: "integer", format: "int64" },
                  price: { type: "number", format: "double" },
                  weight: { type: "number", format: "float" },
                  secret: { type: "string", format: "password" },
                  notes: { type: "string", format: "commonmark" },
                  receipt: { type: "string", format: "byte" },
                  placedOn: { type: "string", format: "date" },
                  tags: { type: "array", items: { type: "string" } },
                },
              },
            },
          },
        },
        responses: { "201": { description: "created" } },
      },
    },
  },
};

let shop: OperationIndex;
beforeAll(async () => {
  shop = createOperationIndex(await loadSpec(shopSpec));
});
const spec = { spec: () => shop };

const listOrders = (queryParamsSchema: NonNullable<Parameters<typeof requestTool>[0]>["queryParamsSchema"]) =>
  requestTool({ name: "list_orders", url: "https://shop.example.com/orders", queryParamsSchema });
const createOrder = (bodySchema: NonNullable<Parameters<typeof requestTool>[0]>["bodySchema"]) =>
  requestTool({ name: "create_order", method: "POST", url: "https://shop.example.com/orders", bodySchema });

/** A Flowise Custom Tool whose code calls GET /orders with its `limit` row. */
function customTool(type: "number" | "string"): CustomToolConfig {
  return {
    kind: "custom-tool",
    name: "list_orders",
    description: "Lists orders",
    schema: [{ property: "limit", type, description: "How many orders", required: true }],
    func: "const fetch = require('node-fetch');\nconst r = await fetch('https://shop.example.com/orders?limit=' + $limit, { timeout: 1 });\nreturn r.text();",
  };
}

/** An n8n HTTP Request tool calling GET /orders with a `$fromAI` limit of this type. */
const n8nNode = (type: string) =>
  currentNode({
    url: "https://shop.example.com/orders",
    sendQuery: true,
    queryParameters: {
      parameters: [{ name: "limit", value: `={{ $fromAI('limit', 'How many orders', '${type}') }}` }],
    },
  });

testRule(
  undisclosedFormat,
  [
    {
      name: "int32 and int64: any integer satisfies them, nothing to tell",
      config: listOrders({
        limit: { type: "integer", in: "query", description: "How many orders" },
        ids: { type: "string", in: "query", description: "Order ids" },
      }),
      expected: [],
    },
    {
      name: "int64, double, float, password, commonmark: no requirement on the value",
      config: createOrder({
        quantity: { type: "integer" },
        price: { type: "number" },
        weight: { type: "number" },
        secret: { type: "string" },
        notes: { type: "string" },
      }),
      expected: [],
    },
    {
      name: "byte and date are requirements the LLM must be told",
      config: createOrder({ receipt: { type: "string" }, placedOn: { type: "string" } }),
      expected: [
        "warning bodySchema.placedOn.description: placedOn must be an ISO 8601 date in POST /orders (createOrder), and nothing tells the LLM",
        "warning bodySchema.receipt.description: receipt must be base64-encoded text in POST /orders (createOrder), and nothing tells the LLM",
      ],
    },
  ],
  spec,
);

testRule(
  fieldTypes,
  [
    {
      name: "a Flowise request tool's number param for an integer: Flowise has no integer param",
      config: listOrders({ limit: { type: "number", in: "query" } }),
      profile: "flowise",
      fromFlowise: true,
      expected: [],
    },
    {
      name: "the same tool from a Flowise export, linted under standard",
      config: listOrders({ limit: { type: "number", in: "query" } }),
      fromFlowise: true,
      expected: [],
    },
    {
      name: "a tooldeck file can say integer: number is reported",
      config: listOrders({ limit: { type: "number", in: "query" } }),
      expected: [
        "warning queryParamsSchema.limit.type: limit is integer in GET /orders (listOrders), but the tool declares number",
      ],
    },
    {
      name: "a Flowise string param for an integer: Flowise shows the model every param as a string, and limit=10 is the same text",
      config: listOrders({ limit: { type: "string", in: "query" } }),
      profile: "flowise",
      fromFlowise: true,
      expected: [],
    },
    {
      name: "a tooldeck string param for an integer under standard: the model is shown a string",
      config: listOrders({ limit: { type: "string", in: "query" } }),
      expected: [
        "warning queryParamsSchema.limit.type: limit is integer in GET /orders (listOrders), but the tool declares string",
      ],
    },
    {
      name: "a Flowise body number for an integer",
      config: createOrder({ quantity: { type: "number" } }),
      profile: "flowise",
      fromFlowise: true,
      expected: [],
    },
    {
      name: "a Custom Tool's number row for an integer query value",
      config: customTool("number"),
      profile: "flowise",
      expected: [],
    },
    {
      name: "an n8n $fromAI number for an integer",
      config: n8nNode("number"),
      profile: "n8n",
      expected: [],
    },
    {
      name: "an n8n $fromAI boolean for an integer is still wrong",
      config: n8nNode("boolean"),
      profile: "n8n",
      expected: [
        "warning parameters.queryParameters: limit is integer in GET /orders (listOrders), but the tool declares boolean",
      ],
    },
    {
      name: "an n8n json $fromAI for an array body field: json is n8n's only type for one",
      config: currentNode({
        method: "POST",
        url: "https://shop.example.com/orders",
        sendBody: true,
        bodyParameters: {
          parameters: [{ name: "tags", value: "={{ $fromAI('tags', 'Tags of the order', 'json') }}" }],
        },
      }),
      profile: "n8n",
      expected: [],
    },
    {
      name: "a description naming some of the enum's values tells the model enough",
      config: listOrders({ status: { type: "string", in: "query", description: "open or shipped" } }),
      expected: [],
    },
    {
      name: "the tool's description may name them",
      config: {
        ...listOrders({ status: { type: "string", in: "query", description: "Order status" } }),
        description: "Lists orders; status is one of open, shipped, cancelled",
      },
      expected: [],
    },
    {
      name: "a value inside another word names nothing",
      config: listOrders({ status: { type: "string", in: "query", description: "reopened orders only" } }),
      expected: [
        'warning queryParamsSchema.status: status accepts only "open", "shipped", "cancelled" in GET /orders (listOrders), and the LLM is not told',
      ],
    },
    {
      name: "one value for an array query parameter is a valid array (form style, explode or not)",
      config: listOrders({
        tags: { type: "string", in: "query" },
        ids: { type: "integer", in: "query" },
      }),
      expected: [],
    },
    {
      name: "a single value of the wrong item type is not",
      config: listOrders({ ids: { type: "boolean", in: "query" } }),
      expected: [
        "warning queryParamsSchema.ids.type: ids is array in GET /orders (listOrders), but the tool declares boolean",
      ],
    },
    {
      name: "a body array is sent as JSON: one string is not an array",
      config: createOrder({ tags: { type: "string" } }),
      expected: [
        "warning bodySchema.tags.type: tags is array in POST /orders (createOrder), but the tool declares string",
      ],
    },
  ],
  spec,
);
