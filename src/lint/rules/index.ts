import type { LintRule } from "../rule.js";
import { bracePlaceholder } from "./brace-placeholder.js";
import {
  flowiseBodyIgnored,
  flowiseErrorBodyHidden,
  flowiseFixedBodyOverridden,
} from "./flowise-request-quirks.js";
import { outputLength } from "./output-length.js";
import { paramWithoutIn } from "./param-without-in.js";
import { flowisePrivateHost } from "./private-host.js";
import { profilePortability } from "./profile-portability.js";
import { secretInConfig } from "./secret-in-config.js";
import { toolDescription } from "./tool-description.js";
import { toolName } from "./tool-name.js";

/** The default ruleset, in the order findings are reported for one tool. */
export const DEFAULT_RULES: readonly LintRule[] = [
  bracePlaceholder,
  paramWithoutIn,
  flowiseBodyIgnored,
  flowiseFixedBodyOverridden,
  flowisePrivateHost,
  flowiseErrorBodyHidden,
  toolName,
  toolDescription,
  outputLength,
  secretInConfig,
  profilePortability,
] as LintRule[];
