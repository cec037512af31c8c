import type { LintRule } from "../../lint/rule.js";
import type { Platform } from "../platform.js";
import { FLOWISE_EXPORT_LOADERS } from "./config/flowise-export-loaders.js";
import { CUSTOM_TOOL_KIND } from "./custom-tool/custom-tool-kind.js";
import { customToolDateType } from "./custom-tool/lint/custom-tool-date-type.js";
import { customToolDescriptionMismatch } from "./custom-tool/lint/custom-tool-description-mismatch.js";
import { customToolDroppedType } from "./custom-tool/lint/custom-tool-dropped-type.js";
import { customToolDynamicUrl } from "./custom-tool/lint/custom-tool-dynamic-url.js";
import { customToolGlobalFetch } from "./custom-tool/lint/custom-tool-global-fetch.js";
import { customToolNoTimeout } from "./custom-tool/lint/custom-tool-no-timeout.js";
import { customToolRuntimeVar } from "./custom-tool/lint/custom-tool-runtime-var.js";
import { customToolSyntax } from "./custom-tool/lint/custom-tool-syntax.js";
import { customToolUnguardedOptional } from "./custom-tool/lint/custom-tool-unguarded-optional.js";
import { resolveCustomTools } from "./custom-tool/resolve-custom-tools.js";
import { FLOWISE_EXPORT_FIXER } from "./fix/flowise-export-fixer.js";
import { flowiseOperationHint } from "./lint/flowise-operation-hint.js";
import {
  flowiseBodyIgnored,
  flowiseContentTypeCase,
  flowiseErrorBodyHidden,
  flowiseFixedBodyOverridden,
} from "./lint/flowise-request-quirks.js";
import { flowiseToolkit } from "./lint/flowise-toolkit.js";
import { flowiseChatflowVariable, flowiseVariableUnresolved } from "./lint/flowise-variables.js";
import { flowisePrivateHost } from "./lint/private-host.js";
import { profilePortability } from "./lint/profile-portability.js";
import { FLOWISE_REMOTE } from "./remote/flowise-remote.js";
import { FLOWISE_PROFILE } from "./runtime/flowise-profile.js";

/**
 * Flowise 3.1: its request tools, OpenAPI toolkit and HTTP node (reference/flowise-tools.md), and its
 * Custom Tools (reference/flowise-custom-tool.md).
 */
export const FLOWISE_PLATFORM = {
  name: "flowise",
  label: "Flowise",
  profile: FLOWISE_PROFILE,
  loaders: FLOWISE_EXPORT_LOADERS,
  shapes: 'Flowise request-tool inputs (requestsGetUrl…) or a Flowise flow export ("nodes")',
  rules: [
    flowiseBodyIgnored,
    flowiseFixedBodyOverridden,
    flowiseContentTypeCase,
    flowiseVariableUnresolved,
    flowiseChatflowVariable,
    flowisePrivateHost,
    flowiseErrorBodyHidden,
    flowiseToolkit,
    profilePortability,
    customToolSyntax,
    customToolDateType,
    customToolDroppedType,
    customToolUnguardedOptional,
    customToolGlobalFetch,
    customToolNoTimeout,
    customToolRuntimeVar,
    customToolDescriptionMismatch,
    customToolDynamicUrl,
  ] as LintRule[],
  completeLoad: (result, linked) => resolveCustomTools(result, linked ? { linked } : {}),
  remote: FLOWISE_REMOTE,
  docs: "docs/flowise.md",
  toolKinds: [CUSTOM_TOOL_KIND],
  operationHint: flowiseOperationHint,
  // A request tool's params are string/number/boolean, its body adds object and array ("integer" stays
  // a string); a Custom Tool's rows are string/number/boolean/date (reference/flowise-tools.md, -custom-tool.md).
  fieldTypes: {
    param: ["string", "number", "boolean"],
    body: ["string", "number", "boolean", "object", "array"],
  },
  exportFixes: FLOWISE_EXPORT_FIXER,
} as const satisfies Platform;
