import type { LintRule } from "../../lint/rule.js";
import type { Platform } from "../platform.js";
import { isDifyApp } from "./config/is-dify-app.js";
import { loadDifyApp } from "./config/load-dify-app.js";
import { DIFY_EXPORT_FIXER } from "./dify-export-fixer.js";
import { DIFY_API_TOOL_KIND, DIFY_HTTP_REQUEST_KIND } from "./dify-tool-kinds.js";
import { difyApiBooleanText } from "./lint/dify-api-boolean-text.js";
import { difyApiContentType } from "./lint/dify-api-content-type.js";
import { difyApiErrorHidden } from "./lint/dify-api-error-hidden.js";
import { difyApiFixedOverride } from "./lint/dify-api-fixed-override.js";
import { difyApiLossyType } from "./lint/dify-api-lossy-type.js";
import { difyBodyItems } from "./lint/dify-body-items.js";
import { difyErrorStatusLost } from "./lint/dify-error-status-lost.js";
import { difyErrorStatusPasses } from "./lint/dify-error-status-passes.js";
import { difyEscapedNewline } from "./lint/dify-escaped-newline.js";
import { difyHeaderNewline } from "./lint/dify-header-newline.js";
import { difyIterationLimit } from "./lint/dify-iteration-limit.js";
import { difyJsonBodyQuoting } from "./lint/dify-json-body-quoting.js";
import { difyJsonBodyRepaired } from "./lint/dify-json-body-repaired.js";
import { difyOperationHint } from "./lint/dify-operation-hint.js";
import { difyOptionsMethod } from "./lint/dify-options-method.js";
import { difyRawTextJson } from "./lint/dify-raw-text-json.js";
import { difyReferenceLiteral } from "./lint/dify-reference-literal.js";
import { difyUrlScheme } from "./lint/dify-url-scheme.js";
import { DIFY_REMOTE } from "./remote/dify-remote.js";
import { DIFY_PROFILE } from "./runtime/dify-profile.js";

/** Dify: the HTTP Request nodes and custom API tools of its apps (reference/dify-tools.md). */
export const DIFY_PLATFORM = {
  name: "dify",
  label: "Dify",
  profile: DIFY_PROFILE,
  loaders: [{ kind: "app", detects: isDifyApp, load: loadDifyApp }],
  shapes: 'a Dify app DSL ("kind: app")',
  rules: [
    // HTTP Request nodes (docs/dify.md, "What tooldeck checks on HTTP Request nodes").
    difyUrlScheme,
    difyReferenceLiteral,
    difyOptionsMethod,
    difyBodyItems,
    difyJsonBodyRepaired,
    difyJsonBodyQuoting,
    difyRawTextJson,
    difyHeaderNewline,
    difyEscapedNewline,
    difyErrorStatusPasses,
    difyErrorStatusLost,
    // Custom API tools (docs/dify.md, "Custom API tools").
    difyApiContentType,
    difyApiLossyType,
    difyApiBooleanText,
    difyApiFixedOverride,
    difyApiErrorHidden,
    // The Agent node (docs/dify.md, "The Agent node's loop").
    difyIterationLimit,
  ] as LintRule[],
  remote: DIFY_REMOTE,
  docs: "docs/dify.md",
  toolKinds: [DIFY_HTTP_REQUEST_KIND, DIFY_API_TOOL_KIND],
  operationHint: difyOperationHint,
  fixesOperations: true,
  exportFixes: DIFY_EXPORT_FIXER,
  // An API tool's parameter types as Dify reads them (fact 59): number, boolean, string (all else).
  fieldTypes: { param: ["string", "number", "boolean"], body: ["string", "number", "boolean"] },
} as const satisfies Platform;
