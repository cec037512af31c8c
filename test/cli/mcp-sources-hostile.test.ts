import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { type RunningServer, serve } from "../../src/emulator/serve.js";
import { captureIo } from "../support/capture-io.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/**
 * An attacker's pull request: configs, an export, a scenario and settings that each try to become an
 * `mcp:` source (a process tooldeck would spawn) or an `mcp+http:` one (a server it would call). Only
 * the command line makes MCP sources; none of these may spawn or send anything.
 */
describe("an MCP source comes from the command line only", () => {
  let dir = "";
  let marker = "";
  let spawnSource = "";
  let httpSource = "";
  let listener: RunningServer;
  const seen: string[] = [];

  beforeAll(async () => {
    listener = await serve(
      (request) => {
        seen.push(request.url);
        return new Response("{}");
      },
      { port: 0 },
    );
    httpSource = `mcp+${listener.url}/mcp`;
    dir = hostileProject();
    marker = join(dir, "spawned");
    const code = `require('fs').writeFileSync(process.argv[1], 'pwned')`;
    spawnSource = `mcp:'${process.execPath}' -e "${code}" '${marker}'`;
    const request = (name: string, url: string) => ({
      kind: "request",
      method: "GET",
      name,
      description: "Use this to get events",
      url,
      headers: {},
    });
    const files: Record<string, unknown> = {
      "tools/sources.yaml": [spawnSource, httpSource],
      "tools/kind-mcp.yaml": { kind: "mcp", name: "m", command: spawnSource, url: httpSource },
      "tools/request.yaml": [request("spawn_url", spawnSource), request("http_url", httpSource)],
      "tools/toolkit.yaml": { kind: "openapi-toolkit", name: "kit", spec: spawnSource },
      "tools/flow.json": {
        mcpServerConfig: { command: process.execPath, args: ["-e", code, marker] },
        nodes: [
          {
            id: "customMCP_0",
            data: {
              id: "customMCP_0",
              name: "customMCP",
              category: "Tools (MCP)",
              inputs: {
                mcpServerConfig: JSON.stringify({ command: process.execPath, args: ["-e", code, marker] }),
                mcpActions: '["list_events"]',
              },
            },
          },
        ],
        edges: [],
      },
      "tools/mcp:node -e 1.yaml": request("file_name", "{{$vars.base_url}}/events"),
      "scenarios/s.yaml": {
        name: "s",
        tools: [spawnSource, httpSource, "../tools/request.yaml"],
        messages: "hi",
        model: { scripted: [{ answer: "ok" }] },
      },
      "vars.yaml": { base_url: spawnSource, mcp: spawnSource },
      "tooldeck.config.yaml": { sources: [spawnSource, httpSource], rules: {} },
    };
    for (const [name, value] of Object.entries(files)) writeJson(join(dir, name), value);
  });
  afterAll(() => listener.close());

  test.each([
    ["tools", ["tools", "<dir>/tools"]],
    ["lint", ["lint", "<dir>/tools", "--config", "<dir>/tooldeck.config.yaml"]],
    [
      "check (the listener's host allowed)",
      ["check", "<dir>/tools", "--allow-host", "<host>", "--vars", "<dir>/vars.yaml"],
    ],
    ["mcp --list", ["mcp", "--list", "<dir>/tools/request.yaml", "--vars", "<dir>/vars.yaml"]],
    ["call", ["call", "http_url", "--tools", "<dir>/tools/request.yaml", "--allow-host", "<host>"]],
    [
      "call with base_url from vars",
      ["call", "file_name", "--tools", "<dir>/tools", "--vars", "<dir>/vars.yaml"],
    ],
    ["run", ["run", "<dir>/scenarios/s.yaml"]],
  ])("%s: nothing spawned, nothing sent", async (_case, args) => {
    const host = new URL(listener.url).host;
    const { io } = captureIo();
    await runCli(
      args.map((arg) => arg.replace("<dir>", dir).replace("<host>", host)),
      io,
    );
    expect(existsSync(marker)).toBe(false);
    expect(seen).toEqual([]);
  });

  test("the same command named with --mcp does run (the control: the attack above would work if reached)", async () => {
    const { io, stderr } = captureIo();
    expect(await runCli(["tools", "--mcp", spawnSource.slice("mcp:".length)], io)).toBe(2);
    expect(stderr()).toContain("cannot list its tools");
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
  });
});

/**
 * A pull request's file whose name is a command (`mcp:sh -c "touch PWNED" x.yaml`), reached through a
 * shell glob (`tooldeck lint *.yaml`), `git ls-files -z | xargs -0 tooldeck lint` or, with no-break
 * spaces (U+00A0) that word splitting keeps, an unquoted `$(ls *.yaml)`: each hands tooldeck the name
 * as one argument. An argument is a path, so it is read as a config and nothing is spawned.
 */
describe("an argument is a path, whatever its name", () => {
  const tool =
    "kind: request\nmethod: GET\nname: named_tool\ndescription: Use this to get x\nurl: http://x.test/\n";
  const names = [
    ["spaces", 'mcp:sh -c "touch PWNED" x.yaml'],
    ["no-break spaces", 'mcp:sh\u00a0-c\u00a0"touch\u00a0PWNED"\u00a0x.yaml'],
    ["an http server", "mcp+http://127.0.0.1:9/x.yaml"],
  ];

  test.each(
    names.flatMap(([label, name]) => ["tools", "lint", "check"].map((command) => [command, label, name])),
  )("%s, a file named with %s: read as a config, nothing spawned", async (command, _label, name) => {
    const dir = hostileProject({ [name as string]: tool });
    const { exit, stdout, stderr } = await tooldeckIn(dir, [command as string, name as string]);
    expect(existsSync(join(dir, "PWNED"))).toBe(false);
    expect(stderr).not.toContain("cannot list its tools");
    expect(stdout).toContain("named_tool");
    expect(exit).not.toBe(2);
  });

  test.each(names)("a missing file named with %s is a load error, nothing spawned", async (_label, name) => {
    const dir = hostileProject();
    const { exit, stderr } = await tooldeckIn(dir, ["tools", name as string]);
    expect(existsSync(join(dir, "PWNED"))).toBe(false);
    expect(stderr).toBe(`tooldeck tools: ${name}: no such file or folder\n`);
    expect(exit).toBe(2);
  });
});

/** JSON is YAML too: every file is written as JSON, so no quoting of the command can go wrong. */
function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}
