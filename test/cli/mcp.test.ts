import { spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, test } from "vitest";
import { createMcpCommand } from "../../src/cli/commands/mcp.js";
import { runCli } from "../../src/cli/run-cli.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { type RunningServer, serve } from "../../src/emulator/serve.js";
import { SHIPPED_CLI } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";
import { hostileProject } from "../support/hostile-project.js";
import { callMcpInProcess } from "../support/mcp-in-process.js";
import { NEW_EVENT } from "../support/tutorial-tools.js";

const CLI = SHIPPED_CLI;

async function cli(args: string[]) {
  const captured = captureIo();
  const code = await runCli(args, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** name, description and schema of every tool `tooldeck tools --json` lists for the paths. */
async function toolsJson(...paths: string[]) {
  const listed = await cli(["tools", "--json", ...paths]);
  expect(listed.code).toBe(0);
  return (JSON.parse(listed.stdout) as { name: string; description: string; inputSchema: unknown }[]).map(
    ({ name, description, inputSchema }) => ({ name, description, inputSchema }),
  );
}

function textOf(result: unknown): string {
  return (result as { content: { type: string; text: string }[] }).content[0]?.text ?? "";
}

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("tooldeck mcp", () => {
  test("--help documents every flag and the desktop client's config", async () => {
    const { code, stdout } = await cli(["mcp", "--help"]);
    expect(code).toBe(0);
    for (const flag of [
      "--transport",
      "--host",
      "--port",
      "--list",
      "--profile",
      "--base-url",
      "--var",
      "--allow-host",
    ])
      expect(stdout).toContain(flag);
    expect(stdout).toContain(
      '{ "mcpServers": { "tooldeck": { "command": "npx", "args": ["tooldeck", "mcp"] } } }',
    );
  });

  test("--list prints what it would serve and exits", async () => {
    const { code, stdout, stderr } = await cli(["mcp", "--list", "tools/request-tools.yaml"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatchInlineSnapshot(`
      "get_events  GET {{$vars.base_url}}/events
        Use this when you need to get events
      create_event  POST {{$vars.base_url}}/events
        Use this when you want to create a new event
      update_event  PUT {{$vars.base_url}}/events
        Use this when you want to update an event
      delete_event  DELETE {{$vars.base_url}}/events
        Use this when you need to delete event
      4 tools (profile standard) against the embedded emulators, in-process
      "
    `);
  });

  test("HTTP nodes are left out, and it says so", async () => {
    const dir = hostileProject({
      "tools/get.yaml":
        "kind: request\nmethod: GET\nname: get_one\ndescription: Get one event\nurl: '{{$vars.base_url}}/events/1'\n",
      "tools/node.yaml": "kind: http\nname: fetch_events\nmethod: GET\nurl: '{{$vars.base_url}}/events'\n",
    });
    const { code, stdout, stderr } = await cli(["mcp", "--list", `${dir}/tools`]);
    expect(code).toBe(0);
    expect(stdout).toContain("get_one  GET");
    expect(stdout).not.toContain("fetch_events");
    expect(stderr).toBe(
      `note: ${dir}/tools/node.yaml: fetch_events is an HTTP node, not an LLM tool: not served\n`,
    );
  });

  test.each([
    [["--transport", "ws"], "tooldeck mcp: --transport must be one of stdio, http, got 'ws'\n"],
    [["--port", "x"], "tooldeck mcp: --port must be a port number from 0 to 65535, got 'x'\n"],
    [["--profile", "p"], "tooldeck mcp: --profile must be standard, n8n, flowise or dify, got 'p'\n"],
    [["--bogus"], "tooldeck mcp: Unknown option '--bogus' (see 'tooldeck mcp --help')\n"],
    // An argument is a path: mcp: names a file here as everywhere, and nothing is spawned.
    [["--list", "mcp:node server.js"], "tooldeck mcp: mcp:node server.js: no such file or folder"],
    [["--mcp", "node server.js"], "tooldeck mcp: Unknown option '--mcp' (see 'tooldeck mcp --help')\n"],
    [["--list", "/nonexistent/tools"], "tooldeck mcp: /nonexistent/tools: no such file or folder"],
  ])("usage or load error %j: exit 2, one line", async (args, message) => {
    const { code, stdout, stderr } = await cli(["mcp", ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(stderr.startsWith(message)).toBe(true);
  });

  test("two tools of one name under flowise (two toolkits of one spec): refused before serving", async () => {
    const dir = hostileProject({
      "tools/api.yaml": [
        "openapi: 3.0.3",
        "info: { title: T, version: '1' }",
        "servers: [{ url: 'http://localhost:5566' }]",
        "paths: { /events: { get: { operationId: listEvents, responses: { '200': { description: ok } } } } }",
      ].join("\n"),
      "tools/a.yaml": "kind: openapi-toolkit\nname: a\nspec: api.yaml\n",
      "tools/b.yaml": "kind: openapi-toolkit\nname: b\nspec: api.yaml\n",
    });
    const { code, stderr } = await cli([
      "mcp",
      "--list",
      "--profile",
      "flowise",
      `${dir}/tools/a.yaml`,
      `${dir}/tools/b.yaml`,
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `tooldeck mcp: listEvents is in 2 agents: ${dir}/tools/a.yaml, ${dir}/tools/b.yaml — choose one with --flow FILE\n`,
    );
    const one = await cli([
      "mcp",
      "--list",
      "--profile",
      "flowise",
      "--flow",
      "a.yaml",
      `${dir}/tools/a.yaml`,
      `${dir}/tools/b.yaml`,
    ]);
    expect(one.stdout).toMatch(/^listEvents /);
    expect((await cli(["mcp", "--list", `${dir}/tools/a.yaml`, `${dir}/tools/b.yaml`])).stdout).toContain(
      "listEvents_2",
    );
  });

  test("--transport http serves Streamable HTTP on 127.0.0.1, prints the URL, stops on the signal", async () => {
    const stop = new AbortController();
    const { io, stdout } = captureIo(stop.signal);
    const exit = runCli(["mcp", "--transport", "http", "--port", "0", "tools/request-tools.yaml"], io);
    await expect.poll(() => stdout()).toContain("Press Ctrl+C");
    const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stdout())?.[0] ?? "";
    expect(stdout()).toContain(
      `MCP server (Streamable HTTP) listening on ${url}: 4 tools (profile standard)`,
    );
    const client = new Client({ name: "test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect((await client.listTools()).tools).toEqual(
        (await toolsJson("tools/request-tools.yaml")).map((tool) => expect.objectContaining(tool)),
      );
      const read = await client.callTool({ name: "get_events", arguments: { queryParams: { id: "1" } } });
      expect(JSON.parse(textOf(read))).toMatchObject({ id: "1", name: "Tech Conference 2024" });
    } finally {
      await client.close();
    }
    stop.abort("SIGTERM");
    expect(await exit).toBe(0);
    expect(stdout()).toContain("stopped\n");
    await expect(fetch(url, { method: "POST" })).rejects.toThrow();
  });

  test("stdio in-process: answers on its streams, writes nothing else, ends when stdin closes", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const command = createMcpCommand(() => ({ input, output }));
    const { io, stdout, stderr } = captureIo();
    const exit = command.run(["tools/request-tools.yaml"], io);
    const lines: string[] = [];
    output.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    await expect.poll(() => stderr()).toContain("over stdio");
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })}\n`);
    await expect.poll(() => lines.length).toBe(1);
    const answer = JSON.parse(lines[0] ?? "") as { result: { tools: { name: string }[] } };
    expect(answer.result.tools.map((tool) => tool.name)).toEqual([
      "get_events",
      "create_event",
      "update_event",
      "delete_event",
    ]);
    input.end();
    expect(await exit).toBe(0);
    expect(stdout()).toBe("");
    expect(stderr()).toBe(
      "note: serving 4 tools (profile standard) against the embedded emulators, in-process over stdio\n",
    );
  });

  test("--base-url: every tool goes to the real service over a socket; a host written in a config receives nothing", async () => {
    const events = await serve(createEventService().fetch, { port: 0 });
    const other = createEventService();
    const seen: string[] = [];
    const elsewhere = await serve(
      (request) => {
        seen.push(request.url);
        return other.fetch(request);
      },
      { port: 0 },
    );
    servers.push(events, elsewhere);
    const dir = hostileProject({
      "tools/get.yaml":
        "kind: request\nmethod: GET\nname: get_one\ndescription: Get one event\nurl: '{{$vars.base_url}}/events/1'\n",
      "tools/other.yaml": `kind: request\nmethod: GET\nname: get_other\ndescription: Get an event elsewhere\nurl: '${elsewhere.url}/events/2'\n`,
    });
    const { exit, results } = await callMcpInProcess(
      [`${dir}/tools`, "--base-url", events.url],
      captureIo().io,
      [
        { name: "get_one", arguments: {} },
        { name: "get_other", arguments: {} },
      ],
    );
    expect(exit).toBe(0);
    expect(JSON.parse(results[0]?.content[0]?.text ?? "")).toMatchObject({ id: "1" });
    // get_other's own origin is replaced by --base-url (docs/security.md): event 2 of the real service.
    expect(JSON.parse(results[1]?.content[0]?.text ?? "")).toMatchObject({ id: "2" });
    expect(seen).toEqual([]);
  });
});

describe("the built CLI over real stdio, as a desktop client launches it", () => {
  test("the SDK's client lists the tutorial's tools with the schemas of 'tools --json' and calls them", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp"],
      stderr: "pipe",
    });
    const client = new Client({ name: "test", version: "1" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).toEqual(
        await toolsJson(),
      );
      const read = await client.callTool({ name: "get_events", arguments: { queryParams: { id: "1" } } });
      expect(read.isError).toBeUndefined();
      expect(JSON.parse(textOf(read))).toMatchObject({ id: "1", name: "Tech Conference 2024" });
      const update = await client.callTool({ name: "update_event", arguments: { body: NEW_EVENT } });
      expect(update.isError).toBe(true);
      expect(textOf(update)).toBe('HTTP 404 Not Found: {"error":"Endpoint not found"}');
    } finally {
      await client.close();
    }
  });

  test("exits 0 when the client closes stdin, with nothing but protocol on stdout", async () => {
    const child = spawn(process.execPath, [CLI, "mcp", "tools/request-tools.yaml"]);
    const safety = setTimeout(() => child.kill("SIGKILL"), 20_000);
    try {
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" })}\n`);
      await expect.poll(() => stdout, { timeout: 10_000 }).toContain('"id":7');
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(stdout).toBe(`${JSON.stringify({ result: {}, jsonrpc: "2.0", id: 7 })}\n`);
      expect(stderr).toContain("note: serving 4 tools");
    } finally {
      clearTimeout(safety);
      child.kill("SIGKILL");
    }
  });
});
