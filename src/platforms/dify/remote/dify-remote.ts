import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import { createLoadSink, type LoadSink, type NamedDocument } from "../../../config/load-sink.js";
import { isPlainObject } from "../../../json/json-value.js";
import { parseBounded } from "../../../project-files/parse-bounded.js";
import type { RemoteSource, RemoteSourceOptions } from "../../platform.js";
import { inlineDocumentSpec } from "../api-tool/api-document-source.js";
import { loadDifyApp } from "../config/load-dify-app.js";
import { type FetchDifyAppsOptions, fetchDifyApps } from "./dify-console.js";
import { fetchDifyApiProviders, type ProviderDocumentRead } from "./fetch-api-providers.js";

/**
 * The apps of a running Dify (`--dify URL [--api-key TOKEN] [--app ID…]`), each read from its console
 * export as the file `dify:<app name>`, their custom API tools linked to their providers' documents as
 * the same Dify answers them.
 */
export const DIFY_REMOTE: RemoteSource = {
  pickFlag: "app",
  apiKeyEnv: ["TOOLDECK_API_KEY", "DIFY_API_KEY"],
  load: loadDifyInstance,
};

async function loadDifyInstance(options: RemoteSourceOptions): Promise<LoadResult> {
  const instance: FetchDifyAppsOptions = {
    url: options.url,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.ids ? { appIds: options.ids } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const apps = await fetchDifyApps(instance);
  const result = emptyLoadResult();
  const read = apps.map((app) => ({
    file: `dify:${app.name}`,
    value: readExport(app.yaml, result, app.name),
  }));
  const providers = await fetchDifyApiProviders(instance, providersNamed(read));
  for (const { file, value } of read)
    if (value) loadDifyApp(value, "", withProviders(createLoadSink(result, file), providers));
  return result;
}

/**
 * The custom tool providers the apps' API tools name, as the loader asks for them: each app loaded once
 * into a result thrown away, so the providers fetched are exactly those a tool is linked to.
 */
function providersNamed(
  read: readonly { file: string; value?: Record<string, unknown> | undefined }[],
): Set<string> {
  const names = new Set<string>();
  for (const { file, value } of read) {
    if (!value) continue;
    const sink = createLoadSink(emptyLoadResult(), file);
    sink.namedDocument = (platform, key) => {
      if (platform === "dify") names.add(key);
      return undefined;
    };
    loadDifyApp(value, "", sink);
  }
  return names;
}

/** The sink, each provider's document the one Dify answered (inline, as the tool's `spec`), or why not. */
function withProviders(sink: LoadSink, providers: ReadonlyMap<string, ProviderDocumentRead>): LoadSink {
  sink.namedDocument = (platform, key): NamedDocument | undefined => {
    const read = platform === "dify" ? providers.get(key) : undefined;
    if (!read) return undefined;
    const origin = "read from Dify";
    if (!read.ok) return { ok: false, message: read.message, shown: `dify:tool-provider/${key}`, origin };
    return {
      ok: true,
      text: read.schema,
      shown: `dify:tool-provider/${key}`,
      origin,
      spec: inlineDocumentSpec(key, read.schema),
    };
  };
  return sink;
}

/** The size Dify's import allows a DSL fetched from a URL (reference/dify-tools.md fact 92). */
const MAX_DSL_BYTES = 10 * 1024 * 1024;

/** One export's YAML, read as a file's: bounded, and a mapping as Dify's import asks (fact 92); else an error of it. */
function readExport(yaml: string, result: LoadResult, name: string): Record<string, unknown> | undefined {
  const sink = createLoadSink(result, `dify:${name}`);
  const bytes = Buffer.byteLength(yaml);
  if (bytes > MAX_DSL_BYTES) {
    sink.error("", `the DSL is ${bytes} bytes, more than the 10 MB Dify's import reads: not read`);
    return undefined;
  }
  let value: unknown;
  try {
    value = parseBounded(yaml, "yaml");
  } catch (error) {
    sink.error("", (error as Error).message);
    return undefined;
  }
  if (isPlainObject(value)) return value;
  sink.error("", "Invalid YAML format: content must be a mapping");
  return undefined;
}
