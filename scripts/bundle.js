// What ships (`npm run build`, after tsc): tsc's output in dist/src/ bundled, because module loading,
// not work, was most of a cold start (issue 17: ~300 modules for `tooldeck lint`, ~250 for the
// library's root). tsc's dist/src/ stays: it holds the type declarations, and the tests run it as the
// unbundled reference.
// - dist/cli/: the CLI. Commands stay import()ed chunks, so `--help` loads none of them; zod and the
//   small dependencies are bundled in (zod alone is ~100 files).
// - dist/lib/: the library's entries (the root and its subpaths), sharing chunks so a class has one
//   copy across `tooldeck`, `tooldeck/emulator` and the rest. Dependencies stay packages: a library
//   user's zod must be the zod our exported schemas are made with, and npm dedupes them.
import { rmSync } from "node:fs";
import { build } from "rolldown";

/**
 * Left to node_modules by the CLI: LangChain (langchain checks its own classes with instanceof, so there
 * must be one copy of @langchain/core), and the MCP SDK and OpenAI client that come with it; they load
 * only for `agent`, `run` and `mcp`, or an MCP source. fast-xml-parser loads only for an XML request body
 * to the spec emulator: bundled, it would weigh 140 kB in a package held under 1 MB. qs and lodash-es
 * load only when an n8n tool is made (n8n's encoders); acorn and acorn-walk when code is parsed (a Custom
 * Tool's, an n8n expression: `src/text/javascript-parser.ts`), so a lint of configs without code loads
 * nothing from node_modules (test/cli/bundled-cli.test.ts). js-tiktoken loads only when an agent's tool
 * definitions could reach the context budget: its o200k_base ranks alone weigh 2.3 MB.
 */
const CLI_EXTERNAL =
  /^(?:langchain|langsmith|openai|fast-xml-parser$|acorn$|acorn-walk$|qs$|lodash-es\/|js-tiktoken\/|@langchain\/|@modelcontextprotocol\/)/;

/** A package or a Node built-in, not one of tsc's files. */
const isPackage = (id) => !id.startsWith(".") && !id.startsWith("/");

const LIBRARY_ENTRIES = {
  index: "dist/src/index.js",
  emulator: "dist/src/entry/emulator.js",
  langchain: "dist/src/entry/langchain.js",
  mcp: "dist/src/entry/mcp.js",
  vitest: "dist/src/replay/vitest.js",
};

/**
 * The root exports `probe`, which `check` also import()s to keep the CLI's lint free of it: in the
 * library that import() is already loaded, as rolldown says. Nothing to act on.
 */
function quietAboutRootExports(level, log, handler) {
  if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
}

async function bundle(input, dir, external, onLog, minify = false) {
  rmSync(dir, { recursive: true, force: true });
  await build({
    input,
    platform: "node",
    external,
    onLog,
    output: {
      dir,
      format: "esm",
      entryFileNames: "[name].js",
      chunkFileNames: "chunks/[name]-[hash].js",
      // For debugging from a clone: the package ships no maps (package.json files).
      sourcemap: true,
      minify,
      // JSDoc is for editors, which read the declarations in dist/src/; in the bundles it only weighs.
      comments: false,
    },
    logLevel: "warn",
  });
}

// Minified: it carries its dependencies (zod, ajv, yaml, hono…), which would otherwise double the
// tarball; the library is left as tsc wrote it, for its users' stack traces and debuggers.
// `run --jobs`' worker thread is an entry of its own, beside the chunk that starts it (which finds it as
// `./run-worker.js`, as in tsc's output).
await bundle(
  { tooldeck: "dist/src/cli/main.js", "chunks/run-worker": "dist/src/pipeline/run-suite/run-worker.js" },
  "dist/cli",
  (id) => CLI_EXTERNAL.test(id),
  undefined,
  true,
);
await bundle(LIBRARY_ENTRIES, "dist/lib", isPackage, quietAboutRootExports);
