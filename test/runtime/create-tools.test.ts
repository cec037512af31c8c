import { describe, expect, test } from "vitest";
import type { ToolConfig } from "../../src/config/tool-config.js";
import { createEmulator } from "../../src/emulator/create-emulator.js";
import { packagePath } from "../../src/package/package-root.js";
import { createTools } from "../../src/runtime/create-tools.js";
import { getEvents } from "../support/tutorial-tools.js";

const toolkit: ToolConfig = {
  kind: "openapi-toolkit",
  spec: packagePath("tools", "event-api.openapi.yaml"),
  returnDirect: false,
  headers: {},
  removeNulls: false,
  selectedEndpoints: ["listEvents"],
};

describe("createTools", () => {
  test("request tools and toolkits together; standard names made unique", async () => {
    const emulator = createEmulator();
    const tools = await createTools([getEvents, { ...getEvents, method: "DELETE" }, toolkit], {
      fetch: emulator.fetch,
      vars: emulator.vars,
    });
    expect(tools.map((tool) => tool.name)).toEqual(["get_events", "get_events_2", "listEvents"]);
    const listed = await tools[2]?.invoke({});
    expect(JSON.parse(listed?.output ?? "")).toHaveLength(5);
  });

  test("flowise sends two tools of the same name as they are, as Flowise does", async () => {
    const emulator = createEmulator();
    const tools = await createTools([getEvents, { ...getEvents, method: "DELETE" }], {
      profile: "flowise",
      fetch: emulator.fetch,
      vars: emulator.vars,
    });
    expect(tools.map((tool) => tool.name)).toEqual(["get_events", "get_events"]);
  });

  test("an outbound policy also guards toolkit calls, before anything is sent", async () => {
    const sent: string[] = [];
    const fetch = async (input: string | URL | Request) => {
      sent.push(String(input));
      return new Response("[]");
    };
    const outbound = { allowedHosts: ["example.com"], allowWrites: false };
    const [list] = await createTools([toolkit], { fetch, outbound });
    const result = await list?.invoke({});
    expect(result?.ok).toBe(false);
    expect(result?.output).toContain("refused: host localhost:5566 is not allowed");
    expect(sent).toEqual([]);
  });

  test("the embedded emulators stay reachable under an outbound policy", async () => {
    const emulator = createEmulator();
    const outbound = { allowedHosts: [], allowWrites: false };
    const [list] = await createTools([toolkit], { fetch: emulator.fetch, outbound });
    expect((await list?.invoke({}))?.ok).toBe(true);
  });
});
