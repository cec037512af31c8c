export {
  type ConfigError,
  type ConfigIssue,
  type ConfigWarning,
  formatConfigIssue,
} from "./config/config-issue.js";
export {
  type FetchFlowiseChatflowsOptions,
  type FlowData,
  FlowDataSchema,
  type FlowiseChatflow,
  fetchFlowiseChatflows,
} from "./config/flowise-instance.js";
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
export { type Event, EventSchema, loadEventSeed } from "./emulator/events/event.js";
export {
  createEventService,
  EVENT_BODY_LIMIT_BYTES,
  type EventService,
  type EventServiceOptions,
} from "./emulator/events/event-service.js";
export { createMemoryEventStore, type EventStore } from "./emulator/events/event-store.js";
export { FLOWISE_WHITELIST } from "./emulator/flowise/api-key-auth.js";
export type { ApiKeyInput, FlowiseApiKey } from "./emulator/flowise/api-key-store.js";
export { FLOWISE_BODY_LIMIT_BYTES } from "./emulator/flowise/body-guard.js";
export { type Chatflow, ChatflowSchema, type ChatflowType } from "./emulator/flowise/chatflows/chatflow.js";
export { type ChatflowSeed, ChatflowSeedSchema } from "./emulator/flowise/chatflows/chatflow-seed.js";
export { FlowiseApiError } from "./emulator/flowise/flowise-api-error.js";
export {
  createFlowiseEmulator,
  type FlowiseEmulator,
  type FlowiseEmulatorOptions,
  type FlowiseSeed,
  type FlowiseSnapshot,
} from "./emulator/flowise/flowise-emulator.js";
export { DEFAULT_FLOWISE_SEED_DIR, loadFlowiseSeed } from "./emulator/flowise/flowise-seed.js";
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from "./emulator/serve.js";
export { isToolDeckError, ToolDeckError, type ToolDeckErrorCode } from "./errors.js";
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
export {
  createToolkit,
  DEFAULT_TOOLKIT_TIMEOUT_MS,
  type ToolkitOptions,
} from "./runtime/toolkit/create-toolkit.js";
export { FLOWISE_DEFAULT_CODE } from "./runtime/toolkit/flowise-default-code.js";
export { CustomCodeError, DEFAULT_CUSTOM_CODE_TIMEOUT_MS } from "./runtime/toolkit/run-custom-code.js";
export { TOOL_NAME_PATTERN } from "./runtime/toolkit/standard/tool-names.js";
