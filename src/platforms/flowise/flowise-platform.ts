import type { LintRule } from "../../lint/rule.js";
import type { Platform } from "../platform.js";
import { FLOWISE_EXPORT_LOADERS } from "./config/flowise-export-loaders.js";
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

/** Flowise 3.1: its request tools, OpenAPI toolkit and HTTP node (reference/flowise-tools.md). */
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
  ] as LintRule[],
  remote: FLOWISE_REMOTE,
  docs: "docs/flowise.md",
  toolKinds: [],
  operationHint: flowiseOperationHint,
} as const satisfies Platform;
