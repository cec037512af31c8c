import type { LoadedTool, ToolConfig } from "../config/tool-config.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { Profile } from "../profile.js";
import type { ContextBudget } from "../providers/budget/context-budget.js";
import type { Fix, Severity } from "./diagnostic.js";
import type { ProbeSymptom } from "./probe/probe-symptom.js";

/** What a rule sees besides the tool it checks. */
export interface LintContext {
  profile: Profile;
  /** Every tool being linted, for rules that compare tools (duplicate names). */
  tools: readonly LoadedTool[];
  /** The service's OpenAPI description, indexed; rules that compare with it skip without one. */
  spec?: OperationIndex;
  /** The specs OpenAPI toolkits point at, by their `spec` path as configured. */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /** Whether toolkits' Custom Code will run (--allow-code); default false. */
  allowCode?: boolean;
  /** Judge how every config behaves under the other profile too (--portability); default false. */
  portability?: boolean;
  /**
   * Flowise runs with HTTP_SECURITY_CHECK=false (read from tooldeck's environment, as the probes read it):
   * its host policy is off, so rules advising to turn it off stay silent.
   */
  flowiseSecurityCheckOff?: boolean;
  /** The context budget and each agent's definitions measured (`context-budget`); default 128,000 tokens. */
  budget?: ContextBudget;
}

/** What a rule reports; the runner adds the code, the tool, the file and the default severity. */
export interface Finding {
  message: string;
  /** JSON path inside the config (`url`, `queryParamsSchema.id.in`); empty for the whole config. */
  path?: string;
  /** The tool it is about, when not the config's name (an operation of a toolkit). */
  tool?: string;
  /** When one rule reports cases of different weight (rule 6: error/error/warning). */
  severity?: Severity;
  suggestion?: string;
  fix?: Fix;
  /**
   * What makes this finding, when the same cause makes the rule's findings on other tools too (a host the
   * platform refuses, a platform's behaviour, one variable): reported once, naming its tools.
   */
  cause?: FindingCause;
}

/**
 * A cause a rule's findings share: `key` tells it apart from the rule's other causes (`127.0.0.1`),
 * `summary` says it without naming a tool, in one line (`127.0.0.1 is a loopback/private host: …`).
 */
export interface FindingCause {
  key: string;
  summary: string;
}

/**
 * A lint rule: metadata plus one pure check. It never throws for a bad config; a config it does not
 * apply to gets no findings.
 */
export interface LintRule<C extends ToolConfig = ToolConfig> {
  id: string;
  severity: Severity;
  /** Severities some findings carry instead (`Finding.severity`); docs/rules.md lists them. */
  otherSeverities?: readonly Severity[];
  /** The profiles whose behaviour the rule judges. */
  profiles: readonly Profile[];
  /** One line, for listings and SARIF `shortDescription`. */
  description: string;
  /** A paragraph: why it matters and what to do, for docs and SARIF `fullDescription`. */
  docs: string;
  /**
   * The probe failures its findings account for: a probe finding of the same tool showing one of them is
   * folded into the finding (`Diagnostic.related`) instead of reported again.
   */
  explains?: readonly ProbeSymptom[];
  /**
   * Probe failures its findings account for that no symptom names, told by what the failure says (the
   * refusal Flowise words, which the finding quotes): folded into the finding as those of `explains` are.
   */
  explainsFailure?: (message: string) => boolean;
  /**
   * It judges one HTTP call of a request tool against the spec, so it also judges the calls a platform's
   * kind makes, each seen as a request tool (`ToolKind.callViews`: a Custom Tool's calls in its code).
   */
  judgesCalls?: boolean;
  appliesTo(config: ToolConfig): config is C;
  check(tool: LoadedTool<C>, context: LintContext): Finding[];
}
