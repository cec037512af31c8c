// One side of bench/openapi, in its own process so its peak RSS is its own:
//   node openapi-target.js tooldeck-standard|tooldeck-flowise|langchain <spec.json>
// Prints one JSON line: seconds for load + index + build all tools, tools built, phases, peak RSS.
import { readFileSync } from "node:fs";

const [side, specPath] = process.argv.slice(2) as [string, string];

async function tooldeck(profile: "standard" | "flowise") {
  // As a library user imports it: the package by its name, so its root entry as shipped (dist/lib/,
  // built by `npm run build`); issue 17 measures the whole process.
  const { createOperationIndex, createToolkit, loadSpec } = await import("tooldeck");
  const start = performance.now();
  // As createToolkit loads a spec it reads itself: responses and unused components resolve on first read.
  const spec = await loadSpec(specPath, { lazyRefs: true });
  const loaded = performance.now();
  const index = createOperationIndex(spec);
  const indexed = performance.now();
  const tools = await createToolkit({ kind: "openapi-toolkit", spec: specPath }, { profile, spec: index });
  // Touch every schema, so nothing the LLM would be given is left uncomputed.
  const schemaBytes = tools.reduce((sum, tool) => sum + JSON.stringify(tool.inputSchema).length, 0);
  const built = performance.now();
  return {
    seconds: (built - start) / 1000,
    tools: tools.length,
    schemaBytes,
    phases: {
      load: (loaded - start) / 1000,
      index: (indexed - loaded) / 1000,
      tools: (built - indexed) / 1000,
    },
  };
}

/**
 * The baseline: LangChain's OpenAPI-to-OpenAI-functions converter from @langchain/classic. The package
 * does not export it by name, so it is imported from its file (exports only guard bare specifiers).
 */
async function langchain() {
  const dist = new URL(".", import.meta.resolve("@langchain/classic"));
  const { convertOpenAPISpecToOpenAIFunctions } = await import(
    new URL("chains/openai_functions/openapi.js", dist).href
  );
  const { OpenAPISpec } = await import(new URL("util/openapi.js", dist).href);
  const quiet = console.warn;
  console.warn = () => {};
  const start = performance.now();
  const document = JSON.parse(readFileSync(specPath, "utf8"));
  const parsed = performance.now();
  const spec = OpenAPISpec.fromObject(document);
  const { openAIFunctions } = convertOpenAPISpecToOpenAIFunctions(spec) as { openAIFunctions: unknown[] };
  const schemaBytes = JSON.stringify(openAIFunctions).length;
  const built = performance.now();
  console.warn = quiet;
  return {
    seconds: (built - start) / 1000,
    tools: openAIFunctions.length,
    schemaBytes,
    phases: { load: (parsed - start) / 1000, tools: (built - parsed) / 1000 },
  };
}

const result =
  side === "langchain"
    ? await langchain()
    : await tooldeck(side === "tooldeck-flowise" ? "flowise" : "standard");
console.log(JSON.stringify({ ...result, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
