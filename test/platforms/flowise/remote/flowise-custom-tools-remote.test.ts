import { describe, expect, test } from "vitest";
import { createFlowiseEmulator } from "../../../../src/emulator/flowise/flowise-emulator.js";
import { FLOWISE_REMOTE } from "../../../../src/platforms/flowise/remote/flowise-remote.js";

const KEY = "remote-tools-key";
const KNOWN = "4d723d69-e854-4351-90c0-6385ce908213";
const UNKNOWN = "99999999-9999-4999-8999-999999999999";
const URL = "http://flowise.local";
const node = (index: number, selectedTool: string) => ({
  id: `customTool_${index}`,
  data: { name: "customTool", inputs: { selectedTool } },
});

function instance() {
  const flowise = createFlowiseEmulator({
    apiKeys: [KEY],
    seed: {
      chatflows: [
        {
          id: "11111111-1111-4111-8111-111111111111",
          name: "Tools",
          type: "CHATFLOW",
          flowData: JSON.stringify({ nodes: [node(0, KNOWN), node(1, UNKNOWN)], edges: [] }),
        },
      ],
    },
  });
  const send = (method: string, path: string, body?: unknown) =>
    flowise.fetch(
      new Request(`${URL}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return { flowise, send };
}

describe("--flowise reads a chatflow's Custom Tools from the same server (GET /api/v1/tools/{id})", () => {
  test("a known id is the node's tool; an unknown one is a load error with the server's answer", async () => {
    const { flowise, send } = instance();
    const created = await send("POST", "/tools", {
      id: KNOWN,
      name: "update_event",
      description: "Use this when you want to update an event",
      color: "c",
      schema: '[{"id":1,"property":"id","type":"string","required":true}]',
      func: "return $id",
    });
    expect(created.status).toBe(200);
    const asked: string[] = [];
    const fetch = (request: Request) => {
      asked.push(`${request.method} ${new globalThis.URL(request.url).pathname}`);
      return flowise.fetch(request);
    };
    const loaded = await FLOWISE_REMOTE.load({ url: URL, apiKey: KEY, fetch });
    expect(loaded.tools).toEqual([
      {
        config: {
          kind: "custom-tool",
          id: KNOWN,
          name: "update_event",
          description: "Use this when you want to update an event",
          schema: [{ property: "id", type: "string", required: true }],
          func: "return $id",
        },
        source: { file: "flowise:Tools", path: "nodes[0].data.inputs", format: "flowise" },
      },
    ]);
    expect(loaded.errors).toEqual([
      {
        file: "flowise:Tools",
        path: "nodes[1].data.inputs.selectedTool",
        message: `Custom Tool "${UNKNOWN}" not found: Flowise ${URL}/api/v1/tools/${UNKNOWN}: 404 Tool ${UNKNOWN} not found`,
      },
    ]);
    expect(loaded.skipped).toEqual([]);
    expect(asked.filter((line) => line.includes("/tools/")).sort()).toEqual([
      `GET /api/v1/tools/${KNOWN}`,
      `GET /api/v1/tools/${UNKNOWN}`,
    ]);
  });

  test("a row whose schema is not JSON is an error at the node naming the id", async () => {
    const { flowise, send } = instance();
    await send("POST", "/tools", {
      id: KNOWN,
      name: "t",
      description: "d",
      color: "c",
      schema: "[{",
      func: "",
    });
    const loaded = await FLOWISE_REMOTE.load({ url: URL, apiKey: KEY, fetch: flowise.fetch });
    expect(loaded.errors[0]?.message).toMatch(
      new RegExp(`^Custom Tool "${KNOWN}" cannot be read from the server: invalid JSON`),
    );
  });
});
