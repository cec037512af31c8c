import type { LintRule } from "../../lint/rule.js";
import type { Platform } from "../platform.js";
import { isN8nWorkflow, loadN8nWorkflow } from "./config/load-n8n-workflow.js";
import { n8nOperationHint } from "./lint/n8n-operation-hint.js";
import { N8N_HTTP_TOOL_KIND } from "./n8n-tool-kind.js";
import { N8N_REMOTE } from "./remote/n8n-remote.js";
import { N8N_PROFILE } from "./runtime/n8n-profile.js";

/** n8n 2.41: the HTTP Request tool and the legacy toolHttpRequest given to its AI agents (reference/n8n-tools.md). */
export const N8N_PLATFORM = {
  name: "n8n",
  label: "n8n",
  profile: N8N_PROFILE,
  loaders: [{ detects: isN8nWorkflow, load: loadN8nWorkflow }],
  shapes: 'an n8n workflow export ("nodes" and "connections")',
  rules: [] as LintRule[],
  remote: N8N_REMOTE,
  docs: "docs/n8n.md",
  toolKinds: [N8N_HTTP_TOOL_KIND],
  operationHint: n8nOperationHint,
} as const satisfies Platform;
