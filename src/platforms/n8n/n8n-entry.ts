import type { PlatformEntry } from "../platform.js";
import { isN8nWorkflow } from "./config/is-n8n-workflow.js";

/** n8n as the registry knows it before loading it (`n8n-platform.ts` is the platform). */
export const N8N_ENTRY = {
  name: "n8n",
  label: "n8n",
  shapes: 'an n8n workflow export ("nodes" and "connections")',
  docs: "docs/n8n.md",
  detects: isN8nWorkflow,
  toolKinds: ["n8n-http-tool"],
  rules: [
    { id: "n8n-legacy-under-agent-3", severity: "error" },
    { id: "n8n-misconfigured-placeholder", severity: "error" },
    { id: "n8n-literal-fromai", severity: "error" },
    { id: "n8n-unevaluated-expression", severity: "warning", otherSeverities: ["info"] },
    { id: "n8n-json-template-quoting", severity: "warning", otherSeverities: ["error"] },
    { id: "n8n-missing-argument", severity: "warning" },
    { id: "n8n-default-placeholder", severity: "warning" },
    { id: "n8n-json-untyped", severity: "warning" },
    { id: "n8n-error-body-hidden", severity: "info" },
  ],
  remote: { pickFlag: "workflow", apiKeyEnv: ["TOOLDECK_API_KEY", "N8N_API_KEY"] },
  load: async () => (await import("./n8n-platform.js")).N8N_PLATFORM,
} as const satisfies PlatformEntry;
