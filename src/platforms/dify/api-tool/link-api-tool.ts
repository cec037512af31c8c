import { dirname, join } from "node:path";
import type { LoadSink } from "../../../config/load-sink.js";
import type { DifyAgent } from "../config/dify-agent.js";
import type { DifyApiToolConfig, DifyFixedValue } from "../config/dify-api-tool-config.js";
import { difyApiBundles } from "./api-tool-bundle.js";
import { parseDifyApiDocument } from "./parse-api-document.js";

/**
 * A use of a custom API tool in an app's DSL (facts 15–18): a Tool node with `provider_type: api`, or an
 * Agent node's tool of that type. `parameters` are the values the node fixes (a Tool node's
 * `tool_parameters`, an Agent tool's `auto: 0` parameters), `description` an Agent tool's
 * `extra.description`, `node` the Tool node's id, `agent` the Agent node it is given to.
 */
export interface DifyToolUse {
  providerName: string;
  toolName: string;
  parameters: Record<string, DifyFixedValue>;
  description?: string;
  node?: string;
  agent?: DifyAgent;
}

/** The names a provider's document is looked for under, beside the app, in order. */
export function providerDocumentNames(provider: string): string[] {
  return ["openapi.yaml", "openapi.yml", "openapi.json", "yaml", "yml", "json"].map(
    (ext) => `${provider}.${ext}`,
  );
}

/**
 * Links a custom API tool of the DSL to its provider's OpenAPI/Swagger document, which the DSL never
 * holds (fact 16): the document the settings name for the provider (`dify: { providers: { <name>: <file> } }`,
 * a missing or refused one an error naming the setting), else `<provider>.openapi.{yaml,yml,json}`, then
 * `<provider>.{yaml,yml,json}`, beside the app; each only inside the project (`sink.namedDocument`,
 * `sink.readNamedFile`). Found, and Dify makes the tool of it: a
 * `dify-api-tool` config (`spec` the document's path) goes into `sink`; a document Dify refuses is an
 * error; a tool the document does not make is a warning (Dify drops it, fact 78); no document, a note
 * naming the files looked for. Credentials are never in the DSL (docs/dify.md says how to give them).
 * @example
 * linkDifyApiTool({ providerName: "weather", toolName: "getForecast", parameters: {} }, "workflow.graph.nodes[2].data", sink);
 */
export function linkDifyApiTool(use: DifyToolUse, path: string, sink: LoadSink): void {
  const named = sink.namedDocument?.("dify", use.providerName);
  if (named) {
    const document = `${named.shown}, ${named.origin}`;
    const spec = named.spec ?? named.shown;
    if (named.ok) linkDocument(use, path, sink, { name: document, spec }, named.text);
    else sink.error(path, `custom tool provider "${use.providerName}" (${named.origin}): ${named.message}`);
    return;
  }
  const where = `custom tool provider "${use.providerName}" (tool ${use.toolName})`;
  const names = providerDocumentNames(use.providerName);
  if (!sink.readNamedFile || /[\\/]|^\.|\0/.test(use.providerName)) {
    sink.note(
      path,
      `${where}: its OpenAPI document is not in the DSL; put it beside the app as ${names.join(", ")} (not modelled without it)`,
    );
    return;
  }
  for (const name of names) {
    const read = sink.readNamedFile(name);
    if (!read.ok && read.message.includes("(ENOENT)")) continue;
    if (!read.ok) {
      sink.error(path, `${where}: ${read.message}`);
      return;
    }
    linkDocument(use, path, sink, { name, spec: join(dirname(sink.file), name) }, read.text);
    return;
  }
  sink.note(
    path,
    `${where}: its OpenAPI document is not in the DSL and none of ${names.join(", ")} is beside the app (not modelled)`,
  );
}

/** A provider's document as messages name it (`weather.yaml`), and as the tool's `spec` reads it. */
interface DocumentPlace {
  name: string;
  spec: string;
}

function linkDocument(
  use: DifyToolUse,
  path: string,
  sink: LoadSink,
  place: DocumentPlace,
  text: string,
): void {
  const where = `custom tool provider "${use.providerName}" (${place.name})`;
  const parsed = parseDifyApiDocument(text);
  const bundles = parsed.ok ? difyApiBundles(parsed.document) : parsed;
  if (!bundles.ok) {
    sink.error(path, `${where}: Dify refuses the document: ${bundles.message}`);
    return;
  }
  const bundle = bundles.bundles.find((candidate) => candidate.name === use.toolName);
  if (!bundle) {
    sink.warn(
      path,
      `${where} has no tool named "${use.toolName}" (its tools: ${bundles.bundles.map((one) => one.name).join(", ") || "none"}); Dify drops it from the agent or fails the node`,
    );
    return;
  }
  for (const warning of bundle.warnings) sink.warn(path, `${where}: ${use.toolName}: ${warning}`);
  const config: DifyApiToolConfig = {
    kind: "dify-api-tool",
    name: use.toolName,
    provider: use.providerName,
    spec: place.spec,
    credentials: { auth_type: "none" },
    parameters: use.parameters,
    ...(use.description ? { description: use.description } : {}),
    ...(use.node ? { node: use.node } : {}),
    ...(use.agent ? { agent: use.agent } : {}),
  };
  sink.tool(config, path, "dify");
}
