import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { describe, expect, onTestFinished, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { loadTraffic } from "../../src/traffic/load-traffic.js";
import { captureIo } from "../support/capture-io.js";
import { heldUpstream } from "../support/held-upstream.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const EVENT_API = readFileSync(packagePath("tools", "event-api.openapi.yaml"), "utf8");
const TOOLS = readFileSync(packagePath("tools", "request-tools.yaml"), "utf8");

/** A command serving (from the working directory) until `stop` aborts, and what it printed so far. */
function running(args: string[]) {
  const stop = new AbortController();
  const captured = captureIo(stop.signal);
  const run = runCli(args, captured.io);
  return { stop, run, stdout: captured.stdout };
}

describe("tooldeck proxy", () => {
  test("between a real client and tooldeck serve --spec: names the tools, flags an off-spec answer, records", async () => {
    // The team's description drifted from the service: it says event ids are integers.
    const drifted = EVENT_API.replace(
      "        id:\n          type: string\n          description: Unique identifier",
      "        id:\n          type: integer\n          description: Unique identifier",
    );
    expect(drifted).not.toBe(EVENT_API);
    const dir = hostileProject({
      "event-api.openapi.yaml": EVENT_API,
      "drifted.openapi.yaml": drifted,
      "tools/request-tools.yaml": TOOLS,
      "seed.json": JSON.stringify({
        "/events": [
          { id: "1", name: "Tech Conference 2024", date: "2024-07-15T18:00:00Z", location: "Berlin" },
        ],
      }),
    });
    const before = process.cwd();
    process.chdir(dir);
    onTestFinished(() => process.chdir(before));
    const served = running([
      "serve",
      "--spec",
      "event-api.openapi.yaml",
      "--seed",
      "seed.json",
      "--port",
      "0",
    ]);
    const service = await waitForUrl(served, /emulated on (http:\/\/127\.0\.0\.1:\d+)/);
    const proxied = running([
      "proxy",
      "--target",
      service,
      "--port",
      "0",
      "--spec",
      "drifted.openapi.yaml",
      "--record",
      "captures",
    ]);
    const proxy = await waitForUrl(proxied, /proxy listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const events = (await (await fetch(`${proxy}/events`)).json()) as { id: string }[];
    const id = events[0]?.id as string;
    expect((await fetch(`${proxy}/events/${id}`)).status).toBe(200);
    expect((await fetch(`${proxy}/events`, { method: "PUT", body: "{}" })).status).toBe(403);
    proxied.stop.abort();
    expect(await proxied.run).toBe(0);
    const stdout = proxied.stdout();
    served.stop.abort();
    await served.run;
    const lines = stdout.split("\n").map((line) => line.replace(/ \d+ ms/, " _ ms"));
    expect(lines).toContain("GET /events → 200 get_events _ ms");
    expect(lines).toContain(`GET /events/${id} → 200 get_events _ ms`);
    expect(lines).toContain(
      "  off the description: the 200 answer of GET /events/{id} does not match its schema: /id must be integer",
    );
    expect(lines).toContain(
      "  off the description: the 200 answer of GET /events does not match its schema: /0/id must be integer",
    );
    expect(lines).toContain(
      `PUT /events → 403 update_event _ ms (PUT /events not forwarded: writes to ${service} need --allow-writes)`,
    );
    expect(lines).toContain(
      `3 calls, 2 off the description, 2 recorded in ${join("captures", `${new URL(service).host.replace(":", "_")}.traffic.ndjson`)}`,
    );
    const recorded = loadTraffic([
      join(dir, "captures", `${new URL(service).host.replace(":", "_")}.traffic.ndjson`),
    ]);
    expect(
      recorded.exchanges.map((e) => `${e.tool} ${e.request.method} ${new URL(e.request.url).pathname}`),
    ).toEqual(["get_events GET /events", `get_events GET /events/${id}`]);
  });

  test("--target must be an http(s) URL, and is required", async () => {
    const dir = hostileProject();
    expect((await tooldeckIn(dir, ["proxy"])).stderr).toBe(
      "tooldeck proxy: --target URL is required (the API to forward to)\n",
    );
    expect((await tooldeckIn(dir, ["proxy", "--target", "file:///etc/passwd"])).stderr).toBe(
      "tooldeck proxy: --target must be an http(s) URL, got 'file:///etc/passwd'\n",
    );
  });
});

describe("tooldeck proxy under faults (issue 41)", () => {
  /** A target whose /reset answers half a body then resets, and whose other paths answer at once. */
  async function faultyTarget(): Promise<string> {
    const server = createServer((request, response) => {
      if (request.url === "/reset") {
        response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        response.write('{"half":');
        setImmediate(() => response.socket?.resetAndDestroy());
        return;
      }
      response.setHeader("content-type", "application/json");
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** `tooldeck proxy` in-process in an empty project, recording into captures/: its URL. */
  async function proxyTo(target: string, extra: string[] = []) {
    const dir = hostileProject();
    const before = process.cwd();
    process.chdir(dir);
    onTestFinished(() => process.chdir(before));
    const proxied = running(["proxy", "--target", target, "--port", "0", "--record", "captures", ...extra]);
    const url = await waitForUrl(proxied, /proxy listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const journal = join(dir, "captures", `${new URL(target).host.replace(":", "_")}.traffic.ndjson`);
    return { proxied, url, journal };
  }

  test("a reset mid-body: 502 problem details, printed, counted and recorded as a failed exchange", async () => {
    const target = await faultyTarget();
    const { proxied, url, journal } = await proxyTo(target);
    const answer = await fetch(`${url}/reset`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    const detail = ((await answer.json()) as { detail: string }).detail;
    expect(detail).toMatch(new RegExp(`^tooldeck proxy: the answer of ${target} was cut off: `));
    expect((await fetch(`${url}/fine`)).status).toBe(200);
    proxied.stop.abort();
    expect(await proxied.run).toBe(0);
    const lines = proxied
      .stdout()
      .split("\n")
      .map((line) => line.replace(/ \d+ ms/, " _ ms"));
    expect(lines).toContain(`GET /reset → 502 _ ms (${detail.replace("tooldeck proxy: ", "")})`);
    expect(lines).toContain(`2 calls, 1 failed, 2 recorded in ${join("captures", basename(journal))}`);
    const entries = readFileSync(journal, "utf8")
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => [entry.request.url, entry.response.status, entry.failure])).toEqual([
      [`${target}/reset`, 502, detail.replace("tooldeck proxy: ", "")],
      [`${target}/fine`, 200, undefined],
    ]);
    // What infer and the others read leaves the failed exchange out.
    expect(loadTraffic([journal]).exchanges.map((e) => e.request.url)).toEqual([`${target}/fine`]);
  });

  test("--upstream-timeout: a target that never answers gets 504 problem details after it", async () => {
    const upstream = await heldUpstream();
    onTestFinished(() => upstream.stop());
    const { proxied, url } = await proxyTo(upstream.url, ["--upstream-timeout", "0.3"]);
    const answer = await fetch(`${url}/slow`);
    expect(answer.status).toBe(504);
    expect(((await answer.json()) as { detail: string }).detail).toBe(
      `tooldeck proxy: ${upstream.url} did not answer within 0.3 s (--upstream-timeout)`,
    );
    proxied.stop.abort();
    expect(await proxied.run).toBe(0);
  });

  test("--record-limit: says once when it is reached, and forwards the rest unrecorded", async () => {
    const target = await faultyTarget();
    const { proxied, url, journal } = await proxyTo(target, ["--record-limit", "2"]);
    for (const path of ["/a", "/b", "/c", "/d"]) expect((await fetch(`${url}${path}`)).status).toBe(200);
    proxied.stop.abort();
    expect(await proxied.run).toBe(0);
    const said = `recording stopped: --record-limit 2 reached (${join("captures", basename(journal))}); calls are still forwarded and printed`;
    expect(
      proxied
        .stdout()
        .split("\n")
        .filter((line) => line === said),
    ).toHaveLength(1);
    expect(proxied.stdout()).toContain(`4 calls, 2 recorded in ${join("captures", basename(journal))}`);
    expect(loadTraffic([journal]).exchanges.map((e) => new URL(e.request.url).pathname)).toEqual([
      "/a",
      "/b",
    ]);
  });

  test.each([
    [["--upstream-timeout", "0"], "--upstream-timeout must be a positive number of seconds, got '0'"],
    [["--upstream-timeout", "soon"], "--upstream-timeout must be a positive number of seconds, got 'soon'"],
    [["--record-limit", "5"], "--record-limit needs --record DIR"],
    [["--record", "x", "--record-limit", "-1"], "--record-limit must be a positive whole number, got '-1'"],
  ])("%j is a usage error", async (flags, message) => {
    const { exit, stderr } = await tooldeckIn(hostileProject(), [
      "proxy",
      "--target",
      "http://127.0.0.1:9",
      ...flags,
    ]);
    expect([exit, stderr]).toEqual([2, `tooldeck proxy: ${message}\n`]);
  });
});

async function waitForUrl(command: ReturnType<typeof running>, pattern: RegExp): Promise<string> {
  await expect.poll(() => pattern.exec(command.stdout())?.[1]).toBeDefined();
  return pattern.exec(command.stdout())?.[1] as string;
}
