import { connect } from "node:net";
import { describe, expect, test } from "vitest";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { serve } from "../../src/emulator/serve.js";

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
