import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { SHIPPED_CLI, startShippedCli } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";

describe("tooldeck serve", () => {
  test("--help documents every flag", async () => {
    const { io, stdout } = captureIo();
    expect(await runCli(["serve", "--help"], io)).toBe(0);
    for (const flag of [
      "--events-port",
      "--flowise-port",
      "--api-key",
      "--seed",
      "--host",
      "--only",
      "--log",
      "--help",
    ])
      expect(stdout()).toContain(flag);
  });

  test("serves the event service until aborted, printing the real port", async () => {
    const stop = new AbortController();
    const { io, stdout } = captureIo(stop.signal);
    const exit = runCli(["serve", "--events-port", "0", "--only", "events"], io);
    await expect.poll(() => stdout()).toContain("listening on");
    const url = /http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout())?.[0];
    expect(url).toBeDefined();
    expect(url).not.toMatch(/:0$/);
    const response = await fetch(`${url}/events/1`);
    expect((await response.json()).name).toBe("Tech Conference 2024");
    stop.abort();
    expect(await exit).toBe(0);
    expect(stdout()).toContain("stopped");
    await expect(fetch(`${url}/events`)).rejects.toThrow();
  });

  test("a later listener that fails leaves no 'listening' line behind", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const { io, stdout, stderr } = captureIo();
    expect(await runCli(["serve", "--events-port", "0", "--flowise-port", String(port)], io)).toBe(2);
    expect(stdout()).toBe("");
    expect(stderr()).toBe(`tooldeck serve: port ${port} on 127.0.0.1 is already in use\n`);
    blocker.close();
  });

  test("--log prints each request on stderr: method, path (no query), status, ms", async () => {
    const stop = new AbortController();
    const { io, stdout, stderr } = captureIo(stop.signal);
    const exit = runCli(["serve", "--events-port", "0", "--only", "events", "--log"], io);
    await expect.poll(() => stdout()).toContain("listening on");
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout())?.[0];
    await (await fetch(`${url}/events/1`)).text();
    await (await fetch(`${url}/nope?apiKey=s3cr3t`)).text();
    stop.abort();
    expect(await exit).toBe(0);
    expect(stderr()).toMatch(/^GET \/events\/1 200 \d+ms\nGET \/nope 404 \d+ms\n$/);
  });

  test("a port in use is a one-line error and exit 2", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const { io, stderr } = captureIo();
    expect(await runCli(["serve", "--events-port", String(port)], io)).toBe(2);
    expect(stderr()).toBe(`tooldeck serve: port ${port} on 127.0.0.1 is already in use\n`);
    blocker.close();
  });

  test.each([
    [
      ["--events-port", "70000"],
      "tooldeck serve: --events-port must be a port number from 0 to 65535, got '70000'\n",
    ],
    [["--only", "mail"], "tooldeck serve: --only must be one of events, flowise, got 'mail'\n"],
    [
      ["--only", "flowise", "--flowise-port", "x"],
      "tooldeck serve: --flowise-port must be a port number from 0 to 65535, got 'x'\n",
    ],
    [["--only", "flowise", "--api-key", ""], "tooldeck serve: the API key must not be empty\n"],
    [
      ["--only", "flowise", "--flowise-port", "0", "--seed", "/nonexistent"],
      "tooldeck serve: /nonexistent/chatflows: cannot read seed folder (ENOENT)\n",
    ],
    [["--bogus"], "tooldeck serve: Unknown option '--bogus' (see 'tooldeck serve --help')\n"],
    [["extra"], "tooldeck serve: unexpected argument 'extra'\n"],
  ])("usage error %j", async (args, message) => {
    const { io, stderr } = captureIo();
    expect(await runCli(["serve", ...args], io)).toBe(2);
    expect(stderr()).toBe(message);
  });

  test("unknown commands and bare invocation", async () => {
    const unknown = captureIo();
    expect(await runCli(["frobnicate"], unknown.io)).toBe(2);
    expect(unknown.stderr()).toBe("tooldeck: unknown command 'frobnicate' (see 'tooldeck --help')\n");
    const bare = captureIo();
    expect(await runCli([], bare.io)).toBe(2);
    expect(bare.stdout()).toContain("serve");
  });

  test("the built CLI stops cleanly on SIGTERM", async () => {
    const cli = startShippedCli(["serve", "--events-port", "0", "--flowise-port", "0"]);
    await expect.poll(cli.stdout).toContain("listening on");
    expect(await cli.stop()).toBe(0);
    expect(cli.stdout()).toContain("stopped");
  });
});

describe("SIGTERM ends any command", () => {
  test("a check hung on a silent host (flowise profile, no probe timeout of its own) ends on SIGTERM", async () => {
    const seen: string[] = [];
    const silent = createHttpServer((request) => {
      seen.push(request.url ?? "");
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    const host = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-sigterm-"));
    writeFileSync(
      join(dir, "hang.yaml"),
      `kind: request\nmethod: GET\nname: hang\ndescription: Use this to wait\nurl: http://${host}/never\n`,
    );
    const child = spawn(
      process.execPath,
      [SHIPPED_CLI, "check", dir, "--profile", "flowise", "--allow-host", host, "--timeout", "600000"],
      { env: { ...process.env, HTTP_SECURITY_CHECK: "false" } },
    );
    try {
      await expect.poll(() => seen, { timeout: 10_000 }).toEqual(["/never"]);
      child.kill("SIGTERM");
      const code = await new Promise((resolve) => child.on("exit", resolve));
      expect(code).toBe(143);
    } finally {
      child.kill("SIGKILL");
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
