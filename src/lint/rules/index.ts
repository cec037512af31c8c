import { loadedPlatforms, onPlatformLoaded } from "../../platforms/registry.js";
import type { LintRule } from "../rule.js";
import { bodyFields } from "./body-fields.js";
import { bracePlaceholder } from "./brace-placeholder.js";
import { contextBudget } from "./context-budget.js";
import { customCodeNotRun } from "./custom-code-not-run.js";
import { fieldTypes } from "./field-types.js";
import { operationNotFound } from "./operation-not-found.js";
import { outputLength } from "./output-length.js";
import { paramWithoutIn } from "./param-without-in.js";
import { pathParamUnsupplied } from "./path-param-unsupplied.js";
import { secretInConfig } from "./secret-in-config.js";
import { toolDescription } from "./tool-description.js";
import { toolName } from "./tool-name.js";
import { undeclaredQueryParam } from "./undeclared-query-param.js";
import { undisclosedFormat } from "./undisclosed-format.js";

/** The core's rules on the calls a tool makes, compared with the spec: reported first. */
export const CALL_RULES = [
  operationNotFound,
  pathParamUnsupplied,
  bracePlaceholder,
  paramWithoutIn,
  undeclaredQueryParam,
  bodyFields,
  fieldTypes,
  undisclosedFormat,
] as LintRule[];

/** The core's rules on what the LLM is given and what the config holds: reported after each platform's. */
export const GENERAL_RULES = [
  customCodeNotRun,
  toolName,
  toolDescription,
  outputLength,
  contextBudget,
  secretInConfig,
] as LintRule[];

const rules: LintRule[] = [...CALL_RULES, ...GENERAL_RULES];

/**
 * The default ruleset, in the order findings are reported for one tool: the core's, each platform's
 * between. A platform's rules join it when the platform is loaded: for the library, every platform at
 * import; for a CLI run, the platforms whose files it reads (a rule of another platform has no tool to judge).
 */
export const DEFAULT_RULES: readonly LintRule[] = rules;

// Rebuilt in place, in the registry's order, so that every holder of the array sees the rules loaded.
onPlatformLoaded(() => {
  rules.splice(0, rules.length, ...CALL_RULES, ...loadedPlatformRules(), ...GENERAL_RULES);
});

function loadedPlatformRules(): LintRule[] {
  return loadedPlatforms().flatMap((platform) => platform.rules);
}
