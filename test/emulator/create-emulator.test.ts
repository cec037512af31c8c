import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../src/config/request-tool-config.js";
import { createEmulator, FLOWISE_ORIGIN } from "../../src/emulator/create-emulator.js";
import { createRequestTool } from "../../src/runtime/request/request-tool.js";

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
