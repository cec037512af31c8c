import type { LintRule } from "../../lint/rule.js";
import {
  flowiseBodyIgnored,
  flowiseContentTypeCase,
  flowiseErrorBodyHidden,
  flowiseFixedBodyOverridden,
} from "../../lint/rules/flowise-request-quirks.js";
import { flowiseToolkit } from "../../lint/rules/flowise-toolkit.js";
import { flowiseChatflowVariable, flowiseVariableUnresolved } from "../../lint/rules/flowise-variables.js";
import { flowisePrivateHost } from "../../lint/rules/private-host.js";
import { profilePortability } from "../../lint/rules/profile-portability.js";
import { FLOWISE_PROFILE } from "../../runtime/profiles/flowise.js";
import type { Platform } from "../platform.js";
import { FLOWISE_EXPORT_LOADERS } from "./flowise-export-loaders.js";
import { flowiseOperationHint } from "./flowise-operation-hint.js";
import { FLOWISE_REMOTE } from "./flowise-remote.js";

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
