import {
  type DifyApiBundle,
  difyApiBundles,
} from "../../../../src/platforms/dify/api-tool/api-tool-bundle.js";
import { createDifyApiTool } from "../../../../src/platforms/dify/api-tool/create-dify-api-tool.js";
import { parseDifyApiDocument } from "../../../../src/platforms/dify/api-tool/parse-api-document.js";
import {
  type DifyApiToolConfig,
  DifyApiToolConfigSchema,
} from "../../../../src/platforms/dify/config/dify-api-tool-config.js";
import type { ToolRuntimeOptions } from "../../../../src/runtime/runtime-options.js";
import type { ExecutableTool } from "../../../../src/runtime/tool-result.js";

/** The agent a tool is given to in these tests: Dify's function-calling strategy, 3 rounds. */
export const AGENT = {
  node: "1740000000000",
  title: "Agent",
  strategyProvider: "langgenius/agent/agent",
  strategy: "function_calling",
  maximumIterations: 3,
};

/** A document of one operation on https://api.example.com, written as a provider's author would. */
export function documentOf(path: string, method: string, operation: Record<string, unknown>) {
  return {
    openapi: "3.1.0",
    info: { title: "Example", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: { [path]: { [method]: operation } },
  };
}

/** The bundles Dify makes of a document (given as an object or text); throws when Dify refuses it. */
export function bundlesOf(document: Record<string, unknown> | string): DifyApiBundle[] {
  const parsed = parseDifyApiDocument(typeof document === "string" ? document : JSON.stringify(document));
  if (!parsed.ok) throw new Error(parsed.message);
  const bundles = difyApiBundles(parsed.document);
  if (!bundles.ok) throw new Error(bundles.message);
  return bundles.bundles;
}

/** A config of the document's first tool, fields overridden. */
export function configOf(name: string, overrides: Partial<DifyApiToolConfig> = {}): DifyApiToolConfig {
  return DifyApiToolConfigSchema.parse({
    kind: "dify-api-tool",
    name,
    provider: "example",
    spec: "example.yaml",
    ...overrides,
  });
}

/** A recorded request, as the service saw it. */
export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The document's tool named `name` over an in-process service answering `answer` (default `{"ok":true}`
 * as JSON) and recording each request.
 */
export async function toolOf(
  document: Record<string, unknown>,
  config: Partial<DifyApiToolConfig> & { name: string },
  answer: () => Response = () => Response.json({ ok: true }),
  runtime: ToolRuntimeOptions = {},
): Promise<{ tool: ExecutableTool; seen: Seen[] }> {
  const seen: Seen[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
    });
    return answer();
  };
  const bundles = bundlesOf(document);
  const bundle = bundles.find((one) => one.name === config.name);
  if (!bundle) throw new Error(`no tool ${config.name}`);
  const parsed = parseDifyApiDocument(JSON.stringify(document));
  if (!parsed.ok) throw new Error(parsed.message);
  const tool = createDifyApiTool(
    configOf(config.name, config),
    { fetch, ...runtime },
    { document: parsed.document, bundle },
  );
  return { tool, seen };
}
