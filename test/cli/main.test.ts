import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { SHIPPED_CLI } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";

/** A host that takes every request and never answers: a hung upstream in CI. */
async function silentServer(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request) => void seen.push(request.url ?? ""));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function toolsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-signal-"));
  writeFileSync(
    join(dir, "hang.yaml"),
    'kind: request\nmethod: GET\nname: hang\ndescription: Use this to wait\nurl: "{{$vars.base_url}}/never"\n',
  );
  return dir;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe("SIGTERM and SIGINT end a command", () => {
  test("the built CLI: call on a host that never answers exits 143 on SIGTERM", async () => {
    const silent = await silentServer();
    servers.push(silent.server);
    const child = spawn(process.execPath, [
      SHIPPED_CLI,
      "call",
      "hang",
      "--tools",
      toolsDir(),
      "--base-url",
      silent.url,
    ]);
    const safety = setTimeout(() => child.kill("SIGKILL"), 20_000);
    try {
      const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
      await expect.poll(() => silent.seen, { timeout: 10_000 }).toEqual(["/never"]);
      child.kill("SIGTERM");
      expect(await exited).toBe(143);
    } finally {
      clearTimeout(safety);
      child.kill("SIGKILL");
    }
  });

  test.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ])("in process: a call aborted by %s exits %i, not as a failed call", async (signal, code) => {
    const silent = await silentServer();
    servers.push(silent.server);
    const stop = new AbortController();
    const { io } = captureIo(stop.signal);
    const exit = runCli(["call", "hang", "--tools", toolsDir(), "--base-url", silent.url], io);
    await expect.poll(() => silent.seen, { timeout: 10_000 }).toEqual(["/never"]);
    stop.abort(signal);
    expect(await exit).toBe(code);
  });

  test("a command that ends before any signal keeps its own code", async () => {
    const { io } = captureIo();
    expect(await runCli(["call", "hang", "--tools", toolsDir(), "--args", "{oops"], io)).toBe(2);
  });
});
