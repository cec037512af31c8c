import type { LoadSink } from "../../config/load-sink.js";
import { reportZodIssues } from "../../config/report-zod-issues.js";
import type { ToolKind } from "../platform.js";
import { type N8nHttpToolConfig, N8nHttpToolConfigSchema } from "./config/n8n-http-tool-config.js";
import { n8nToBaseUrl } from "./config/n8n-to-base-url.js";
import { reportSchemaRefusal } from "./config/report-schema-refusal.js";
import { n8nAnswerCut } from "./lint/n8n-answer-cut.js";
import { n8nRequestView } from "./lint/n8n-request-view.js";
import { descriptionOf } from "./schema/tool-description.js";
import { toolNameOf } from "./schema/tool-name.js";

/**
 * `kind: n8n-http-tool`: an n8n HTTP tool node written in a tools/ file (a node copied from n8n, with
 * `kind` and `agent` added), and its executor, n8n's semantics under any profile.
 */
export const N8N_HTTP_TOOL_KIND: ToolKind = {
  kind: "n8n-http-tool",
  fromCanonical(value: Record<string, unknown>, path: string, sink: LoadSink) {
    const parsed = N8nHttpToolConfigSchema.safeParse(value);
    if (!parsed.success) {
      reportZodIssues(parsed.error, path, sink.error);
      return undefined;
    }
    return reportSchemaRefusal(parsed.data, path, sink) ? undefined : parsed.data;
  },
  callViews: (config) => {
    const view = n8nRequestView(config as N8nHttpToolConfig);
    return view ? [view] : [];
  },
  modelName: (config) => toolNameOf((config as N8nHttpToolConfig).name),
  answerCut: (config) => n8nAnswerCut(config as N8nHttpToolConfig),
  modelFieldPath: (config, field) => n8nModelFieldPath(config as N8nHttpToolConfig, field),
  // A $fromAI key already passes n8n's own ^[a-zA-Z0-9_-]{1,64}$, which every provider takes; a legacy
  // node's "By Model" row is named as it is sent.
  whySchemaNotFixable: () =>
    "n8n builds this schema from the node's $fromAI calls and placeholders, whose types and names decide the values sent: change them in n8n",
  toBaseUrl: (config, baseUrl) => n8nToBaseUrl(config as N8nHttpToolConfig, baseUrl),
  async create(config, options) {
    // Loaded when an n8n tool is made: its expression parser (acorn, ~35 kB gzipped) and n8n's
    // encoders (qs, lodash) would otherwise load with the registry at every start of the CLI.
    const { createN8nTool } = await import("./runtime/create-n8n-tool.js");
    return [createN8nTool(config as N8nHttpToolConfig, options)];
  },
};

/**
 * The node's Description is what its model is given unless n8n gives its own (fact 3); its name is
 * the node's title, which the workflow's connections name, so a fix cannot rename it alone.
 */
function n8nModelFieldPath(config: N8nHttpToolConfig, field: "name" | "description") {
  if (field === "name")
    return {
      ok: false as const,
      reason:
        "the tool's name is its n8n node's title, which the workflow's connections name: rename the node in n8n",
    };
  const written = config.parameters.toolDescription;
  if (typeof written === "string" && written.startsWith("="))
    return { ok: false as const, reason: "the node's Description is an n8n expression: shorten it in n8n" };
  return typeof written === "string" && descriptionOf(config) === written
    ? { ok: true as const, value: "parameters.toolDescription" }
    : { ok: false as const, reason: "the description is n8n's own, not the node's Description" };
}
