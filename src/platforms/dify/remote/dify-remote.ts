import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import { createLoadSink, type LoadSink } from "../../../config/load-sink.js";
import { isPlainObject } from "../../../json/json-value.js";
import { parseBounded } from "../../../project-files/parse-bounded.js";
import type { RemoteSource, RemoteSourceOptions } from "../../platform.js";
import { loadDifyApp } from "../config/load-dify-app.js";
import { fetchDifyApps } from "./dify-console.js";

/**
 * The apps of a running Dify (`--dify URL [--api-key TOKEN] [--app ID…]`), each read from its console
 * export as the file `dify:<app name>`.
 */
export const DIFY_REMOTE: RemoteSource = {
  pickFlag: "app",
  apiKeyEnv: ["TOOLDECK_API_KEY", "DIFY_API_KEY"],
  load: loadDifyInstance,
};

async function loadDifyInstance(options: RemoteSourceOptions): Promise<LoadResult> {
  const apps = await fetchDifyApps({
    url: options.url,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.ids ? { appIds: options.ids } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const result = emptyLoadResult();
  for (const app of apps) loadExport(app.yaml, createLoadSink(result, `dify:${app.name}`));
  return result;
}

/** The size Dify's import allows a DSL fetched from a URL (reference/dify-tools.md fact 92). */
const MAX_DSL_BYTES = 10 * 1024 * 1024;

/** One export's YAML, read as a file's: bounded, and a mapping as Dify's import asks (fact 92). */
function loadExport(yaml: string, sink: LoadSink): void {
  const bytes = Buffer.byteLength(yaml);
  if (bytes > MAX_DSL_BYTES) {
    sink.error("", `the DSL is ${bytes} bytes, more than the 10 MB Dify's import reads: not read`);
    return;
  }
  let value: unknown;
  try {
    value = parseBounded(yaml, "yaml");
  } catch (error) {
    sink.error("", (error as Error).message);
    return;
  }
  if (!isPlainObject(value)) sink.error("", "Invalid YAML format: content must be a mapping");
  else loadDifyApp(value, "", sink);
}
