import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { ToolDeckError } from "../errors.js";
import { hasDotSegment } from "./dot-segment.js";

/** Anything that answers a web `Request`, such as an emulator's `fetch`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Where `serve` listens: host and port. */
export interface ServeOptions {
  /** 0 picks a free port; the real one is in the result. Default 0. */
  port?: number;
  /** Default 127.0.0.1: the emulators are for this machine unless asked otherwise. */
  host?: string;
}

/** A server `serve` started: its URL and port, and how to close it. */
export interface RunningServer {
  /** `http://127.0.0.1:5566`, with the port really bound. */
  url: string;
  port: number;
  /** How many requests are being answered now. */
  readonly inFlight: number;
  /**
   * Stops taking connections and ends the open ones. With `graceMs`, the requests in flight are answered
   * first (each on a connection that then closes), for at most that long; the rest are cut off after it.
   */
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /** How long requests in flight may take to be answered. Default 0: cut off at once. */
  graceMs?: number;
}

/**
 * Puts a `fetch` handler on an HTTP port. The only place tooldeck touches `node:http`.
 * @example
 * const server = await serve(createEventService().fetch, { port: 5566 });
 * console.log(server.url); // http://127.0.0.1:5566
 */
export async function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const listener = getRequestListener(handler);
  const answering = new Set<ServerResponse>();
  let closing = false;
  const server = createServer((request, response) => {
    closeGently(request);
    trackAnswer(response, answering, server);
    // A request that arrives on an open connection while the server stops is answered, then the
    // connection is closed: the client learns to reconnect (and is refused) instead of reusing it.
    if (closing) response.shouldKeepAlive = false;
    if (hasDotSegment(request.url ?? "")) return notAnAddress(request, response);
    return listener(request, response);
  });
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    get inFlight() {
      return answering.size;
    },
    close: (closeOptions = {}) => {
      closing = true;
      for (const response of answering) response.shouldKeepAlive = false;
      return close(server, closeOptions.graceMs ?? 0);
    },
  };
}

/**
 * Counts the response as in flight until it is sent or its client is gone. Once it is sent, a stopping
 * server closes the connection it leaves idle (Node only closes the idle connections of the moment
 * `close()` was called).
 */
function trackAnswer(response: ServerResponse, answering: Set<ServerResponse>, server: Server): void {
  answering.add(response);
  response.once("close", () => {
    answering.delete(response);
    if (!server.listening) setImmediate(() => server.closeIdleConnections());
  });
}

/** A target with a dot segment addresses nothing: a 404 in problem details (RFC 9457), never another path's answer. */
function notAnAddress(request: IncomingMessage, response: ServerResponse): void {
  const detail = `${request.method} ${request.url} has a dot segment: it is not the address of anything`;
  const body = JSON.stringify({ type: "about:blank", title: "Not Found", status: 404, detail });
  response.writeHead(404, { "content-type": "application/problem+json" }).end(body);
}

/** How long a refused body is read and dropped before the socket is closed anyway. */
const DRAIN_MS = 2_000;

/** The request a socket is answering now: one per socket, replaced by the next, never a chain. */
const answeredRequest = new WeakMap<Socket, IncomingMessage>();

/**
 * An answer sent before its request body was read (a 413) on a connection that closes: Node closes the
 * socket with the client's bytes unread, the kernel answers with a reset, and a client that reads only
 * after sending its body loses the answer. Instead the rest of the body is read and dropped (for at most
 * 2 s, as long as the client sends) before the socket is closed. The socket's `destroySoon` is wrapped
 * once, on its first request, and reads the request of the moment: wrapping it again on every request of
 * a kept-alive connection chained every request to the socket (issue 41: the heap ran out after ~40k).
 */
function closeGently(request: IncomingMessage): void {
  const socket = request.socket as Socket & { destroySoon?: () => void };
  const wrapped = answeredRequest.has(socket);
  answeredRequest.set(socket, request);
  const destroySoon = socket.destroySoon?.bind(socket);
  if (wrapped || !destroySoon) return;
  socket.destroySoon = () => {
    const current = answeredRequest.get(socket);
    if (!current || current.complete) return destroySoon();
    const timer = setTimeout(destroySoon, DRAIN_MS).unref();
    current.once("end", () => {
      clearTimeout(timer);
      destroySoon();
    });
    current.resume();
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === "EADDRINUSE") {
        reject(
          new ToolDeckError("port-in-use", `port ${port} on ${host} is already in use`, { cause: error }),
        );
      } else {
        reject(new ToolDeckError("usage", `cannot listen on ${where}: ${error.message}`, { cause: error }));
      }
    });
    server.listen(port, host, () => resolve());
  });
}

/** Resolves once every connection has ended: at once without a grace, else when the answers are sent. */
function close(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const cutOff = graceMs > 0 ? setTimeout(() => server.closeAllConnections(), graceMs) : undefined;
    server.close((error) => {
      clearTimeout(cutOff);
      if (error) reject(error);
      else resolve();
    });
    if (cutOff === undefined) server.closeAllConnections();
  });
}
