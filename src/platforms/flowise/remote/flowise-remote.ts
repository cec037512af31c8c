import { confineToolkitSpecs } from "../../../config/confine-toolkit-specs.js";
import { emptyLoadResult, type LoadResult } from "../../../config/load-result.js";
import { createLoadSink } from "../../../config/load-sink.js";
import { reportDuplicateNames } from "../../../config/report-duplicate-names.js";
import { ToolDeckError } from "../../../errors.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { RemoteSource, RemoteSourceOptions } from "../../platform.js";
import { readFlowiseFlow } from "../config/load-flowise-flow.js";
import { CUSTOM_TOOL_NODE } from "../custom-tool/custom-tool-node.js";
import type { CustomToolRow } from "../custom-tool/custom-tool-row.js";
import { readToolRow } from "../custom-tool/read-tool-row.js";
import { resolveCustomTools } from "../custom-tool/resolve-custom-tools.js";
import {
  type FetchFlowiseChatflowsOptions,
  fetchFlowiseChatflows,
  fetchFlowiseTool,
} from "./flowise-instance.js";

/**
 * The chatflows of a running Flowise (`--flowise URL [--api-key KEY] [--chatflow ID…]`), each as the
 * file `flowise:<chatflow name>`, their Custom Tools read from the same server (`GET /api/v1/tools/{id}`).
 */
export const FLOWISE_REMOTE: RemoteSource = {
  pickFlag: "chatflow",
  apiKeyEnv: ["TOOLDECK_API_KEY", "FLOWISE_API_KEY"],
  load: loadFlowiseInstance,
};

async function loadFlowiseInstance(options: RemoteSourceOptions): Promise<LoadResult> {
  const instance: FetchFlowiseChatflowsOptions = {
    url: options.url,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const chatflows = await fetchFlowiseChatflows({
    ...instance,
    ...(options.ids ? { chatflowIds: options.ids } : {}),
  });
  const flows = chatflows.map((chatflow) => readFlowiseFlow(chatflow.flowData, `flowise:${chatflow.name}`));
  const { rows, whyMissing } = await fetchCustomToolRows(customToolIds(flows), instance);
  const result = emptyLoadResult();
  for (const loaded of flows) {
    resolveCustomTools(loaded, { rows, whyMissing });
    reportDuplicateNames(loaded);
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

/** The row ids the flows' Custom Tool nodes name, each once. */
function customToolIds(flows: readonly LoadResult[]): string[] {
  const ids = flows.flatMap((flow) =>
    flow.skipped.flatMap((node) =>
      node.node === CUSTOM_TOOL_NODE &&
      typeof node.inputs.selectedTool === "string" &&
      node.inputs.selectedTool
        ? [node.inputs.selectedTool]
        : [],
    ),
  );
  return [...new Set(ids)];
}

/**
 * Each id's row from the server, in parallel; one the server does not give (404, not a tool row) is a
 * reason, reported at the nodes naming it: the chatflows still load.
 */
async function fetchCustomToolRows(ids: readonly string[], instance: FetchFlowiseChatflowsOptions) {
  const rows = new Map<string, CustomToolRow>();
  const whyMissing = new Map<string, string>();
  const fetched = await Promise.allSettled(ids.map((id) => fetchFlowiseTool(id, instance)));
  fetched.forEach((outcome, index) => {
    const id = ids[index] as string;
    if (outcome.status === "rejected") {
      if (!(outcome.reason instanceof ToolDeckError)) throw outcome.reason;
      whyMissing.set(id, `Custom Tool "${id}" not found: ${outcome.reason.message}`);
      return;
    }
    const problems = emptyLoadResult();
    const row = isPlainObject(outcome.value)
      ? readToolRow(outcome.value, "", createLoadSink(problems, `tool ${id}`))
      : undefined;
    if (row) rows.set(id, row);
    else {
      const reason = problems.errors[0]?.message ?? "the answer is not a tool row";
      whyMissing.set(id, `Custom Tool "${id}" cannot be read from the server: ${reason}`);
    }
  });
  return { rows, whyMissing };
}
