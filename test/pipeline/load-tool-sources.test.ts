import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STDIN_FILE } from "../../src/config/load-tool-configs.js";
import { createFlowiseEmulator } from "../../src/emulator/flowise/flowise-emulator.js";
import { type RunningServer, serve } from "../../src/emulator/serve.js";
import { mcpUrlSource } from "../../src/mcp/mcp-tool-source.js";
import { packagePath } from "../../src/package/package-root.js";
import { configPaths, loadToolSources } from "../../src/pipeline/load-tool-sources.js";

const cwd = process.cwd();
beforeAll(() => process.chdir(packagePath()));
afterAll(() => process.chdir(cwd));

const files = (loaded: { tools: { source: { file: string } }[] }) => [
  ...new Set(loaded.tools.map((tool) => tool.source.file)),
];

const STDIN_TOOL = JSON.stringify({
  kind: "request",
  method: "GET",
  name: "from_stdin",
  description: "Use this to list events",
  url: "{{$vars.base_url}}/events",
});

describe("loadToolSources", () => {
  test.each([
    ["nothing named: tools/", {}, ["tools/event-toolkit.yaml", "tools/request-tools.yaml"]],
    ["a file", { paths: ["tools/request-tools.yaml"] }, ["tools/request-tools.yaml"]],
    ["- with stdin", { paths: ["-"], stdin: STDIN_TOOL }, [STDIN_FILE]],
  ])("%s", async (_label, options, expected) => {
    expect(files(await loadToolSources(options))).toEqual(expected);
  });

  test("only the config paths are files; an MCP source is an object, never a string", () => {
    const mcp = mcpUrlSource("http://127.0.0.1:1/mcp");
    expect(configPaths(["tools/", mcp, "mcp:node server.js"])).toEqual(["tools/", "mcp:node server.js"]);
  });

  describe("a Flowise instance", () => {
    let flowise: RunningServer;
    beforeAll(async () => {
      flowise = await serve(createFlowiseEmulator({ apiKeys: ["test-key"] }).fetch, { port: 0 });
    });
    afterAll(() => flowise.close());

    test("alone: its chatflows, and not tools/", async () => {
      const loaded = await loadToolSources({ flowise: { url: flowise.url, apiKey: "test-key" } });
      expect(files(loaded)).toEqual(["flowise:Event OpenAPI Agent", "flowise:Event Requests Agent"]);
    });

    test("a refused key is one load error naming the URL", async () => {
      await expect(loadToolSources({ flowise: { url: flowise.url, apiKey: "wrong" } })).rejects.toThrow(
        `Flowise ${flowise.url}/api/v1/chatflows: 401 Unauthorized Access (the API key was refused)`,
      );
    });
  });
});
