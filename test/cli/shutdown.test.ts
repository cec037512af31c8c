import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, test } from "vitest";
import { loadTraffic } from "../../src/traffic/load-traffic.js";
import { startShippedCli } from "../support/built-cli.js";
import { heldUpstream } from "../support/held-upstream.js";
import { slowUpload } from "../support/slow-upload.js";

type Cli = ReturnType<typeof startShippedCli>;

const running: Cli[] = [];
const upstreams: Awaited<ReturnType<typeof heldUpstream>>[] = [];
afterEach(async () => {
  for (const cli of running.splice(0)) cli.kill();
  await Promise.all(upstreams.splice(0).map((upstream) => upstream.stop()));
});

function start(args: string[]): Cli {
  const cli = startShippedCli(args);
  running.push(cli);
  return cli;
}

const ONE_IN_FLIGHT =
  "stopping: waiting up to 5 s for 1 request in flight (a second Ctrl+C or SIGTERM stops at once)\n";

/** The two emulators of `serve`, each with a POST that reads a body. */
const EMULATORS = [
  {
    name: "event service",
    args: ["--only", "events", "--events-port", "0"],
    path: "/events",
    headers: {},
    body: JSON.stringify({ name: "Launch", date: "2025-01-01T10:00:00Z", location: "Berlin" }),
    answer: "HTTP/1.1 201 Created",
  },
  {
    name: "Flowise API",
    args: ["--only", "flowise", "--flowise-port", "0", "--api-key", "shutdown-key"],
    path: "/api/v1/chatflows",
    headers: { Authorization: "Bearer shutdown-key" },
    body: JSON.stringify({ name: "launch", flowData: '{"nodes":[],"edges":[]}', type: "CHATFLOW" }),
    answer: "HTTP/1.1 200 OK",
  },
] as const;

async function startServe(args: readonly string[]): Promise<{ cli: Cli; url: string }> {
  const cli = start(["serve", ...args]);
  await expect.poll(cli.stdout, { timeout: 20_000 }).toContain("Press Ctrl+C");
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(cli.stdout())?.[0] ?? "";
  return { cli, url };
}

describe("serve stops cleanly (the built CLI, over sockets)", () => {
  test.each(EMULATORS)(
    "$name: a request in flight when SIGTERM comes is answered, then serve exits 0",
    async ({ args, path, headers, body, answer }) => {
      const { cli, url } = await startServe(args);
      const upload = slowUpload(url, path, headers, body);
      await upload.started;
      cli.signal("SIGTERM");
      await expect.poll(cli.stdout).toContain(ONE_IN_FLIGHT);
      await expect(fetch(url)).rejects.toThrow();
      const answered = await upload.finish();
      expect(answered).toContain(answer);
      expect(answered).toContain("Connection: close");
      expect(await cli.exited()).toBe(0);
      expect(cli.stdout()).toMatch(/stopped\n$/);
      expect(cli.stderr()).toBe("");
    },
  );

  test.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("a second %s exits at once with %i, the request in flight unanswered", async (signal, code) => {
    const { cli, url } = await startServe(EMULATORS[0].args);
    const upload = slowUpload(url, "/events", {}, EMULATORS[0].body);
    await upload.started;
    cli.signal(signal);
    await expect.poll(cli.stdout).toContain(ONE_IN_FLIGHT);
    cli.signal(signal);
    expect(await cli.exited()).toBe(code);
    expect(await upload.cut()).not.toContain("HTTP/1.1 201");
  });

  test.each(
    EMULATORS.flatMap((emulator) => [
      { ...emulator, when: "before the signal" },
      { ...emulator, when: "while serve stops" },
    ]),
  )(
    "$name: a client cut off mid-request $when prints no error",
    async ({ args, path, headers, body, when }) => {
      const { cli, url } = await startServe(args);
      const upload = slowUpload(url, path, headers, body);
      await upload.started;
      if (when === "while serve stops") {
        cli.signal("SIGTERM");
        await expect.poll(cli.stdout).toContain(ONE_IN_FLIGHT);
        await upload.cut();
      } else {
        await upload.cut();
        expect((await fetch(`${url}${path}`, { headers })).status).toBe(200);
        cli.signal("SIGTERM");
      }
      expect(await cli.exited()).toBe(0);
      expect(cli.stderr()).toBe("");
    },
  );
});

/** A tools folder with one tool, `slow`, that calls the upstream's /slow. */
function slowTool(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-shutdown-"));
  writeFileSync(
    join(dir, "slow.yaml"),
    'kind: request\nmethod: GET\nname: slow\ndescription: Use this to wait\nurl: "{{$vars.base_url}}/slow"\n',
  );
  return dir;
}

const rpc = (message: object) => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`;

/** `mcp` over stdio, initialized, with a call of `slow` in flight at the upstream. */
async function stdioCallInFlight() {
  const upstream = await heldUpstream();
  upstreams.push(upstream);
  const cli = start(["mcp", slowTool(), "--base-url", upstream.url]);
  await expect.poll(cli.stderr, { timeout: 20_000 }).toContain("over stdio");
  cli.write(
    rpc({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
    }),
  );
  cli.write(rpc({ method: "notifications/initialized" }));
  cli.write(rpc({ id: 2, method: "tools/call", params: { name: "slow", arguments: {} } }));
  await expect.poll(() => upstream.seen, { timeout: 20_000 }).toEqual(["/slow"]);
  return { cli, upstream };
}

function answers(
  stdout: string,
): { id: number; result?: { content: { text: string }[] }; error?: unknown }[] {
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe("mcp stops cleanly (the built CLI)", () => {
  test("stdio: a call in flight when SIGTERM comes is answered, a new request refused, then exit 0", async () => {
    const { cli, upstream } = await stdioCallInFlight();
    cli.signal("SIGTERM");
    await expect.poll(cli.stderr).toContain(ONE_IN_FLIGHT);
    cli.write(rpc({ id: 3, method: "tools/list" }));
    await expect.poll(() => answers(cli.stdout()).map(({ id }) => id)).toEqual([1, 3]);
    upstream.release();
    expect(await cli.exited()).toBe(0);
    const [, refused, answered] = answers(cli.stdout());
    expect(refused).toEqual({
      jsonrpc: "2.0",
      id: 3,
      error: { code: -32000, message: "the server is stopping: no new requests" },
    });
    expect(answered).toMatchObject({ id: 2, result: { content: [{ type: "text", text: '{"ok":true}' }] } });
  });

  test.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("stdio: a second %s exits at once with %i", async (signal, code) => {
    const { cli } = await stdioCallInFlight();
    cli.signal(signal);
    await expect.poll(cli.stderr).toContain(ONE_IN_FLIGHT);
    cli.signal(signal);
    expect(await cli.exited()).toBe(code);
    expect(answers(cli.stdout()).map(({ id }) => id)).toEqual([1]);
  });

  test("http: a call in flight when SIGTERM comes is answered, then exit 0", async () => {
    const upstream = await heldUpstream();
    upstreams.push(upstream);
    const cli = start(["mcp", slowTool(), "--base-url", upstream.url, "--transport", "http", "--port", "0"]);
    await expect.poll(cli.stdout, { timeout: 20_000 }).toContain("Press Ctrl+C");
    const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(cli.stdout())?.[0] ?? "";
    const client = new Client({ name: "test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const call = client.callTool({ name: "slow", arguments: {} });
      await expect.poll(() => upstream.seen, { timeout: 20_000 }).toEqual(["/slow"]);
      cli.signal("SIGTERM");
      await expect.poll(cli.stdout).toContain(ONE_IN_FLIGHT);
      upstream.release();
      expect(await call).toMatchObject({ content: [{ type: "text", text: '{"ok":true}' }] });
    } finally {
      await client.close();
    }
    expect(await cli.exited()).toBe(0);
    expect(cli.stdout()).toMatch(/stopped\n$/);
  });
});

describe("proxy stops cleanly (the built CLI, issue 41)", () => {
  async function proxyInFlight(calls: number) {
    const upstream = await heldUpstream();
    upstreams.push(upstream);
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-proxy-stop-"));
    const cli = start(["proxy", "--target", upstream.url, "--port", "0", "--allow-writes", "--record", dir]);
    await expect.poll(cli.stdout, { timeout: 20_000 }).toContain("Press Ctrl+C");
    const url = /proxy listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(cli.stdout())?.[1] ?? "";
    const answers = Array.from({ length: calls }, (_, i) =>
      fetch(`${url}/events/${i}`, i === 0 ? { method: "POST", body: '{"name":"x"}' } : {}),
    );
    await expect.poll(() => upstream.seen.length, { timeout: 20_000 }).toBe(calls);
    return { cli, upstream, dir, answers };
  }

  test("the calls in flight when SIGTERM comes are answered and recorded, then proxy exits 0", async () => {
    const { cli, upstream, dir, answers } = await proxyInFlight(3);
    cli.signal("SIGTERM");
    await expect
      .poll(cli.stdout)
      .toContain(
        "stopping: waiting up to 5 s for 3 requests in flight (a second Ctrl+C or SIGTERM stops at once)\n",
      );
    upstream.release();
    for (const answer of await Promise.all(answers)) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    expect(await cli.exited()).toBe(0);
    const recorded = loadTraffic([dir]).exchanges.map(
      (e) => `${e.request.method} ${new URL(e.request.url).pathname}`,
    );
    expect(recorded.sort()).toEqual(["GET /events/1", "GET /events/2", "POST /events/0"]);
    expect(cli.stdout()).toContain(`3 calls, 3 recorded in ${dir}`);
    expect(cli.stdout()).toMatch(/stopped\n$/);
    expect(cli.stderr()).toBe("");
  });

  test("a second SIGTERM exits at once with 143, the calls unanswered", async () => {
    const { cli, answers } = await proxyInFlight(1);
    const outcome = answers[0]?.then(
      () => "answered",
      () => "cut off",
    );
    cli.signal("SIGTERM");
    await expect.poll(cli.stdout).toContain("for 1 request in flight");
    cli.signal("SIGTERM");
    expect(await cli.exited()).toBe(143);
    expect(await outcome).toBe("cut off");
  });
});
