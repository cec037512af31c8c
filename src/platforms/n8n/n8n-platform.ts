import type { LintRule } from "../../lint/rule.js";
import type { Platform } from "../platform.js";
import { isN8nWorkflow } from "./config/is-n8n-workflow.js";
import { collectWorkflowTools } from "./config/load-n8n-workflow.js";
import { n8nDefaultPlaceholder } from "./lint/n8n-default-placeholder.js";
import { n8nErrorBodyHidden } from "./lint/n8n-error-body-hidden.js";
import { n8nJsonTemplateQuoting } from "./lint/n8n-json-template-quoting.js";
import { n8nJsonUntyped } from "./lint/n8n-json-untyped.js";
import { n8nLegacyUnderAgent3 } from "./lint/n8n-legacy-under-agent-3.js";
import { n8nLiteralFromAi } from "./lint/n8n-literal-fromai.js";
import { n8nMisconfiguredPlaceholder } from "./lint/n8n-misconfigured-placeholder.js";
import { n8nMissingArgument } from "./lint/n8n-missing-argument.js";
import { n8nOperationHint } from "./lint/n8n-operation-hint.js";
import { n8nUnevaluatedExpression } from "./lint/n8n-unevaluated-expression.js";
import { N8N_EXPORT_FIXER } from "./n8n-export-fixer.js";
import { N8N_HTTP_TOOL_KIND } from "./n8n-tool-kind.js";
import { N8N_REMOTE } from "./remote/n8n-remote.js";
import { N8N_PROFILE } from "./runtime/n8n-profile.js";

/** n8n 2.41: the HTTP Request tool and the legacy toolHttpRequest given to its AI agents (reference/n8n-tools.md). */
export const N8N_PLATFORM = {
  name: "n8n",
  label: "n8n",
  profile: N8N_PROFILE,
  loaders: [{ detects: isN8nWorkflow, load: collectWorkflowTools }],
  shapes: 'an n8n workflow export ("nodes" and "connections")',
  rules: [
    n8nLegacyUnderAgent3,
    n8nMisconfiguredPlaceholder,
    n8nLiteralFromAi,
    n8nUnevaluatedExpression,
    n8nJsonTemplateQuoting,
    n8nMissingArgument,
    n8nDefaultPlaceholder,
    n8nJsonUntyped,
    n8nErrorBodyHidden,
  ] as LintRule[],
  remote: N8N_REMOTE,
  docs: "docs/n8n.md",
  toolKinds: [N8N_HTTP_TOOL_KIND],
  operationHint: n8nOperationHint,
  // `$fromAI`'s types: string, number, boolean, json (a view's object) (reference/n8n-tools.md, fact 7).
  fieldTypes: {
    param: ["string", "number", "boolean", "object"],
    body: ["string", "number", "boolean", "object"],
  },
  exportFixes: N8N_EXPORT_FIXER,
} as const satisfies Platform;
