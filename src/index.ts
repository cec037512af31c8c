// tooldeck's library: configs, specs, tools, lint and check, cassettes. Loads neither LangChain, the
// emulators nor the MCP SDK: those are `tooldeck/langchain`, `tooldeck/emulator` and `tooldeck/mcp`
// (checkProject import()s the emulators only to probe, the MCP SDK only for an MCP server).
export {
  type ConfigError,
  type ConfigIssue,
  type ConfigWarning,
  formatConfigIssue,
} from "./config/config-issue.js";
export {
  type HttpBodyType,
  type HttpCredential,
  HttpCredentialSchema,
  type HttpNodeConfig,
  HttpNodeConfigSchema,
  type HttpResponseType,
  type KeyValue,
} from "./config/http-node-config.js";
export { loadFlowiseFlow } from "./config/load-flowise-flow.js";
export type { LoadResult, SkippedNode } from "./config/load-result.js";
export { type LoadToolConfigsOptions, loadToolConfigs } from "./config/load-tool-configs.js";
export {
  type OpenApiToolkitConfig,
  type OpenApiToolkitConfigInput,
  OpenApiToolkitConfigSchema,
} from "./config/openapi-toolkit-config.js";
export { DEFAULT_DESCRIPTIONS, DEFAULT_TOOL_NAMES } from "./config/request-defaults.js";
export {
  type BodyFieldSpec,
  BodyFieldSpecSchema,
  type FieldType,
  FieldTypeSchema,
  HeadersSchema,
  type HttpMethod,
  HttpMethodSchema,
  type ParamSpec,
  ParamSpecSchema,
  type RequestToolConfig,
  RequestToolConfigSchema,
} from "./config/request-tool-config.js";
export { type LoadedTool, type ToolConfig, ToolConfigSchema, type ToolSource } from "./config/tool-config.js";
export { isToolDeckError, ToolDeckError, type ToolDeckErrorCode } from "./errors.js";
export type { FixOutcome } from "./lint/apply-fixes.js";
export { applySeverities, type RuleSetting } from "./lint/apply-severities.js";
export { BUILT_IN_CHECKS } from "./lint/built-in-checks.js";
export { type CheckOptions, check } from "./lint/check.js";
export {
  checkWithFixes,
  describeFixSummary,
  type FixReporter,
  type FixSummary,
} from "./lint/check-with-fixes.js";
export {
  type LoadedRules,
  loadCustomRules,
  type RuleModuleRef,
} from "./lint/custom-rules/load-custom-rules.js";
export {
  type ConfigChange,
  type Diagnostic,
  type Fix,
  type Severity,
  SeveritySchema,
} from "./lint/diagnostic.js";
export { findSpec } from "./lint/find-spec.js";
export { MAX_FIX_PASSES } from "./lint/fix-passes.js";
export { formatJson } from "./lint/format/format-json.js";
export { formatJunit } from "./lint/format/format-junit.js";
export {
  type FormatReportOptions,
  formatReport,
  REPORT_FORMATS,
  type ReportFormat,
} from "./lint/format/format-report.js";
export { formatSarif, type SarifOptions } from "./lint/format/format-sarif.js";
export { formatStylish } from "./lint/format/format-stylish.js";
export { type LintOptions, lint } from "./lint/lint.js";
export { type LintMcpToolsOptions, lintMcpTools } from "./lint/lint-mcp-tools.js";
export { loadLintSettings } from "./lint/lint-settings.js";
export { type ProbeOptions, type ProbeRecord, type ProbeTarget, probe } from "./lint/probe/probe.js";
export type { BaselineSummary, CheckReport, RuleInfo, ToolReport } from "./lint/report.js";
export type { Finding, LintContext, LintRule } from "./lint/rule.js";
export { RULE_CATALOG, RULE_IDS } from "./lint/rule-catalog.js";
export { DEFAULT_RULES } from "./lint/rules/index.js";
export {
  applyBaseline,
  type BaselineEntry,
  baselineOf,
  formatBaseline,
  parseBaseline,
} from "./lint/suppress/baseline.js";
export { type SuppressOptions, suppressFindings } from "./lint/suppress/suppress-findings.js";
export type { SuppressedDiagnostic, Suppression } from "./lint/suppress/suppression.js";
export type { FetchLike } from "./net/fetch-like.js";
export { type LoadSpecOptions, loadSpec, type OpenApiSpec } from "./openapi/load-spec.js";
export {
  matchOperation,
  type OperationFound,
  type OperationMatch,
  type OperationNotFound,
} from "./openapi/match-operation.js";
export type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  ServerObject,
} from "./openapi/openapi-document.js";
export {
  createOperationIndex,
  type IndexedOperation,
  type OperationIndex,
} from "./openapi/operation-index.js";
export type { SpecReadOptions } from "./openapi/spec-read-options.js";
export { checkProject } from "./pipeline/check-project.js";
export type {
  CheckProjectOptions,
  CheckProjectResult,
  CheckTarget,
} from "./pipeline/check-project-options.js";
export {
  loadToolSources,
  type ToolSourceOptions,
  type ToolSourcePath,
  type ToolSources,
} from "./pipeline/load-tool-sources.js";
export { DEFAULT_PROFILE, type Profile, ProfileSchema } from "./profile.js";
export {
  type FetchFlowiseChatflowsOptions,
  type FlowData,
  FlowDataSchema,
  type FlowiseChatflow,
  fetchFlowiseChatflows,
} from "./remote/flowise-instance.js";
export type { CallRecord, CallSource } from "./replay/call-record.js";
export { type Cassette, CassetteSchema, readCassette, writeCassette } from "./replay/cassette.js";
export { checkExpectations, type Observed } from "./replay/check-expectations.js";
export { loadScenarios } from "./replay/load-scenarios.js";
export { matchArgs } from "./replay/match-args.js";
export { redactCall } from "./replay/redact.js";
export type { Scenario } from "./replay/scenario.js";
export type { ScenarioMode, ScenarioResult } from "./replay/scenario-result.js";
export {
  type ArgsMatch,
  DEFAULT_SCENARIO_NOW,
  type Expectations,
  ExpectationsSchema,
  type ScenarioFile,
  ScenarioSchema,
  type TrajectoryMode,
} from "./replay/scenario-schema.js";
export { buildScenarioTools, type ScenarioTools } from "./replay/scenario-tools.js";
export { stateDigest } from "./replay/state-digest.js";
export { createTool, createTools } from "./runtime/create-tools.js";
export { createHttpNode, type HttpNodeOutput } from "./runtime/http-node/http-node.js";
export { createOutboundGuard } from "./runtime/outbound/outbound-guard.js";
export { type OutboundPolicy, OutboundRefusedError } from "./runtime/outbound/outbound-policy.js";
export { createRequestTool } from "./runtime/request/request-tool.js";
export { DEFAULT_TIMEOUT_MS, type ToolRuntimeOptions } from "./runtime/runtime-options.js";
export { TOOL_NAME_PATTERN } from "./runtime/tool-name.js";
export type {
  ExecutableTool,
  ToolInvokeOptions,
  ToolRequest,
  ToolResponse,
  ToolResult,
} from "./runtime/tool-result.js";
export {
  createToolkit,
  DEFAULT_TOOLKIT_TIMEOUT_MS,
  type ToolkitOptions,
} from "./runtime/toolkit/create-toolkit.js";
export { DEFAULT_CUSTOM_CODE_TIMEOUT_MS } from "./runtime/toolkit/custom-code-policy.js";
export { FLOWISE_DEFAULT_CODE } from "./runtime/toolkit/flowise-default-code.js";
export { CustomCodeError } from "./runtime/toolkit/run-custom-code.js";
export type { VariableContext } from "./runtime/variables.js";
