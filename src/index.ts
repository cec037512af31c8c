export {
  type OpenApiToolkitConfig,
  type OpenApiToolkitConfigInput,
  OpenApiToolkitConfigSchema,
} from "./config/openapi-toolkit-config.js";
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
