import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { type RunningServer, serve } from "../../src/emulator/serve.js";
import { createMcpHttpHandler } from "../../src/mcp/mcp-http-handler.js";
import { toMcpServer } from "../../src/mcp/to-mcp-server.js";
import type { ExecutableTool } from "../../src/runtime/tool-result.js";
import { SHIPPED_CLI } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";

/** tooldeck's own MCP server of the tutorial's request tools, as `--mcp` names it. */
const TUTORIAL_SERVER = `'${process.execPath}' '${SHIPPED_CLI}' mcp tools/request-tools.yaml`;

async function cli(args: string[]) {
  const captured = captureIo();
  const code = await runCli(args, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** A tool an MCP server lists; never called here. */
function listedOnly(name: string, description: string): ExecutableTool {
  return {
    name,
    description,
    inputSchema: { type: "object", properties: {} },
    invoke: async () => ({ ok: true, output: "" }),
  };
}

describe("MCP servers as tool sources of tools, lint and check", () => {
  let server: RunningServer;
  let host = "";
  let url = "";
  /** The JSON-RPC method of every POST, the HTTP method of other requests. */
  const seen: string[] = [];
  beforeAll(async () => {
    const handler = createMcpHttpHandler(() =>
      toMcpServer([listedOnly("events.list", "List events"), listedOnly("ping", "")]),
    );
    server = await serve(
      async (request) => {
        seen.push(
          request.method === "POST"
            ? ((await request.clone().json()) as { method: string }).method
            : request.method,
        );
        return handler(request);
      },
      { port: 0 },
    );
    host = new URL(server.url).host;
    url = `${server.url}/mcp`;
  });
  afterAll(() => server.close());

  test("tools --json: the served tutorial tools, as the configs list them, from the source", async () => {
    const fromMcp = await cli(["tools", "--json", "--mcp", TUTORIAL_SERVER]);
    const fromFile = await cli(["tools", "--json", "tools/request-tools.yaml"]);
    expect({ code: fromMcp.code, stderr: fromMcp.stderr }).toEqual({ code: 0, stderr: "" });
    const configs = JSON.parse(fromFile.stdout) as Record<string, unknown>[];
    expect(JSON.parse(fromMcp.stdout)).toEqual(
      configs.map(({ name, description, inputSchema }, index) => ({
        name,
        description,
        file: `--mcp ${TUTORIAL_SERVER}`,
        path: `tools[${index}]`,
        inputSchema,
      })),
    );
  });

  test("lint: the spec's date-time rule the served tools never tell (undisclosed-format)", async () => {
    const { code, stdout, stderr } = await cli(["lint", "--format", "json", "--mcp", TUTORIAL_SERVER]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.parse(stdout) as {
      diagnostics: { code: string; tool: string; path: string }[];
      tools: unknown[];
    };
    expect(report.tools).toHaveLength(4);
    expect(report.diagnostics.map(({ code, tool, path }) => `${code} ${tool} ${path}`)).toEqual([
      "undisclosed-format create_event tools[1].inputSchema.properties.body.properties.date.description",
      "undisclosed-format update_event tools[2].inputSchema.properties.body.properties.date.description",
    ]);
  });

  test("an --mcp-url server is refused unless --allow-host names its host; nothing is sent", async () => {
    seen.length = 0;
    const { code, stdout, stderr } = await cli(["tools", "--mcp-url", url]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `tooldeck tools: --mcp-url ${url}: cannot list its tools (refused: host ${host} is not allowed (tooldeck calls only the embedded emulators, --base-url's host and --allow-host hosts; allow it with --allow-host ${host}))\n`,
    );
    expect(seen).toEqual([]);
  });

  test("lint with --allow-host: names providers reject, empty descriptions; exit 1 on the error", async () => {
    const { code, stdout, stderr } = await cli([
      "lint",
      "--mcp-url",
      url,
      "--allow-host",
      host,
      "--provider",
      "openai",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /openai \[openai\/name-pattern\]: Invalid 'tools\[\d+\]\.function\.name': string does not match pattern\. Expected a string that matches the pattern '\^\[a-zA-Z0-9_-\]\+\$'\. {2}provider-rejects/,
    );
    expect(stdout).toContain(
      "the description is empty: the LLM cannot tell when to use this tool  tool-description",
    );
    expect(stdout).toContain("in 2 tools");
  });

  test("check lints MCP tools beside the configs and never calls them", async () => {
    seen.length = 0;
    const { code, stdout } = await cli([
      "check",
      "--format",
      "json",
      "tools/request-tools.yaml",
      "--mcp-url",
      url,
      "--allow-host",
      host,
    ]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { tools: { name: string; file: string }[] };
    expect(report.tools.map((tool) => tool.name)).toEqual([
      "get_events",
      "create_event",
      "update_event",
      "delete_event",
      "events.list",
      "ping",
    ]);
    expect(seen).toContain("tools/list");
    expect(seen).not.toContain("tools/call");
  });

  test("a server that cannot be listed is a load error naming it; the other sources are still listed", async () => {
    const broken = `'${process.execPath}' -e "console.error('no config'); process.exit(3)"`;
    const { code, stdout, stderr } = await cli(["tools", "--mcp", broken, "tools/request-tools.yaml"]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `tooldeck tools: --mcp ${broken}: cannot list its tools (MCP error -32000: Connection closed); it said: no config\n`,
    );
    expect(stdout).toContain("get_events");
  });

  test("a spawned server gets no secret of tooldeck's environment", async () => {
    process.env.TOOLDECK_TEST_MCP_SECRET = "do-not-pass-me";
    try {
      const probe = `'${process.execPath}' -e "console.error(process.env.TOOLDECK_TEST_MCP_SECRET ?? 'none'); process.exit(3)"`;
      const { stderr } = await cli(["tools", "--mcp", probe]);
      expect(stderr).toMatch(/; it said: none\n$/);
    } finally {
      delete process.env.TOOLDECK_TEST_MCP_SECRET;
    }
  });

  test("both flags repeat: each server is listed, named by its flag", async () => {
    const { code, stdout, stderr } = await cli([
      "tools",
      "--json",
      "--mcp",
      TUTORIAL_SERVER,
      "--mcp-url",
      url,
      "--mcp-url",
      `${url}?again`,
      "--allow-host",
      host,
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const listed = (JSON.parse(stdout) as { name: string; file: string }[]).map(
      ({ name, file }) => `${file}: ${name}`,
    );
    expect(listed).toEqual([
      ...["get_events", "create_event", "update_event", "delete_event"].map(
        (name) => `--mcp ${TUTORIAL_SERVER}: ${name}`,
      ),
      `--mcp-url ${url}: events.list`,
      `--mcp-url ${url}: ping`,
      `--mcp-url ${url}?again: events.list`,
      `--mcp-url ${url}?again: ping`,
    ]);
  });

  test.each([
    [["--mcp", " "], "tooldeck lint: --mcp needs the command that starts an MCP server\n"],
    [
      ["--mcp-url", "mcp+http://h/mcp"],
      "tooldeck lint: --mcp-url must be an http(s) URL, got 'mcp+http://h/mcp'\n",
    ],
  ])("%j is a usage error", async (args, message) => {
    expect(await cli(["lint", ...args])).toEqual({ code: 2, stdout: "", stderr: message });
  });

  test("with only MCP sources, tools/ is not read by default", async () => {
    const { stdout } = await cli(["tools", "--json", "--mcp-url", url, "--allow-host", host]);
    expect((JSON.parse(stdout) as { name: string }[]).map((tool) => tool.name)).toEqual([
      "events.list",
      "ping",
    ]);
  });
});
