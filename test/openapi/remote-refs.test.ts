import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { FetchLike } from "../../src/net/fetch-like.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { hostileProject } from "../support/hostile-project.js";
import { NON_GLOBAL_IPV4, NON_GLOBAL_IPV6 } from "../support/special-addresses.js";

function specWithParameterRef(ref: string): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Remote", version: "1" },
    paths: {
      "/x": {
        get: { operationId: "x", parameters: [{ $ref: ref }], responses: { 200: { description: "ok" } } },
      },
    },
  });
}

async function loadError(source: string, options: Parameters<typeof loadSpec>[1] = {}): Promise<string> {
  try {
    await loadSpec(source, options);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("loaded");
}

/** A loopback server standing for a remote host; it records every request it is sent. */
const requests: string[] = [];
let routes: Record<string, (response: ServerResponse) => void> = {};
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  requests.push(request.url ?? "");
  const route = routes[request.url ?? ""];
  if (route) route(response);
  else response.writeHead(404).end();
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  routes = {};
});

const OFF = "is remote; remote specs and $refs are off (allow them with --allow-remote-refs)";
const PRIVATE = "is a private, loopback or metadata address; specs and $refs are never downloaded from one";

describe("by default", () => {
  test("a $ref URL is not fetched without --allow-remote-refs", async () => {
    const dir = hostileProject({ "api.json": specWithParameterRef(`${origin}/param.json`) });
    expect(await loadError(join(dir, "api.json"), { roots: [dir] })).toBe(
      `${join(dir, "api.json")}#/paths/~1x/get/parameters/0: $ref "${origin}/param.json" ${OFF}`,
    );
    expect(requests).toEqual([]);
  });

  test("a spec URL is not fetched without --allow-remote-refs", async () => {
    expect(await loadError(`${origin}/api.json`)).toBe(`${origin}/api.json: ${OFF}`);
    expect(requests).toEqual([]);
  });

  test.each([
    ["loopback", () => `${origin}/param.json`],
    ["the metadata service", () => "http://169.254.169.254/latest/meta-data/iam/"],
    ["a private network", () => "http://10.0.0.7/param.json"],
    ["localhost", () => "http://localhost:1/param.json"],
  ])("%s is never fetched, even with --allow-remote-refs", async (_, url) => {
    const sent: string[] = [];
    const fetch: FetchLike = (input, init) => {
      sent.push(String(input));
      return globalThis.fetch(input, init);
    };
    const dir = hostileProject({ "api.json": specWithParameterRef(url()) });
    expect(await loadError(join(dir, "api.json"), { roots: [dir], allowRemoteRefs: true, fetch })).toBe(
      `${join(dir, "api.json")}#/paths/~1x/get/parameters/0: $ref "${url()}" ${PRIVATE}`,
    );
    expect(sent).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe("with --allow-remote-refs, no special-purpose address is ever fetched", () => {
  /** The attacker's spec URLs point at the address; nothing may be sent, whatever the spelling. */
  async function refusal(url: string, resolveHost = async () => ["93.184.216.34"]) {
    const sent: string[] = [];
    const fetch: FetchLike = async (input) => {
      sent.push(String(input));
      return new Response("{}");
    };
    const message = await loadError(url, { allowRemoteRefs: true, fetch, resolveHost });
    return { message, sent };
  }

  test.each(NON_GLOBAL_IPV4)("%s: %s, as written, IPv4-mapped, NAT64 and through DNS", async (_, address) => {
    for (const url of [
      `http://${address}/api.json`,
      `http://[::ffff:${address}]/api.json`,
      `http://[64:ff9b::${address}]/api.json`,
    ]) {
      expect(await refusal(url)).toEqual({ message: `${url}: ${PRIVATE}`, sent: [] });
    }
    const named = "http://specs.attacker.example/api.json";
    for (const resolved of [address, `::ffff:${address}`]) {
      expect(await refusal(named, async () => ["93.184.216.34", resolved])).toEqual({
        message: `${named}: ${PRIVATE}`,
        sent: [],
      });
    }
  });

  test.each(NON_GLOBAL_IPV6)("%s: %s, as written and through DNS", async (_, address) => {
    const url = `http://[${address}]/api.json`;
    expect(await refusal(url)).toEqual({ message: `${url}: ${PRIVATE}`, sent: [] });
    const named = "http://specs.attacker.example/api.json";
    expect(await refusal(named, async () => [address])).toEqual({
      message: `${named}: ${PRIVATE}`,
      sent: [],
    });
  });

  test("a $ref to Alibaba Cloud's metadata service is refused like the spec URL", async () => {
    const ref = "http://100.100.100.200/latest/meta-data/ram/security-credentials/";
    const dir = hostileProject({ "api.json": specWithParameterRef(ref) });
    const fetch: FetchLike = () => Promise.reject(new Error("sent"));
    expect(await loadError(join(dir, "api.json"), { roots: [dir], allowRemoteRefs: true, fetch })).toBe(
      `${join(dir, "api.json")}#/paths/~1x/get/parameters/0: $ref "${ref}" ${PRIVATE}`,
    );
  });
});

describe("with --allow-remote-refs, against a host the test declares public", () => {
  // specs.test stands for a public host: its name resolves to a public address (the injected
  // resolveHost), and the injected fetch sends it to the loopback server.
  const resolveHost = async () => ["93.184.216.34"];
  const fetch: FetchLike = (input, init) =>
    globalThis.fetch(String(input).replace("http://specs.test", origin), init);
  const remote = (path: string) => `http://specs.test${path}`;
  const json = (text: string) => (response: ServerResponse) =>
    response.writeHead(200, { "content-type": "application/json" }).end(text);

  test("a spec URL and its $ref URL are downloaded", async () => {
    routes["/api.json"] = json(specWithParameterRef(remote("/param.json")));
    routes["/param.json"] = json('{"name": "limit", "in": "query", "schema": {"type": "integer"}}');
    const spec = await loadSpec(remote("/api.json"), { allowRemoteRefs: true, resolveHost, fetch });
    expect(JSON.stringify(spec.document.paths)).toContain('"name":"limit"');
    expect(requests).toEqual(["/api.json", "/param.json"]);
  });

  test("a redirect is followed only while each hop is public", async () => {
    routes["/api.json"] = (response) => response.writeHead(302, { location: remote("/moved.json") }).end();
    routes["/moved.json"] = (response) => response.writeHead(302, { location: `${origin}/secret` }).end();
    routes["/secret"] = json("{}");
    expect(await loadError(remote("/api.json"), { allowRemoteRefs: true, resolveHost, fetch })).toBe(
      `${remote("/api.json")}: redirects to "${origin}/secret", which ${PRIVATE}`,
    );
    expect(requests).toEqual(["/api.json", "/moved.json"]);
  });

  test("a redirect to Oracle Cloud's metadata address, IPv4-mapped, is refused and not followed", async () => {
    const target = "http://[::ffff:192.0.0.192]/opc/v2/instance/";
    routes["/api.json"] = (response) => response.writeHead(302, { location: target }).end();
    expect(await loadError(remote("/api.json"), { allowRemoteRefs: true, resolveHost, fetch })).toBe(
      `${remote("/api.json")}: redirects to "http://[::ffff:c000:c0]/opc/v2/instance/", which ${PRIVATE}`,
    );
    expect(requests).toEqual(["/api.json"]);
  });

  test("a redirect to a file: URL is refused", async () => {
    routes["/api.json"] = (response) => response.writeHead(302, { location: "file:///etc/passwd" }).end();
    expect(await loadError(remote("/api.json"), { allowRemoteRefs: true, resolveHost, fetch })).toBe(
      `${remote("/api.json")}: redirects to a file: URL; only http(s) is downloaded`,
    );
  });

  test("at most 5 redirects", async () => {
    routes["/loop.json"] = (response) => response.writeHead(302, { location: remote("/loop.json") }).end();
    expect(await loadError(remote("/loop.json"), { allowRemoteRefs: true, resolveHost, fetch })).toBe(
      `${remote("/loop.json")}: cannot download (more than 5 redirects)`,
    );
    expect(requests).toHaveLength(6);
  });
});
