import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, onTestFinished, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { loadTraffic } from "../../src/traffic/load-traffic.js";
import { captureIo } from "../support/capture-io.js";
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

async function waitForUrl(command: ReturnType<typeof running>, pattern: RegExp): Promise<string> {
  await expect.poll(() => pattern.exec(command.stdout())?.[1]).toBeDefined();
  return pattern.exec(command.stdout())?.[1] as string;
}
