import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { type RunningServer, serve } from "../../src/emulator/serve.js";
import { createMcpHttpHandler } from "../../src/mcp/mcp-http-handler.js";
import { toMcpServer } from "../../src/mcp/to-mcp-server.js";
import { packagePath } from "../../src/package/package-root.js";
import type { ExecutableTool } from "../../src/runtime/tool-result.js";
import { SHIPPED_CLI } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";

async function cli(args: string[]) {
  const captured = captureIo();
  const code = await runCli(args, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

const FLOWISE = packagePath("fixtures/flowise/requests-chatflow.json");

/** A project with one request tool in tooldeck's format. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-provider-"));
  writeFileSync(
    join(dir, "tools.yaml"),
    [
      "- kind: request",
      "  method: GET",
      "  name: get_event",
      "  description: Get one event",
      "  url: https://events.example.com/events/{id}",
      "  queryParamsSchema:",
      "    id: { type: string, in: path, required: true, description: The event's id }",
    ].join("\n"),
  );
  return dir;
}

interface SentEntry {
  name: string;
  agent: string;
  file: string;
  path: string;
  at: string;
  sent: Record<string, unknown>;
}

describe("tooldeck tools --provider P: the tools as that provider's client sends them", () => {
  test("anthropic, as text: each tool's entry of the Messages request, its place in the body and its config", async () => {
    const dir = project();
    const { code, stdout, stderr } = await cli(["tools", "--provider", "anthropic", join(dir, "tools.yaml")]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout.replace(dir, "<dir>")).toMatchInlineSnapshot(`
      "get_event  tools[0]  (<dir>/tools.yaml [0])
          {
            "name": "get_event",
            "description": "Get one event",
            "input_schema": {
              "$schema": "http://json-schema.org/draft-07/schema#",
              "type": "object",
              "properties": {
                "queryParams": {
                  "type": "object",
                  "properties": {
                    "id": {
                      "type": "string",
                      "description": "The event's id"
                    }
                  },
                  "required": [
                    "id"
                  ],
                  "additionalProperties": false,
                  "description": "Path and query parameters of the request"
                }
              },
              "required": [
                "queryParams"
              ],
              "additionalProperties": false
            }
          }
      "
    `);
  });

  test("gemini, as JSON: the same tools as `tools --json`, their schemas without $schema and additionalProperties", async () => {
    const plain = await cli(["tools", "--json", FLOWISE]);
    const { code, stdout, stderr } = await cli(["tools", "--json", "--provider", "gemini", FLOWISE]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const sent = JSON.parse(stdout) as SentEntry[];
    const listed = JSON.parse(plain.stdout) as { name: string; file: string; path: string }[];
    expect(sent.map(({ name, file, path }) => ({ name, file, path }))).toEqual(
      listed.map(({ name, file, path }) => ({ name, file, path })),
    );
    expect(sent.map((entry) => entry.at)).toEqual(
      listed.map((_, i) => `tools[0].functionDeclarations[${i}]`),
    );
    expect(sent[0]?.sent).toEqual({
      name: "find_events",
      description: "Use this when you need to execute a GET request to get data from a website.",
      parameters: {
        type: "object",
        properties: {
          queryParams: { type: "object", description: "Optional query parameters to include in the request" },
        },
      },
    });
  });

  test("openai-strict: the flag on every function, the schema as it was", async () => {
    const { code, stdout } = await cli(["tools", "--json", "--provider", "openai-strict", FLOWISE]);
    expect(code).toBe(0);
    const [first] = JSON.parse(stdout) as SentEntry[];
    expect(first).toMatchObject({ at: "tools[0].function", sent: { type: "function" } });
    expect(first?.sent.function).toMatchObject({ strict: true, parameters: { additionalProperties: false } });
  });

  test("one request per agent: each file's tools are numbered from tools[0] of their own request", async () => {
    const dir = project();
    writeFileSync(
      join(dir, "more.yaml"),
      readFileSync(join(dir, "tools.yaml"), "utf8").replace("get_event", "get_venue"),
    );
    const { code, stdout } = await cli([
      "tools",
      "--json",
      "--provider",
      "openai",
      join(dir, "tools.yaml"),
      join(dir, "more.yaml"),
    ]);
    expect(code).toBe(0);
    const sent = JSON.parse(stdout.replaceAll(dir, "<dir>")) as SentEntry[];
    expect(sent.map(({ name, agent, at }) => ({ name, agent, at }))).toEqual([
      { name: "get_event", agent: "<dir>/tools.yaml", at: "tools[0].function" },
      { name: "get_venue", agent: "<dir>/more.yaml", at: "tools[0].function" },
    ]);
  });

  test("a provider tooldeck does not know is a usage error naming the known ones", async () => {
    expect(await cli(["tools", "--provider", "gpt", FLOWISE])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "tooldeck tools: --provider must be openai, openai-strict, anthropic, anthropic-strict, gemini, vertex, bedrock or mcp, got 'gpt'\n",
    });
  });

  test("the shipped CLI: bedrock's Converse toolSpecs, and nothing on stderr (not the AWS SDK's Node warning)", () => {
    const dir = project();
    const result = spawnSync(
      process.execPath,
      [SHIPPED_CLI, "tools", "--json", "--provider", "bedrock", "tools.yaml"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(result.stdout)).toEqual([
      {
        name: "get_event",
        agent: "tools.yaml",
        file: "tools.yaml",
        path: "[0]",
        at: "toolConfig.tools[0].toolSpec",
        sent: {
          toolSpec: {
            name: "get_event",
            description: "Get one event",
            inputSchema: {
              json: expect.objectContaining({ $schema: "http://json-schema.org/draft-07/schema#" }),
            },
          },
        },
      },
    ]);
  });
});

/** A tool an MCP server lists, with the schema it is given; never called here. */
function listed(name: string, inputSchema: Record<string, unknown>): ExecutableTool {
  return { name, description: `${name} tool`, inputSchema, invoke: async () => ({ ok: true, output: "" }) };
}

describe("tools --provider P over an MCP server's tools: what the provider's client refuses or leaves out", () => {
  let server: RunningServer;
  let source: string[] = [];
  beforeAll(async () => {
    const tools = [
      listed("search", { type: "object", properties: { q: { type: "string" } } }),
      // A root anyOf: ChatAnthropic leaves such a tool out of its request.
      listed("either", { type: "object", anyOf: [{ required: ["id"] }, { required: ["slug"] }] }),
      // An empty string in an enum: ChatGoogleGenerativeAI refuses to send the list.
      listed("pick", { type: "object", properties: { kind: { type: "string", enum: ["", "a"] } } }),
    ];
    server = await serve(
      createMcpHttpHandler(() => toMcpServer(tools)),
      { port: 0 },
    );
    source = ["--mcp-url", `${server.url}/mcp`, "--allow-host", new URL(server.url).host];
  });
  afterAll(() => server.close());

  test("anthropic: the tool ChatAnthropic leaves out is named on stderr, the others listed, exit 1", async () => {
    const { code, stdout, stderr } = await cli(["tools", "--json", "--provider", "anthropic", ...source]);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as SentEntry[]).map((entry) => [entry.name, entry.at])).toEqual([
      ["search", "tools[0]"],
      ["pick", "tools[1]"],
    ]);
    expect(stderr).toBe(
      `tooldeck tools: ChatAnthropic (@langchain/anthropic) leaves either (--mcp-url ${server.url}/mcp tools[1]) out of the request it sends\n`,
    );
  });

  test("gemini: ChatGoogleGenerativeAI's refusal, in its words; nothing listed, exit 1", async () => {
    expect(await cli(["tools", "--provider", "gemini", ...source])).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'tooldeck tools: ChatGoogleGenerativeAI (@langchain/google-genai) refuses to send these tools: Invalid enum: empty string not allowed in tool "pick" at path "kind". Gemini API rejects empty strings in enums.\n',
    });
  });
});
