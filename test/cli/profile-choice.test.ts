import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";
import { startOpenAiCompatibleServer } from "../support/openai-compatible-server.js";

// A Flowise chatflow export whose find_events calls http://localhost:5566: Flowise's policy refuses it.
const CHATFLOW = packagePath("fixtures/flowise/requests-chatflow.json");
const DENIED = "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.";

let close = async () => {};
afterEach(() => close());

async function tooldeck(env: Record<string, string>, ...args: string[]) {
  const captured = captureIo(new AbortController().signal, env);
  const exit = await runCli(args, captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("every command runs a platform's export under its profile unless --profile says otherwise, as check does", () => {
  test("call: a Flowise export's tool answers as Flowise's model would see it; --profile standard does not", async () => {
    const flowise = await tooldeck({}, "call", "find_events", "--tools", CHATFLOW);
    expect(flowise.stdout).toBe(`${DENIED}\n`);
    expect(flowise.exit).toBe(1);
    const standard = await tooldeck({}, "call", "find_events", "--profile", "standard", "--tools", CHATFLOW);
    expect(standard.exit).toBe(0);
    expect(JSON.parse(standard.stdout)[0].name).toBe("Tech Conference 2024");
  });

  test("tools: neither Flowise's schema nor standard's (--profile standard) carries propertyNames, which Gemini refuses", async () => {
    const schemaOf = async (...flags: string[]) => {
      const { stdout } = await tooldeck({}, "tools", CHATFLOW, "--json", ...flags);
      const [first] = JSON.parse(stdout) as { inputSchema: { properties: { queryParams: object } } }[];
      return first?.inputSchema.properties.queryParams;
    };
    const freeForm = {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Optional query parameters to include in the request",
    };
    expect(await schemaOf()).toEqual(freeForm);
    expect(await schemaOf("--profile", "standard")).toEqual(freeForm);
  });

  test("tools on a file with no tools exits 2, as check does", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tooldeck-empty-")), "flow.json");
    writeFileSync(file, JSON.stringify({ nodes: [], edges: [] }));
    const listed = await tooldeck({}, "tools", file);
    expect(listed).toMatchObject({
      exit: 2,
      stdout: "",
      stderr: `tooldeck tools: no tools found in ${file}\n`,
    });
    const checked = await tooldeck({}, "check", file);
    expect(checked).toMatchObject({ exit: 2, stderr: `tooldeck check: no tools found in ${file}\n` });
  });

  test("mcp --list says the platform's profile", async () => {
    const { stdout } = await tooldeck({}, "mcp", "--list", CHATFLOW);
    expect(stdout).toContain("2 tools (profile flowise) against the embedded emulators, in-process");
  });

  test("agent: the model is shown what Flowise's tool answers", async () => {
    const server = await startOpenAiCompatibleServer([
      { toolCalls: [{ name: "find_events", args: {} }] },
      { content: "The host is refused." },
    ]);
    close = server.close;
    const env = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.baseUrl };
    const { stdout } = await tooldeck(
      env,
      "agent",
      "List events",
      "--model",
      "openai:gpt-4o-mini",
      "--tools",
      CHATFLOW,
    );
    expect(stdout).toContain(`  ! ${DENIED}`);
  });
});
