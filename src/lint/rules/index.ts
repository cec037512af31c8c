import type { LintRule } from "../rule.js";
import { bodyFields } from "./body-fields.js";
import { bracePlaceholder } from "./brace-placeholder.js";
import { customCodeNotRun } from "./custom-code-not-run.js";
import { fieldTypes } from "./field-types.js";
import {
  flowiseBodyIgnored,
  flowiseContentTypeCase,
  flowiseErrorBodyHidden,
  flowiseFixedBodyOverridden,
} from "./flowise-request-quirks.js";
import { flowiseToolkit } from "./flowise-toolkit.js";
import { flowiseChatflowVariable, flowiseVariableUnresolved } from "./flowise-variables.js";
import { operationNotFound } from "./operation-not-found.js";
import { outputLength } from "./output-length.js";
import { paramWithoutIn } from "./param-without-in.js";
import { pathParamUnsupplied } from "./path-param-unsupplied.js";
import { flowisePrivateHost } from "./private-host.js";
import { profilePortability } from "./profile-portability.js";
import { secretInConfig } from "./secret-in-config.js";
import { toolDescription } from "./tool-description.js";
import { toolName } from "./tool-name.js";
import { undeclaredQueryParam } from "./undeclared-query-param.js";
import { undisclosedFormat } from "./undisclosed-format.js";

/** The default ruleset, in the order findings are reported for one tool. */
export const DEFAULT_RULES: readonly LintRule[] = [
  operationNotFound,
  pathParamUnsupplied,
  bracePlaceholder,
  paramWithoutIn,
  undeclaredQueryParam,
  bodyFields,
  fieldTypes,
  undisclosedFormat,
  flowiseBodyIgnored,
  flowiseFixedBodyOverridden,
  flowiseContentTypeCase,
  flowiseVariableUnresolved,
  flowiseChatflowVariable,
  flowisePrivateHost,
  flowiseErrorBodyHidden,
  flowiseToolkit,
  customCodeNotRun,
  toolName,
  toolDescription,
  outputLength,
  secretInConfig,
  profilePortability,
] as LintRule[];
