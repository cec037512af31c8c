import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { describe, expect, onTestFinished, test } from "vitest";
import { serve } from "../../src/emulator/serve.js";
import {
  createRecordingProxy,
  PROXY_BODY_LIMIT_BYTES,
  type ProxiedCall,
} from "../../src/traffic/recording-proxy.js";
import { heldUpstream } from "../support/held-upstream.js";
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

/** A target that answers 200 with half of its promised body, then resets the connection. */
async function resettingTarget() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
    response.write('{"half":');
    setImmediate(() => response.socket?.resetAndDestroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("createRecordingProxy, when the target fails (issue 41)", () => {
  async function through(target: string, options: { upstreamTimeoutMs?: number; signal?: AbortSignal } = {}) {
    const calls: ProxiedCall[] = [];
    const handler = createRecordingProxy({ target, ...options, onCall: (call) => calls.push(call) });
    const answer = await handler(new Request("http://127.0.0.1/events/1"));
    await expect.poll(() => calls.length).toBe(1);
    return { answer, body: await answer.json(), call: calls[0] as ProxiedCall };
  }

  test("a reset mid-body is answered 502 in problem details and told as a sent call that failed", async () => {
    const target = await resettingTarget();
    const { answer, body, call } = await through(target);
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(body).toMatchObject({ title: "Bad Gateway", status: 502 });
    expect(body.detail).toMatch(new RegExp(`^tooldeck proxy: the answer of ${target} was cut off: `));
    expect(call).toMatchObject({ forwarded: true, failure: body.detail.replace("tooldeck proxy: ", "") });
    expect(call.exchange.response.status).toBe(502);
  });

  test("a target that never answers is given up after the upstream timeout: 504 in problem details", async () => {
    const upstream = await heldUpstream();
    onTestFinished(() => upstream.stop());
    const { answer, body, call } = await through(upstream.url, { upstreamTimeoutMs: 200 });
    expect(answer.status).toBe(504);
    expect(body.detail).toBe(
      `tooldeck proxy: ${upstream.url} did not answer within 0.2 s (--upstream-timeout)`,
    );
    expect(call).toMatchObject({
      forwarded: true,
      failure: `${upstream.url} did not answer within 0.2 s (--upstream-timeout)`,
    });
  });

  test("an unreachable target is a failed call (502), and a stopping proxy ends the calls it waits on (502)", async () => {
    const gone = await heldUpstream();
    await gone.stop();
    const unreachable = await through(gone.url);
    expect(unreachable.answer.status).toBe(502);
    expect(unreachable.call.failure).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ did not answer: fetch failed \(.*ECONNREFUSED/,
    );
    const upstream = await heldUpstream();
    onTestFinished(() => upstream.stop());
    const stop = new AbortController();
    const waiting = through(upstream.url, { signal: stop.signal });
    await expect.poll(() => upstream.seen).toEqual(["/events/1"]);
    stop.abort();
    const stopped = await waiting;
    expect([stopped.answer.status, stopped.call.failure]).toEqual([
      502,
      `the proxy stopped before ${upstream.url} answered`,
    ]);
  });
});
