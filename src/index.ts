// tooldeck's library: configs, specs, tools, lint and check, cassettes. Loads neither LangChain, the
// emulators nor the MCP SDK: those are `tooldeck/langchain`, `tooldeck/emulator` and `tooldeck/mcp`
// (checkProject import()s the emulators only to probe, the MCP SDK only for an MCP server).
// Exactly what README's table lists, no more: test/architecture/public-api.test.ts holds the two equal.
// Every platform, loaded with the entry: its calls find them all, synchronously (all-platforms.ts).
import "./platforms/all-platforms.js";

export { type ConfigIssue, formatConfigIssue } from "./config/config-issue.js";
export { type HttpNodeConfig, HttpNodeConfigSchema } from "./config/http-node-config.js";
export type { LoadResult } from "./config/load-result.js";
export { type LoadToolConfigsOptions, loadToolConfigs } from "./config/load-tool-configs.js";
export { type OpenApiToolkitConfig, OpenApiToolkitConfigSchema } from "./config/openapi-toolkit-config.js";
export { type RequestToolConfig, RequestToolConfigSchema } from "./config/request-tool-config.js";
export { type LoadedTool, type ToolConfig, ToolConfigSchema, type ToolSource } from "./config/tool-config.js";
export { isToolDeckError, ToolDeckError } from "./errors.js";
export { type CheckOptions, check } from "./lint/check.js";
export { checkWithFixes, type FixReporter } from "./lint/check-with-fixes.js";
export type { Diagnostic, Severity } from "./lint/diagnostic.js";
export { foldSharedCauses } from "./lint/fold-shared-causes.js";
export { type FormatReportOptions, formatReport, type ReportFormat } from "./lint/format/format-report.js";
export type { LintOptions } from "./lint/lint.js";
export { type LintMcpToolsOptions, lintMcpTools } from "./lint/lint-mcp-tools.js";
export { type LintToolsOptions, lint } from "./lint/lint-tools.js";
export { type ProbeOptions, type ProbeTarget, probe } from "./lint/probe/probe.js";
export type { CheckReport } from "./lint/report.js";
export type { LintRule } from "./lint/rule.js";
export { DEFAULT_RULES } from "./lint/rules/index.js";
export type { FetchLike } from "./net/fetch-like.js";
export { type LoadSpecOptions, loadSpec, type OpenApiSpec } from "./openapi/load-spec.js";
export { matchOperation, type OperationMatch } from "./openapi/match-operation.js";
export { createOperationIndex, type OperationIndex } from "./openapi/operation-index.js";
export { checkProject } from "./pipeline/check-project.js";
export type { CheckProjectOptions, CheckProjectResult } from "./pipeline/check-project-options.js";
export { loadToolSources, type ToolSourceOptions, type ToolSources } from "./pipeline/load-tool-sources.js";
export type { FlowiseFlowLoadOptions } from "./platforms/flowise/config/flow-load-options.js";
export { loadFlowiseFlow } from "./platforms/flowise/config/load-flowise-flow.js";
export {
  type FetchFlowiseChatflowsOptions,
  type FlowiseChatflow,
  fetchFlowiseChatflows,
} from "./platforms/flowise/remote/flowise-instance.js";
export { loadN8nWorkflow } from "./platforms/n8n/config/load-n8n-workflow.js";
export type { N8nWorkflowLoadOptions } from "./platforms/n8n/config/workflow-load-options.js";
export type { Profile } from "./profile.js";
export type { CallRecord } from "./replay/call-record.js";
export { type Cassette, readCassette, writeCassette } from "./replay/cassette.js";
export { checkExpectations, type Observed } from "./replay/check-expectations.js";
export { loadScenarios } from "./replay/load-scenarios.js";
export { redactCall } from "./replay/redact.js";
export type { Scenario } from "./replay/scenario.js";
export type { Expectations } from "./replay/scenario-schema.js";
export { createTool, createTools } from "./runtime/create-tools.js";
export { createHttpNode } from "./runtime/http-node/http-node.js";
export { createOutboundGuard } from "./runtime/outbound/outbound-guard.js";
export { type OutboundPolicy, OutboundRefusedError } from "./runtime/outbound/outbound-policy.js";
export { createRequestTool } from "./runtime/request/request-tool.js";
export type { ToolRuntimeOptions } from "./runtime/runtime-options.js";
export {
  createSandboxPool,
  type SandboxPool,
  type SandboxPoolOptions,
} from "./runtime/sandbox/sandbox-pool.js";
export type {
  ExecutableTool,
  ToolInvokeOptions,
  ToolRequest,
  ToolResponse,
  ToolResult,
} from "./runtime/tool-result.js";
export { createToolkit, type ToolkitOptions } from "./runtime/toolkit/create-toolkit.js";
