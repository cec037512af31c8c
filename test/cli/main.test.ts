import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { SHIPPED_CLI, startShippedCli } from "../support/built-cli.js";
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

/** A scenario whose model is a real one (at OPENAI_BASE_URL), with no cassette yet: `run` runs it live. */
function liveScenario(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-signal-run-"));
  writeFileSync(
    join(dir, "live.yaml"),
    `tools: ["${packagePath("tools")}"]\nprofile: standard\nmessages: hi\nmodel: openai:gpt-4o-mini\ncassette: tape.json\n`,
  );
  return join(dir, "live.yaml");
}

describe("SIGTERM ends every command that waits, within the grace (the built CLI)", () => {
  test.each([
    ["agent, waiting for a model that never answers", 143, ["agent", "hi", "--model", "openai:gpt-4o-mini"]],
    ["run, recording a scenario whose model never answers", 143, ["run", "<scenario>"]],
  ])("%s: exit %i", async (_name, code, args) => {
    const silent = await silentServer();
    servers.push(silent.server);
    // CI unset: under CI, `run` refuses to record a missing cassette, and this test needs it to go live.
    const env = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${silent.url}/v1`, CI: "" };
    const cli = startShippedCli(
      args.map((arg) => (arg === "<scenario>" ? liveScenario() : arg)),
      env,
    );
    try {
      await expect.poll(() => silent.seen, { timeout: 20_000 }).toEqual(["/v1/chat/completions"]);
      expect(await cli.stop()).toBe(code);
    } finally {
      cli.kill();
    }
  });

  test.each([
    [
      "mcp over stdio, waiting for its client",
      ["mcp", packagePath("tools")],
      (cli: Cli) => cli.stderr(),
      "over stdio",
    ],
    [
      "serve --spec, waiting for requests",
      ["serve", "--spec", packagePath("tools", "event-api.openapi.yaml"), "--port", "0"],
      (cli: Cli) => cli.stdout(),
      "emulated on",
    ],
  ])("%s: exit 0, its end", async (_name, args, output, ready) => {
    const cli = startShippedCli(args);
    try {
      await expect.poll(() => output(cli), { timeout: 20_000 }).toContain(ready);
      expect(await cli.stop()).toBe(0);
    } finally {
      cli.kill();
    }
  });
});

type Cli = ReturnType<typeof startShippedCli>;

/** An n8n workflow whose one tool holds 1 MB of nested `$fromAI` calls (issue 37's attack on loading). */
function nestedFromAiWorkflow(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-signal-n8n-"));
  let text = "";
  let depth = 0;
  while (text.length < 1_000_000) text += `$fromAI('k${depth++}', 'd', 'string', `;
  const value = `={{ ${text}'x'${")".repeat(depth)} }}`;
  const workflow = {
    nodes: [
      { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1, parameters: {} },
      {
        name: "Get Item",
        type: "n8n-nodes-base.httpRequestTool",
        typeVersion: 4.2,
        parameters: {
          url: "https://api.test/items",
          sendQuery: true,
          queryParameters: { parameters: [{ name: "q", value }] },
        },
      },
    ],
    connections: { "Get Item": { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] } },
  };
  writeFileSync(join(dir, "workflow.json"), JSON.stringify(workflow));
  return dir;
}

describe("SIGTERM ends lint while it loads a hostile n8n workflow (issue 37)", () => {
  // Loading is synchronous: the signal is heard once the workflow is read, which is linear in its size
  // (the quadratic reading held this one for minutes, past the test's timeout). Sent after start-up, so
  // the CLI's handler is there; on a fast machine lint may be done first and exit with its findings (1: its
  // tool's definition, thousands of $fromAI keys, overflows the context budget).
  test("lint of 1 MB of nested $fromAI calls, SIGTERM after start-up: exit 143, as every command", async () => {
    const cli = startShippedCli(["lint", nestedFromAiWorkflow()]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect([143, 1]).toContain(await cli.stop());
    } finally {
      cli.kill();
    }
  });
});
