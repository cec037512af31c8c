import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { ToolDeckError } from "../errors.js";

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
  close(): Promise<void>;
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
  const server = createServer((request, response) => {
    closeGently(request);
    return listener(request, response);
  });
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () => close(server),
  };
}

/** How long a refused body is read and dropped before the socket is closed anyway. */
const DRAIN_MS = 2_000;

/**
 * An answer sent before its request body was read (a 413) on a connection that closes: Node closes the
 * socket with the client's bytes unread, the kernel answers with a reset, and a client that reads only
 * after sending its body loses the answer. Instead the rest of the body is read and dropped (for at most
 * 2 s, as long as the client sends) before the socket is closed.
 */
function closeGently(request: IncomingMessage): void {
  const socket = request.socket as Socket & { destroySoon?: () => void };
  const destroySoon = socket.destroySoon?.bind(socket);
  if (!destroySoon) return;
  socket.destroySoon = () => {
    if (request.complete) return destroySoon();
    const timer = setTimeout(destroySoon, DRAIN_MS).unref();
    request.once("end", () => {
      clearTimeout(timer);
      destroySoon();
    });
    request.resume();
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

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
