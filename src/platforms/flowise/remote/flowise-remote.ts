import { confineToolkitSpecs } from "../../../config/confine-toolkit-specs.js";
import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import type { RemoteSource, RemoteSourceOptions } from "../../platform.js";
import { loadFlowiseFlow } from "../config/load-flowise-flow.js";
import { fetchFlowiseChatflows } from "./flowise-instance.js";

/**
 * The chatflows of a running Flowise (`--flowise URL [--api-key KEY] [--chatflow ID…]`), each as the
 * file `flowise:<chatflow name>`.
 */
export const FLOWISE_REMOTE: RemoteSource = {
  pickFlag: "chatflow",
  apiKeyEnv: ["TOOLDECK_API_KEY", "FLOWISE_API_KEY"],
  load: loadFlowiseInstance,
};

async function loadFlowiseInstance(options: RemoteSourceOptions): Promise<LoadResult> {
  const chatflows = await fetchFlowiseChatflows({
    url: options.url,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.ids ? { chatflowIds: options.ids } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const result = emptyLoadResult();
  for (const chatflow of chatflows) {
    const loaded = loadFlowiseFlow(chatflow.flowData, `flowise:${chatflow.name}`);
    result.tools.push(...loaded.tools);
    result.errors.push(...loaded.errors);
    result.warnings.push(...loaded.warnings);
    result.specs.push(...loaded.specs);
    result.skipped.push(...loaded.skipped);
  }
  // A chatflow on a server names no file of this machine: a toolkit spec path there is refused.
  confineToolkitSpecs(result, []);
  return result;
}
