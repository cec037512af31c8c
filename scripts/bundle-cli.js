// The CLI as shipped (`npm run build`, after tsc): dist/src/cli/main.js bundled into dist/cli/, so that
// a command loads a few files instead of ~300 (the project's modules, zod's 100, zod-to-json-schema's
// 40). Module loading, not work, was most of `tooldeck lint`'s start-up (issue 17, bench/startup).
// Commands stay import()ed chunks, so `--help` still loads none of them. The library entries
// (dist/src/index.js and the subpaths) are not bundled.
import { rmSync } from "node:fs";
import { build } from "rolldown";

/**
 * Left to node_modules: LangChain (langchain checks its own classes with instanceof, so there must be
 * one copy of @langchain/core), and the MCP SDK and OpenAI client that come with it; they load only
 * for `agent`, `run` and `mcp`, or an MCP source.
 */
const EXTERNAL = /^(?:langchain|langsmith|openai|@langchain\/|@modelcontextprotocol\/)/;

rmSync("dist/cli", { recursive: true, force: true });
await build({
  input: { tooldeck: "dist/src/cli/main.js" },
  platform: "node",
  external: (id) => EXTERNAL.test(id),
  output: {
    dir: "dist/cli",
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    sourcemap: true,
  },
  logLevel: "warn",
});
