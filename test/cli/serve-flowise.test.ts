import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";

function captureIo(signal: AbortSignal, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env, signal },
    stdout: () => out.join(""),
    stderr: () => err.join(""),
  };
}

/** Runs `tooldeck serve` with the args until the URLs are printed; `stop()` ends it and gives the exit code. */
async function startServe(args: string[], env: Record<string, string> = {}) {
  const abort = new AbortController();
  const captured = captureIo(abort.signal, env);
  const exit = runCli(["serve", ...args], captured.io);
  await expect.poll(() => captured.stdout() + captured.stderr()).toMatch(/Press Ctrl\+C|tooldeck serve:/);
  const flowiseUrl = /Flowise API listening on (\S+)/.exec(captured.stdout())?.[1];
  const eventsUrl = /event service listening on (\S+)/.exec(captured.stdout())?.[1];
  const apiKey = /API key: (\S+)/.exec(captured.stdout())?.[1];
  return {
    ...captured,
    flowiseUrl,
    eventsUrl,
    apiKey,
    async stop() {
      abort.abort();
      return exit;
    },
  };
}

const chatflowNames = async (url: string, key: string) => {
  const response = await fetch(`${url}/chatflows`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((flow) => flow.name).sort();
};

describe("tooldeck serve: the Flowise emulator", () => {
  test("serves both emulators; without a key it generates one and prints it", async () => {
    const run = await startServe(["--events-port", "0", "--flowise-port", "0"]);
    expect(run.eventsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(run.flowiseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(run.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(run.stdout()).toContain("(generated; set --api-key or TOOLDECK_API_KEY to choose one)");
    const url = run.flowiseUrl as string;
    expect(await chatflowNames(url, run.apiKey as string)).toEqual([
      "Event OpenAPI Agent",
      "Event Planning Chat",
      "Event Requests Agent",
    ]);
    expect((await fetch(`${url}/chatflows`)).status).toBe(401);
    expect((await fetch(`${run.eventsUrl}/events`)).status).toBe(200);
    expect(await run.stop()).toBe(0);
    await expect(fetch(`${url}/ping`)).rejects.toThrow();
  });

  test.each([
    ["--api-key", ["--api-key", "flag-key"], {}, "flag-key"],
    ["TOOLDECK_API_KEY", [], { TOOLDECK_API_KEY: "env-key" }, "env-key"],
    [
      "--api-key over TOOLDECK_API_KEY",
      ["--api-key", "flag-key"],
      { TOOLDECK_API_KEY: "env-key" },
      "flag-key",
    ],
  ])("takes the key from %s", async (_name, args, env, key) => {
    const run = await startServe(["--only", "flowise", "--flowise-port", "0", ...args], env);
    expect(run.apiKey).toBe(key);
    expect(run.stdout()).not.toContain("generated");
    expect(run.eventsUrl).toBeUndefined();
    const ok = await fetch(`${run.flowiseUrl}/chatflows`, { headers: { authorization: `Bearer ${key}` } });
    expect(ok.status).toBe(200);
    const other = await fetch(`${run.flowiseUrl}/chatflows`, { headers: { authorization: "Bearer other" } });
    expect(other.status).toBe(401);
    expect(await run.stop()).toBe(0);
  });

  test("--seed DIR replaces the seeded chatflows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-serve-seed-"));
    mkdirSync(join(dir, "chatflows"));
    const node = { id: "n_0", position: { x: 0, y: 0 }, data: { id: "n_0", name: "n", label: "N" } };
    writeFileSync(join(dir, "chatflows", "Only Flow.json"), JSON.stringify({ nodes: [node], edges: [] }));
    const run = await startServe([
      "--only",
      "flowise",
      "--flowise-port",
      "0",
      "--api-key",
      "k",
      "--seed",
      dir,
    ]);
    expect(await chatflowNames(run.flowiseUrl as string, "k")).toEqual(["Only Flow"]);
    expect(await run.stop()).toBe(0);
  });

  test("--only events serves no Flowise emulator", async () => {
    const run = await startServe(["--only", "events", "--events-port", "0"]);
    expect(run.flowiseUrl).toBeUndefined();
    expect(run.apiKey).toBeUndefined();
    expect(await run.stop()).toBe(0);
  });

  test("a Flowise port in use stops the event service already started, exit 2", async () => {
    const blocker = await startServe(["--only", "flowise", "--flowise-port", "0", "--api-key", "k"]);
    const port = new URL(blocker.flowiseUrl as string).port;
    const run = await startServe(["--events-port", "0", "--flowise-port", port]);
    expect(await run.stop()).toBe(2);
    expect(run.stderr()).toBe(`tooldeck serve: port ${port} on 127.0.0.1 is already in use\n`);
    await expect(fetch(`${run.eventsUrl}/events`)).rejects.toThrow();
    await blocker.stop();
  });
});
