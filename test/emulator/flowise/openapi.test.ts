import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, test } from "vitest";
import { createFlowiseEmulator } from "../../../src/emulator/flowise/flowise-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import { describedPath, expectConformsToOpenApi, flowiseOpenApi } from "./openapi-conformance.js";

describe("the Flowise emulator's OpenAPI description", () => {
  test("carries the API reference's version label", () => {
    expect(flowiseOpenApi.info.version).toBe("2.00");
  });

  test("describes exactly the emulated operations", () => {
    const operations = Object.entries(flowiseOpenApi.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== "parameters")
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      "DELETE /chatflows/{id}",
      "DELETE /document-store/chunks/{storeId}/{loaderId}/{pageNoOrChunkId}",
      "DELETE /document-store/loader/{storeId}/{loaderId}",
      "DELETE /document-store/store/{id}",
      "DELETE /document-store/vectorstore/{id}",
      "DELETE /tools/{id}",
      "GET /chatflows",
      "GET /chatflows/apikey/{apikey}",
      "GET /chatflows/{id}",
      "GET /document-store/chunks/{storeId}/{loaderId}/{pageNoOrChunkId}",
      "GET /document-store/store",
      "GET /document-store/store/{id}",
      "GET /ping",
      "GET /tools",
      "GET /tools/{id}",
      "GET /verify/apikey/{apikey}",
      "GET /version",
      "POST /chatflows",
      "POST /document-store/refresh/{id}",
      "POST /document-store/store",
      "POST /document-store/upsert/{id}",
      "POST /document-store/vectorstore/query",
      "POST /tools",
      "PUT /chatflows/{id}",
      "PUT /document-store/chunks/{storeId}/{loaderId}/{pageNoOrChunkId}",
      "PUT /document-store/store/{id}",
      "PUT /tools/{id}",
    ]);
  });

  test.each([
    ["/api/v1/chatflows", "/chatflows"],
    ["/api/v1/chatflows/", "/chatflows"],
    ["/api/v1/chatflows/abc", "/chatflows/{id}"],
    ["/api/v1/chatflows/apikey", "/chatflows/{id}"],
    ["/api/v1/chatflows/apikey/k", "/chatflows/apikey/{apikey}"],
    ["/api/v1/nothing", undefined],
  ])("%s is described by %s", (path, template) => {
    expect(describedPath(path)).toBe(template);
  });

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json; charset=utf-8" },
    });

  test.each([
    ["a chatflow without its null fields", "GET", "/api/v1/chatflows/x", json({ id: "x", name: "n" })],
    ["an undocumented status", "GET", "/api/v1/chatflows/x", json({}, 418)],
    [
      "an error body with an extra key",
      "GET",
      "/api/v1/chatflows/x",
      json({ statusCode: 404, success: false, message: "m", stack: {}, x: 1 }, 404),
    ],
    ["a text body where JSON is described", "GET", "/api/v1/ping", json("pong")],
  ])("rejects %s", async (_name, method, url, response) => {
    await expect(expectConformsToOpenApi(method, url, response)).rejects.toThrow();
  });
});

describe("the description refuses what the service refuses", () => {
  const ajv = addFormats.default(new Ajv({ strict: false }));
  let index: OperationIndex;
  beforeAll(async () => {
    index = createOperationIndex(await loadSpec(packagePath("src", "emulator", "flowise", "openapi.yaml")));
  });
  const bodySchema = (operationId: string) =>
    index.byOperationId.get(operationId)?.requestBody?.content?.["application/json"]?.schema as object;
  const parameterSchema = (operationId: string, name: string) =>
    index.byOperationId.get(operationId)?.parameters.find((p) => p.name === name)?.schema as object;

  test("a new chatflow needs name, flowData and type (POST {} is 400); an update needs none", async () => {
    const flowise = createFlowiseEmulator({ apiKeys: ["k"], seed: { chatflows: [] } });
    const response = await flowise.fetch(
      new Request("http://f/api/v1/chatflows", {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(400);
    expect(ajv.validate(bodySchema("createChatflow"), {})).toBe(false);
    expect(ajv.validate(bodySchema("createChatflow"), { name: "n", flowData: "{}", type: "CHATFLOW" })).toBe(
      true,
    );
    expect(ajv.validate(bodySchema("updateChatflow"), {})).toBe(true);
  });

  test("page and limit are never negative; a chatflow id is a UUID", () => {
    expect(ajv.validate(parameterSchema("listChatflows", "page"), -1)).toBe(false);
    expect(ajv.validate(parameterSchema("listChatflows", "limit"), 0)).toBe(true);
    expect(ajv.validate(parameterSchema("getChatflowById", "id"), "not-a-uuid")).toBe(false);
    expect(
      ajv.validate(parameterSchema("getChatflowById", "id"), "11111111-1111-4111-8111-111111111111"),
    ).toBe(true);
  });
});
