import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { Agent, type IncomingMessage, request } from "node:http";

/** One request as the load sends it: method, path, headers and body. */
export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A client of `origin` with `connections` kept-alive sockets (as every HTTP client keeps them by
 * default), which stay open until `close`: a server that ties each request to its connection holds
 * them all as long as the client is connected.
 */
export function keepAliveClient(origin: string, connections = 4) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const sockets = new Set<unknown>();
  return {
    /** Sends `count` requests, `connections` at a time; rejects on a failure or a status other than `status`. */
    async load(what: LoadRequest, count: number, status = 200): Promise<void> {
      let sent = 0;
      const worker = async () => {
        for (; sent < count; sent++) {
          const answered = await send(agent, origin, what, sockets);
          if (answered !== status)
            throw new Error(`${what.method ?? "GET"} ${what.path} answered ${answered}, not ${status}`);
        }
      };
      await Promise.all(Array.from({ length: connections }, worker));
    },
    /** How many sockets the requests went over: `connections` when the server kept them open. */
    sockets: () => sockets.size,
    close: () => agent.destroy(),
  };
}

function send(agent: Agent, origin: string, what: LoadRequest, sockets: Set<unknown>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${origin}${what.path}`,
      { agent, method: what.method ?? "GET", headers: what.headers ?? {} },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("socket", (socket) => sockets.add(socket));
    outgoing.on("error", reject);
    outgoing.end(what.body);
  });
}

/**
 * Every request an HTTP server of this process receives from now on, held weakly (Node's
 * `http.server.request.start` diagnostics channel): `reachable()` counts those not yet collected.
 */
export function watchServerRequests() {
  const seen: WeakRef<IncomingMessage>[] = [];
  const onStart = (message: unknown) => {
    seen.push(new WeakRef((message as { request: IncomingMessage }).request));
  };
  subscribe("http.server.request.start", onStart);
  return {
    seen: () => seen.length,
    reachable: () => seen.filter((ref) => ref.deref() !== undefined).length,
    stop: () => void unsubscribe("http.server.request.start", onStart),
  };
}
