import { describe, expect, test } from "vitest";
import { ToolDeckError } from "../../../../../src/errors.js";
import { loadSpec } from "../../../../../src/openapi/load-spec.js";
import type { ExecutableTool } from "../../../../../src/runtime/tool-result.js";
import { createToolkit, type ToolkitOptions } from "../../../../../src/runtime/toolkit/create-toolkit.js";
import { recordingFetch } from "../../../../support/recording-fetch.js";

/**
 * The OpenAPI toolkit facts of reference/flowise-tools.md section 6 (Flowise 3.1.4 run): its host
 * policy, a document it does not validate, and the bare `?` it puts on the wire.
 */

const PUBLIC = async () => ["203.0.113.7"];

/** An orders API, served from `server`; listItems declares no `responses` unless `complete`. */
function ordersSpec(server: string, complete = false) {
  return {
    openapi: "3.0.3",
    info: { title: "Orders", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/orders/{orderId}": {
        get: {
          operationId: "getOrder",
          parameters: [{ name: "orderId", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
        },
      },
      "/items": {
        get: {
          operationId: "listItems",
          ...(complete ? { responses: { "200": { description: "ok" } } } : {}),
        },
      },
    },
  };
}

/** The orders toolkit under `flowise` (its hosts public unless said otherwise), tools by name. */
async function ordersToolkit(server: string, options: ToolkitOptions = {}, complete = false) {
  const spec = await loadSpec(ordersSpec(server, complete), { label: "orders.yaml" });
  const tools = await createToolkit(
    { kind: "openapi-toolkit", spec: "orders.yaml" },
    { profile: "flowise", resolveHost: PUBLIC, spec, ...options },
  );
  return (name: string) => tools.find((tool) => tool.name === name) as ExecutableTool;
}

describe("section 6: the toolkit under Flowise's private-host policy", () => {
  test.each([
    ["http://127.0.0.1:5566", "isDeniedIP: Error: Access to this host is denied by policy."],
    ["http://localhost:5566", "isDeniedIP: Error: Access to this host is denied by policy."],
    ["http://10.1.2.3", "isDeniedIP: Error: Access to this host is denied by policy."],
    ["http://[::1]:5566", "Access to this host is denied by policy."],
  ])("%s is refused: the default code returns '' and nothing is sent", async (server, refusal) => {
    const recorder = recordingFetch(() => Response.json({ id: "7" }));
    const tool = await ordersToolkit(server, { fetch: recorder.fetch });
    const result = await tool("getOrder").invoke({ PathParameters: { orderId: "7" }, QueryParameters: {} });
    expect(result.output).toBe("");
    expect(result.error).toBe(`${refusal} (Flowise's default code returns "")`);
    expect(recorder.requests).toEqual([]);
  });

  test("a public name that resolves to a private address is refused too", async () => {
    const recorder = recordingFetch(() => Response.json({}));
    const tool = await ordersToolkit("http://orders.internal.test", {
      fetch: recorder.fetch,
      resolveHost: async () => ["192.168.4.2"],
    });
    expect((await tool("listItems").invoke({})).output).toBe("");
    expect(recorder.requests).toEqual([]);
  });

  test("HTTP_SECURITY_CHECK=false (httpSecurityCheck: false) reaches the private server", async () => {
    const recorder = recordingFetch(() => Response.json({ id: "7" }));
    const tool = await ordersToolkit("http://127.0.0.1:5566", {
      fetch: recorder.fetch,
      httpSecurityCheck: false,
    });
    const result = await tool("getOrder").invoke({ PathParameters: { orderId: "7" }, QueryParameters: {} });
    expect(result.output).toBe('{"id":"7"}');
    expect(recorder.requests.map((request) => request.url)).toEqual(["http://127.0.0.1:5566/orders/7?"]);
  });

  test("the standard profile has no such policy (the outbound guard decides)", async () => {
    const recorder = recordingFetch(() => Response.json({ id: "7" }));
    const options: ToolkitOptions = { fetch: recorder.fetch, profile: "standard" };
    const tool = await ordersToolkit("http://127.0.0.1:5566", options, true);
    const result = await tool("getOrder").invoke({ PathParameters: { orderId: "7" } });
    expect(result.output).toBe('{"id":"7"}');
  });
});

describe("section 6: Flowise's toolkit does not validate the document", () => {
  test("an operation without responses loads and runs under flowise", async () => {
    const recorder = recordingFetch(() => Response.json([{ id: 1 }]));
    const tool = await ordersToolkit("http://api.test", { fetch: recorder.fetch });
    expect((await tool("listItems").invoke({})).output).toBe('[{"id":1}]');
  });

  test("the standard profile still refuses it, naming the operation", async () => {
    const built = ordersToolkit("http://api.test", { profile: "standard" });
    await expect(built).rejects.toThrow(ToolDeckError);
    await expect(built).rejects.toThrow(
      "orders.yaml#/paths/~1items/get/responses: missing (OpenAPI 3.0 requires responses)",
    );
  });
});

describe("section 6: a bare ? goes on the wire", () => {
  test("the service is asked for /orders/7? and /items?", async () => {
    const recorder = recordingFetch(() => Response.json({ ok: true }));
    const tool = await ordersToolkit("http://api.test", { fetch: recorder.fetch });
    await tool("getOrder").invoke({ PathParameters: { orderId: "7" }, QueryParameters: {} });
    await tool("listItems").invoke({});
    expect(recorder.requests.map((request) => request.url)).toEqual([
      "http://api.test/orders/7?",
      "http://api.test/items?",
    ]);
  });
});
