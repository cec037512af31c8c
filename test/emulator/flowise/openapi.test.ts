import { describe, expect, test } from "vitest";
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
      "GET /chatflows",
      "GET /chatflows/apikey/{apikey}",
      "GET /chatflows/{id}",
      "GET /document-store/chunks/{storeId}/{loaderId}/{pageNoOrChunkId}",
      "GET /document-store/store",
      "GET /document-store/store/{id}",
      "GET /ping",
      "GET /verify/apikey/{apikey}",
      "POST /chatflows",
      "POST /document-store/refresh/{id}",
      "POST /document-store/store",
      "POST /document-store/upsert/{id}",
      "POST /document-store/vectorstore/query",
      "PUT /chatflows/{id}",
      "PUT /document-store/chunks/{storeId}/{loaderId}/{pageNoOrChunkId}",
      "PUT /document-store/store/{id}",
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
