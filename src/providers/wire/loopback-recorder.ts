import { createServer, type Server } from "node:http";
import { parseBody, type RecordedRequest } from "./fake-endpoint.js";

/** A server on 127.0.0.1 that records what it is sent and answers each request with one reply. */
export interface LoopbackRecorder {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * For a client that takes no `fetch` (Google's `@google/generative-ai` calls the global one): a base
 * URL on the loopback interface, on a port the system picks, so its request goes nowhere else.
 */
export async function startLoopbackRecorder(reply: unknown): Promise<LoopbackRecorder> {
  const requests: RecordedRequest[] = [];
  const answer = JSON.stringify(reply);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      requests.push({
        endpoint: `${request.method} ${path}`,
        body: parseBody(Buffer.concat(chunks).toString()),
      });
      response.writeHead(200, { "content-type": "application/json" }).end(answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return { origin: `http://127.0.0.1:${portOf(server)}`, requests, close: () => closeServer(server) };
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === "object" && address !== null ? address.port : 0;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
