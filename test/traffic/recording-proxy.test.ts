import { connect } from "node:net";
import { describe, expect, test } from "vitest";
import { serve } from "../../src/emulator/serve.js";
import {
  createRecordingProxy,
  PROXY_BODY_LIMIT_BYTES,
  type ProxiedCall,
} from "../../src/traffic/recording-proxy.js";
import { listenDuringTests, loopbackServer } from "../support/loopback-server.js";

const target = loopbackServer({
  describe: (request) => `${request.method} ${request.url} host=${request.headers.host}`,
});
const elsewhere = loopbackServer();
listenDuringTests(target, elsewhere);

/** The proxy on a real socket, and the calls it told of. */
async function proxy(options: { allowWrites?: boolean; base?: string } = {}) {
  const calls: ProxiedCall[] = [];
  const server = await serve(
    createRecordingProxy({
      target: `http://${target.host()}${options.base ?? ""}`,
      allowWrites: options.allowWrites ?? false,
      onCall: (call) => calls.push(call),
    }),
  );
  return { server, calls };
}

/** Sends raw bytes (a request line no fetch would write) and reads the answer. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("createRecordingProxy", () => {
  test("forwards a read to the target, hands the answer back, and tells the exchange masked", async () => {
    const { server, calls } = await proxy({ base: "/api" });
    const response = await fetch(`${server.url}/events/1?q=x&api_key=secret-1`, {
      headers: { authorization: "Bearer sk-live", accept: "application/json" },
    });
    expect(await response.json()).toEqual({ ok: true });
    await expect.poll(() => calls.length).toBe(1);
    await server.close();
    expect(target.requests).toEqual([`GET /api/events/1?q=x&api_key=secret-1 host=${target.host()}`]);
    const [call] = calls;
    expect(call?.forwarded).toBe(true);
    expect(call?.exchange.request.url).toBe(`http://${target.host()}/api/events/1?q=x&api_key=[redacted]`);
    expect(call?.exchange.request.headers.authorization).toBe("[redacted]");
    expect(call?.exchange.response).toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  test("a write is answered 403 and not sent, unless writes are allowed", async () => {
    const { server, calls } = await proxy();
    const refused = await fetch(`${server.url}/events`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe(
      `tooldeck proxy: POST /events not forwarded: writes to http://${target.host()} need --allow-writes`,
    );
    await server.close();
    expect(target.requests).toEqual([]);
    await expect.poll(() => calls[0]?.forwarded).toBe(false);
    const allowed = await proxy({ allowWrites: true });
    expect((await fetch(`${allowed.server.url}/events`, { method: "POST", body: '{"a":1}' })).status).toBe(
      200,
    );
    await allowed.server.close();
    expect(target.requests).toEqual([`POST /events host=${target.host()}`]);
  });

  describe("as an attacker would aim it elsewhere", () => {
    test.each([
      ["a path that reads as an authority", `//${"127.0.0.1"}:PORT/steal`],
      ["a user-info spelling", "/@127.0.0.1:PORT/steal"],
      ["a backslash", "/\\127.0.0.1:PORT/steal"],
    ])("%s goes to the target or nowhere", async (_name, path) => {
      const { server } = await proxy();
      const port = elsewhere.host().split(":")[1] as string;
      await rawRequest(
        server.port,
        `GET ${path.replace("PORT", port)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      await server.close();
      expect(elsewhere.requests).toEqual([]);
      // Node's parser refuses some spellings outright (400): then nothing is sent at all.
      for (const request of target.requests)
        expect(request).toMatch(new RegExp(`steal host=${target.host()}$`));
    });

    test("an absolute URL in the request line, or another Host header, still goes to the target", async () => {
      const { server } = await proxy();
      await rawRequest(
        server.port,
        `GET http://${elsewhere.host()}/steal HTTP/1.1\r\nHost: ${elsewhere.host()}\r\nConnection: close\r\n\r\n`,
      );
      await server.close();
      expect(elsewhere.requests).toEqual([]);
      expect(target.requests).toEqual([`GET /steal host=${target.host()}`]);
    });

    test("a body over 10 MiB either way is refused by the proxy, neither sent nor recorded whole", async () => {
      const sent: string[] = [];
      const huge = new Uint8Array(PROXY_BODY_LIMIT_BYTES + 1);
      const handler = createRecordingProxy({
        target: `http://${target.host()}`,
        allowWrites: true,
        fetch: async (input) => {
          sent.push(String(input));
          return new Response(huge);
        },
        onCall: () => {},
      });
      const tooLarge = await handler(new Request("http://127.0.0.1/upload", { method: "POST", body: huge }));
      expect([tooLarge.status, sent]).toEqual([413, []]);
      const answer = await handler(new Request("http://127.0.0.1/download"));
      expect(answer.status).toBe(502);
      expect((await answer.json()).detail).toBe(
        `tooldeck proxy: the answer of http://${target.host()} is larger than ${PROXY_BODY_LIMIT_BYTES} bytes`,
      );
    });

    test("a redirect is handed back, not followed", async () => {
      const redirecting = loopbackServer();
      await redirecting.start();
      const calls: ProxiedCall[] = [];
      const handler = createRecordingProxy({
        target: `http://${redirecting.host()}`,
        fetch: async () =>
          new Response(null, { status: 302, headers: { location: `http://${elsewhere.host()}/x` } }),
        onCall: (call) => calls.push(call),
      });
      const answer = await handler(new Request("http://127.0.0.1/go"));
      await redirecting.stop();
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`http://${elsewhere.host()}/x`);
      expect(elsewhere.requests).toEqual([]);
    });
  });
});
