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
export { type Event, EventSchema, loadEventSeed } from "./emulator/events/event.js";
export {
  createEventService,
  EVENT_BODY_LIMIT_BYTES,
  type EventService,
  type EventServiceOptions,
} from "./emulator/events/event-service.js";
export { createMemoryEventStore, type EventStore } from "./emulator/events/event-store.js";
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from "./emulator/serve.js";
export { isToolDeckError, ToolDeckError, type ToolDeckErrorCode } from "./errors.js";
export type { CallRecord, CallSource } from "./replay/call-record.js";
export { type Cassette, CassetteSchema, readCassette, writeCassette } from "./replay/cassette.js";
export { checkExpectations, type Observed } from "./replay/check-expectations.js";
export { loadScenarios } from "./replay/load-scenarios.js";
export { matchArgs } from "./replay/match-args.js";
export { redactCall } from "./replay/redact.js";
export {
  type ReplayOptions,
  type ReplayResult,
  replayCassette,
  type ValidateCall,
} from "./replay/replay-cassette.js";
export { type AgentRun, type AgentRunOptions, runAgent } from "./replay/run-agent.js";
export { type RunScenarioOptions, runScenario } from "./replay/run-scenario.js";
export type { Scenario } from "./replay/scenario.js";
export { createScenarioEmulator, type ScenarioEmulator } from "./replay/scenario-emulator.js";
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
export { createHttpNode, type HttpNodeOutput } from "./runtime/http-node/http-node.js";
export { DEFAULT_MODEL, initModel } from "./runtime/langchain/init-model.js";
export type { ToolInvokeOptions } from "./runtime/tool-result.js";
