export {
  type ConfigError,
  type ConfigIssue,
  type ConfigWarning,
  formatConfigIssue,
} from "./config/config-issue.js";
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
