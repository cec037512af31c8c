import type { PlatformEntry } from "../platform.js";
import { detectFlowiseRequestNode } from "./config/detect-flowise-request-node.js";
import { isExportData } from "./config/flowise-export-data.js";
import { isToolRow } from "./custom-tool/read-tool-row.js";

/**
 * Flowise as the registry knows it before loading it (`flowise-platform.ts` is the platform): its
 * exports told apart as its loaders (`config/flowise-export-loaders.ts`) tell them.
 */
export const FLOWISE_ENTRY = {
  name: "flowise",
  label: "Flowise",
  shapes: 'Flowise request-tool inputs (requestsGetUrl…) or a Flowise flow export ("nodes")',
  docs: "docs/flowise.md",
  detects: (value: Record<string, unknown>) =>
    Array.isArray(value.nodes) ||
    "flowData" in value ||
    isToolRow(value) ||
    isExportData(value) ||
    detectFlowiseRequestNode(value).kind !== "none",
  toolKinds: ["custom-tool"],
  rules: [
    { id: "flowise-body-ignored", severity: "warning" },
    { id: "flowise-fixed-body-overridden", severity: "warning" },
    { id: "flowise-content-type-case", severity: "warning" },
    { id: "flowise-variable-unresolved", severity: "error" },
    { id: "flowise-chatflow-variable", severity: "warning" },
    { id: "flowise-private-host", severity: "warning" },
    { id: "flowise-error-body-hidden", severity: "info" },
    { id: "flowise-toolkit", severity: "error", otherSeverities: ["warning"] },
    { id: "profile-portability", severity: "info" },
    { id: "custom-tool-syntax", severity: "error" },
    { id: "custom-tool-date-type", severity: "error", otherSeverities: ["warning"] },
    { id: "custom-tool-dropped-type", severity: "warning" },
    { id: "custom-tool-unguarded-optional", severity: "error" },
    { id: "custom-tool-global-fetch", severity: "error" },
    { id: "custom-tool-no-timeout", severity: "warning" },
    { id: "custom-tool-runtime-var", severity: "info" },
    { id: "custom-tool-description-mismatch", severity: "warning" },
    { id: "custom-tool-dynamic-url", severity: "info" },
  ],
  remote: { pickFlag: "chatflow", apiKeyEnv: ["TOOLDECK_API_KEY", "FLOWISE_API_KEY"] },
  load: async () => (await import("./flowise-platform.js")).FLOWISE_PLATFORM,
} as const satisfies PlatformEntry;
