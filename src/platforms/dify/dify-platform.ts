import type { Platform } from "../platform.js";
import { DIFY_API_TOOL_KIND, DIFY_HTTP_REQUEST_KIND } from "./dify-tool-kinds.js";
import { difyOperationHint } from "./lint/dify-operation-hint.js";
import { DIFY_PROFILE } from "./runtime/dify-profile.js";

/** Dify: the HTTP Request nodes and custom API tools of its apps (reference/dify-tools.md). */
export const DIFY_PLATFORM = {
  name: "dify",
  label: "Dify",
  profile: DIFY_PROFILE,
  loaders: [],
  shapes: 'a Dify app DSL ("kind: app")',
  rules: [],
  docs: "docs/dify.md",
  toolKinds: [DIFY_HTTP_REQUEST_KIND, DIFY_API_TOOL_KIND],
  operationHint: difyOperationHint,
  // An API tool's parameter types as Dify reads them (fact 59): number, boolean, string (all else).
  fieldTypes: { param: ["string", "number", "boolean"], body: ["string", "number", "boolean"] },
} as const satisfies Platform;
