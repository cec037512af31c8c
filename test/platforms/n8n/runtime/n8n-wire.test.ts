import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createEmulatorFetch } from "../../../../src/emulator/emulator-fetch.js";
import type { N8nHttpToolConfig } from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";
import { createTool } from "../../../../src/runtime/create-tools.js";
import type { ToolRuntimeOptions } from "../../../../src/runtime/runtime-options.js";
import { currentNode, legacyNode } from "../support/n8n-nodes.js";

/** What the node sets when Response Format is autodetect (reference fact 21). */
const ACCEPT =
  "application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, image/*;q=0.8, */*;q=0.7";

/** A capture server on 127.0.0.1: every request's raw headers; answers with headers in a set order. */
const received: [string, string][][] = [];
const server: Server = createServer((request: IncomingMessage, response) => {
  received.push(pairs(request.rawHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  response.sendDate = false;
  response.setHeader("X-Zeta", "last-in-the-alphabet");
  response.setHeader("Content-Type", "application/json");
  response.setHeader("A-First", "1");
  response.end('{"a":1}');
});
const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string]);
  return out;
}

async function invoke(config: N8nHttpToolConfig, args: unknown, options: ToolRuntimeOptions = {}) {
  const [tool] = await createTool(config, options);
  if (!tool) throw new Error("no tool");
  return tool.invoke(args);
}

/** The ways a tool's request reaches the socket: straight, behind the CLI's guard, through the emulators' fallback. */
const chains: [string, () => ToolRuntimeOptions][] = [
  ["the default fetch", () => ({})],
  ["the outbound guard", () => ({ outbound: { allowedHosts: [origin().slice(7)], allowWrites: true } })],
  [
    "the emulators' fallback behind the guard",
    () => ({
      fetch: createEmulatorFetch({}).fetch,
      outbound: { allowedHosts: [origin().slice(7)], allowWrites: true },
    }),
  ],
];

describe("the server receives n8n's headers and no others (reference fact 21)", () => {
  test.each(chains)("a GET, through %s", async (_name, options) => {
    await invoke(currentNode({ url: `=${origin()}/items/{{ $fromAI('id') }}` }), { id: "7" }, options());
    expect(received).toEqual([
      [
        ["accept", ACCEPT],
        ["user-agent", "n8n"],
        ["host", origin().slice(7)],
        ["connection", "close"],
      ],
    ]);
  });

  test("a POST with a JSON body adds its content-type (and node:http its content-length)", async () => {
    const parameters = {
      url: `${origin()}/items`,
      method: "POST",
      sendBody: true,
      specifyBody: "json",
      jsonBody: "={{ JSON.stringify({ name: $fromAI('name') }) }}",
    };
    await invoke(currentNode(parameters), { name: "Widget" });
    expect(Object.fromEntries(received[0] ?? [])).toEqual({
      accept: ACCEPT,
      "content-type": "application/json",
      "user-agent": "n8n",
      host: origin().slice(7),
      connection: "close",
      "content-length": "17",
    });
  });

  test("the legacy node: axios's own headers (fact 51)", async () => {
    await invoke(legacyNode({ url: `${origin()}/items/{id}`, toolDescription: "Get" }), { id: "7" });
    expect(Object.fromEntries(received[0] ?? [])).toEqual({
      accept: "application/json, text/plain, */*",
      "user-agent": "axios/1.18.0",
      host: origin().slice(7),
      connection: "close",
    });
  });

  test("in-process, an emulator sees the same headers (the socket's own aside)", async () => {
    const seen: Record<string, string>[] = [];
    const emulator = createEmulatorFetch({
      "http://api.test": async (request) => {
        seen.push(Object.fromEntries(request.headers));
        return Response.json({});
      },
    });
    await invoke(
      currentNode({ url: "=http://api.test/items/{{ $fromAI('id') }}" }),
      { id: "7" },
      {
        fetch: emulator.fetch,
      },
    );
    expect(seen).toEqual([{ accept: ACCEPT, "user-agent": "n8n" }]);
  });
});

describe("a port fetch calls bad (1, 9…) is connected to, as axios does", () => {
  test.each(["1", "9"])(
    "current node, port %s: n8n's connection-refused sentence (fact 29)",
    async (port) => {
      const result = await invoke(currentNode({ url: `http://127.0.0.1:${port}/x` }), {});
      expect(result.output).toBe('[{"error":"The service refused the connection - perhaps it is offline"}]');
    },
  );

  test("legacy node, port 9: the system error's text (fact 54)", async () => {
    const result = await invoke(legacyNode({ url: "http://127.0.0.1:9/x", toolDescription: "Get" }), {});
    expect(result.output).toBe('There was an error: "connect ECONNREFUSED 127.0.0.1:9"');
  });
});

describe("Full Response shows the headers the server sent, in its order (fact 30)", () => {
  test.each(chains)("through %s", async (_name, options) => {
    const parameters = {
      url: `${origin()}/items`,
      options: { response: { response: { fullResponse: true } } },
    };
    const result = await invoke(currentNode(parameters), {}, options());
    expect(result.output).toBe(
      JSON.stringify([
        {
          body: { a: 1 },
          headers: {
            "x-zeta": "last-in-the-alphabet",
            "content-type": "application/json",
            "a-first": "1",
            connection: "close",
            "content-length": "7",
          },
          statusCode: 200,
          statusMessage: "OK",
        },
      ]),
    );
  });
});
