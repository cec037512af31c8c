import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { ToolDeckError } from "../errors.js";

/** Anything that answers a web `Request`, such as an emulator's `fetch`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface ServeOptions {
  /** 0 picks a free port; the real one is in the result. Default 0. */
  port?: number;
  /** Default 127.0.0.1: the emulators are for this machine unless asked otherwise. */
  host?: string;
}

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
  const server = createServer(getRequestListener(handler));
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () => close(server),
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
