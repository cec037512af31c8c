import type { PlatformEntry } from "../platform.js";
import { isDifyApp } from "./config/is-dify-app.js";

/** Dify as the registry knows it before loading it (`dify-platform.ts` is the platform). */
export const DIFY_ENTRY = {
  name: "dify",
  label: "Dify",
  shapes: 'a Dify app DSL ("kind: app")',
  docs: "docs/dify.md",
  detects: isDifyApp,
  exportKind: "app",
  toolKinds: ["dify-http-request", "dify-api-tool"],
  rules: [
    { id: "dify-url-scheme", severity: "error" },
    { id: "dify-reference-literal", severity: "error" },
    { id: "dify-options-method", severity: "error" },
    { id: "dify-body-items", severity: "error" },
    { id: "dify-json-body-repaired", severity: "warning" },
    { id: "dify-json-body-quoting", severity: "warning", otherSeverities: ["error", "info"] },
    { id: "dify-raw-text-json", severity: "warning" },
    { id: "dify-header-newline", severity: "warning" },
    { id: "dify-escaped-newline", severity: "error" },
    { id: "dify-error-status-passes", severity: "warning" },
    { id: "dify-error-status-lost", severity: "info" },
    { id: "dify-api-content-type", severity: "warning" },
    { id: "dify-api-lossy-type", severity: "warning", otherSeverities: ["error"] },
    { id: "dify-api-boolean-text", severity: "info", otherSeverities: ["warning"] },
    { id: "dify-api-fixed-override", severity: "warning" },
    { id: "dify-api-error-hidden", severity: "info" },
    { id: "dify-iteration-limit", severity: "warning" },
  ],
  remote: { pickFlag: "app", apiKeyEnv: ["TOOLDECK_API_KEY", "DIFY_API_KEY"] },
  load: async () => (await import("./dify-platform.js")).DIFY_PLATFORM,
} as const satisfies PlatformEntry;
