import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import { createLoadSink } from "../../../config/load-sink.js";
import type { RemoteSource, RemoteSourceOptions } from "../../platform.js";
import { collectWorkflowTools } from "../config/load-n8n-workflow.js";
import { fetchN8nWorkflows } from "./n8n-instance.js";

/**
 * The workflows of a running n8n (`--n8n URL [--api-key KEY] [--workflow ID…]`), each as the file
 * `n8n:<workflow name>`.
 */
export const N8N_REMOTE: RemoteSource = {
  pickFlag: "workflow",
  apiKeyEnv: ["TOOLDECK_API_KEY", "N8N_API_KEY"],
  load: loadN8nInstance,
};

async function loadN8nInstance(options: RemoteSourceOptions): Promise<LoadResult> {
  const workflows = await fetchN8nWorkflows({
    url: options.url,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.ids ? { workflowIds: options.ids } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const result = emptyLoadResult();
  for (const workflow of workflows)
    collectWorkflowTools(workflow.value, "", createLoadSink(result, `n8n:${workflow.name}`));
  return result;
}
