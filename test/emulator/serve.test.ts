import { connect } from "node:net";
import { describe, expect, test } from "vitest";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { type FetchHandler, serve } from "../../src/emulator/serve.js";

/**
 * A client that sends its whole request before it reads anything (as most HTTP clients do): if the
 * server closes with the body unread, the kernel's reset throws the answer away.
 */
function sendThenRead(port: number, head: string, body: Buffer): Promise<{ answer: string; error: string }> {
  return new Promise((resolve) => {
    let answer = "";
    let error = "";
    const socket = connect(port, "127.0.0.1", () => {
      socket.pause();
      socket.write(head);
      socket.write(body, () => {
        socket.on("data", (chunk) => {
          answer += chunk;
        });
        socket.resume();
      });
    });
    socket.on("error", (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.on("close", () => resolve({ answer, error }));
  });
}

describe("serve", () => {
  test("a body over the limit with Connection: close still gets its 413, every time", async () => {
    const server = await serve(createEventService().fetch, { port: 0 });
    const body = Buffer.alloc(8 * 1024 * 1024, 0x61);
    const head = [
      "POST /events HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n");
    try {
      for (let i = 0; i < 5; i++) {
        const { answer, error } = await sendThenRead(server.port, head, body);
        expect(error).toBe("");
        expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
        expect(answer).toContain('{"error":"Request body too large"}');
      }
    } finally {
      await server.close();
    }
  });
});

/** A handler whose answers wait until the test releases them. */
function heldHandler() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = 0;
  const handler: FetchHandler = async () => {
    arrived += 1;
    await released;
    return new Response("done");
  };
  return { handler, release, arrived: () => arrived };
}

describe("serve: close with a grace", () => {
  test("answers the request in flight (closing its connection), refuses new ones, then resolves", async () => {
    const held = heldHandler();
    const server = await serve(held.handler, { port: 0 });
    const inFlight = fetch(server.url);
    await expect.poll(held.arrived).toBe(1);
    expect(server.inFlight).toBe(1);
    const closed = server.close({ graceMs: 60_000 });
    await expect(fetch(server.url)).rejects.toThrow();
    held.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("connection")).toBe("close");
    expect(await answer.text()).toBe("done");
    await closed;
    expect(server.inFlight).toBe(0);
  });

  test("cuts off a request still running when the grace runs out", async () => {
    const held = heldHandler();
    const server = await serve(held.handler, { port: 0 });
    const inFlight = fetch(server.url);
    await expect.poll(held.arrived).toBe(1);
    await server.close({ graceMs: 1 });
    await expect(inFlight).rejects.toThrow();
    held.release();
  });

  test("without a grace, a request in flight is cut off at once", async () => {
    const held = heldHandler();
    const server = await serve(held.handler, { port: 0 });
    const inFlight = fetch(server.url);
    await expect.poll(held.arrived).toBe(1);
    await server.close();
    await expect(inFlight).rejects.toThrow();
    held.release();
  });

  test("a client that goes away mid-body is not logged by the event service", async () => {
    const logged: unknown[] = [];
    const server = await serve(createEventService({ logError: (error) => logged.push(error) }).fetch, {
      port: 0,
    });
    try {
      const socket = connect(server.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.write("POST /events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n");
      socket.write('Content-Length: 100\r\n\r\n{"name":');
      await expect.poll(() => server.inFlight).toBe(1);
      socket.destroy();
      await expect.poll(() => server.inFlight).toBe(0);
      expect(logged).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
