import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../src/config/request-tool-config.js";
import { createEmulator } from "../../src/emulator/create-emulator.js";
import { FLOWISE_ORIGIN } from "../../src/emulator/emulator-origins.js";
import { createSpecEmulator } from "../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { createRequestTool } from "../../src/runtime/request/request-tool.js";
import { oasExample } from "../support/real-specs.js";

const listChatflows: RequestToolConfig = {
  kind: "request",
  method: "GET",
  name: "list_chatflows",
  description: "List the chatflows of the Flowise instance",
  url: "{{$vars.flowise_url}}/api/v1/chatflows",
  headers: { Authorization: "Bearer {{$vars.flowise_api_key}}" },
};

describe("createEmulator: both emulators behind one in-process fetch", () => {
  test("a tool reaches the Flowise API with the emulator's key; its state joins the snapshot once used", async () => {
    const emulator = createEmulator();
    expect(emulator.vars.flowise_url).toBe(FLOWISE_ORIGIN);
    expect(Object.keys(emulator.snapshot())).toEqual(["events"]);
    const tool = createRequestTool(listChatflows, { fetch: emulator.fetch, vars: emulator.vars });
    const result = await tool.invoke({});
    expect(result.ok).toBe(true);
    const names = (JSON.parse(result.output) as { name: string }[]).map((flow) => flow.name).sort();
    expect(names).toEqual(["Event OpenAPI Agent", "Event Planning Chat", "Event Requests Agent"]);
    expect(emulator.snapshot().chatflows).toHaveLength(3);
  });

  test("without the key the Flowise API answers 401, and the event service needs none", async () => {
    const emulator = createEmulator();
    const denied = await emulator.fetch(`${FLOWISE_ORIGIN}/api/v1/chatflows`);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ error: "Unauthorized Access" });
    const events = await emulator.fetch(`${emulator.vars.base_url}/events`);
    expect(await events.json()).toHaveLength(5);
  });

  test("reset returns both to their seeds", async () => {
    const emulator = createEmulator();
    const headers = { authorization: `Bearer ${emulator.vars.flowise_api_key}` };
    const [first] = (await (
      await emulator.fetch(`${FLOWISE_ORIGIN}/api/v1/chatflows`, { headers })
    ).json()) as { id: string }[];
    await emulator.fetch(`${FLOWISE_ORIGIN}/api/v1/chatflows/${first?.id}`, { method: "DELETE", headers });
    await emulator.fetch(`${emulator.vars.base_url}/events/1`, { method: "DELETE" });
    expect(emulator.snapshot().chatflows).toHaveLength(2);
    emulator.reset();
    expect(emulator.snapshot().chatflows).toHaveLength(3);
    expect(emulator.snapshot().events).toHaveLength(5);
  });
});

describe("createEmulator with spec emulators", () => {
  test("routes each spec's server origin in-process; the event service keeps its own origins", async () => {
    const petstore = createSpecEmulator(await loadSpec(oasExample("3.0/json/petstore-expanded.json")));
    const events = createSpecEmulator(await loadSpec("tools/event-api.openapi.yaml"));
    const emulator = createEmulator({
      specs: [petstore, events],
      fallback: () => Promise.reject(new Error("network")),
    });
    const created = await emulator.fetch(`${petstore.server.origin}${petstore.server.basePath}/pets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex" }),
    });
    expect(created.status).toBe(200);
    // http://localhost:5566 stays the embedded event service (five preloaded events).
    expect(((await (await emulator.fetch("http://localhost:5566/events")).json()) as unknown[]).length).toBe(
      5,
    );
    expect(emulator.snapshot()["/pets"]).toEqual([{ id: 1, name: "Rex" }]);
    emulator.reset();
    expect(emulator.snapshot()["/pets"]).toBeUndefined();
  });
});
