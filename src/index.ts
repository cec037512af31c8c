export {
  type FetchFlowiseChatflowsOptions,
  type FlowData,
  FlowDataSchema,
  type FlowiseChatflow,
  fetchFlowiseChatflows,
} from "./config/flowise-instance.js";
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
export {
  type ChunkIds,
  createDocumentStoreService,
  type DocumentStoreService,
  type DocumentStoreServiceOptions,
  type DocumentStoreSnapshot,
} from "./emulator/flowise/document-store/document-store-service.js";
export {
  createEmbeddingProvider,
  type EmbeddingProvider,
  type EmbeddingProviderOptions,
} from "./emulator/flowise/document-store/embeddings/embedding-provider.js";
export {
  LOCAL_EMBEDDING_DIMENSIONS,
  LocalHashedEmbeddings,
} from "./emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
export {
  type DocumentStoreSeed,
  DocumentStoreSeedSchema,
} from "./emulator/flowise/document-store/model/document-store-seed.js";
export { measureRecall, type RecallReport } from "./emulator/flowise/document-store/recall/measure-recall.js";
export { FlatVectorStore } from "./emulator/flowise/document-store/vector-store/flat-vector-store.js";
export { MemoryRecordManager } from "./emulator/flowise/document-store/vector-store/memory-record-manager.js";
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
