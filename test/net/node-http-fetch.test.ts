import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { nodeHttpFetch, receivedHeadersOf } from "../../src/net/node-http-fetch.js";

/** A service on 127.0.0.1: `/moved` redirects to `/echo`, `/gzip` answers compressed, `/hang` never answers. */
const server: Server = createServer((request, response) => {
  response.sendDate = false;
  if (request.url === "/moved") {
    response.writeHead(302, { location: "/echo" }).end();
    return;
  }
  if (request.url === "/gzip") {
    response.writeHead(200, { "content-encoding": "gzip", "content-type": "text/plain" });
    response.end(gzipSync("unzipped"));
    return;
  }
  if (request.url === "/hang") return;
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    response.setHeader("Set-Cookie", ["a=1", "b=2"]);
    response.setHeader("X-B", "2");
    response.setHeader("X-A", "1");
    response.end(JSON.stringify({ method: request.method, url: request.url, body }));
  });
});
const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("nodeHttpFetch", () => {
  test("a POST's body is sent; the answer's headers are kept in the server's order", async () => {
    const response = await nodeHttpFetch(`${base()}/echo`, { method: "POST", body: "hi" });
    expect(await response.json()).toEqual({ method: "POST", url: "/echo", body: "hi" });
    expect(Object.keys(receivedHeadersOf(response) ?? {})).toEqual([
      "set-cookie",
      "x-b",
      "x-a",
      "connection",
      "content-length",
    ]);
    expect(receivedHeadersOf(response)?.["set-cookie"]).toEqual(["a=1", "b=2"]);
  });

  test("a redirect is followed, POST becoming GET, unless redirect is manual", async () => {
    const followed = await nodeHttpFetch(`${base()}/moved`, { method: "POST", body: "x" });
    expect(await followed.json()).toEqual({ method: "GET", url: "/echo", body: "" });
    const manual = await nodeHttpFetch(`${base()}/moved`, { redirect: "manual" });
    expect(manual.status).toBe(302);
  });

  test("a gzip answer is decoded and its content-encoding dropped, as axios does", async () => {
    const response = await nodeHttpFetch(`${base()}/gzip`);
    expect(await response.text()).toBe("unzipped");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(receivedHeadersOf(response)).not.toHaveProperty("content-encoding");
  });

  test("a closed port fails as Node's fetch fails, the system error as cause: no bad-port refusal", async () => {
    const failure = await nodeHttpFetch("http://127.0.0.1:1/x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).cause).toMatchObject({
      code: "ECONNREFUSED",
      message: "connect ECONNREFUSED 127.0.0.1:1",
    });
  });

  test("an abort rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${base()}/hang`, { signal: controller.signal });
    const reason = new DOMException("limit", "TimeoutError");
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });
});
