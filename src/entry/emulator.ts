// `tooldeck/emulator`: the embedded event service, the Flowise API emulator, spec emulators and `serve`.
export { createEmulator, type Emulator, type EmulatorOptions } from "../emulator/create-emulator.js";
export { createEmulatorFetch } from "../emulator/emulator-fetch.js";
export { EVENT_SERVICE_ORIGIN } from "../emulator/emulator-origins.js";
export { type Event, EventSchema, loadEventSeed } from "../emulator/events/event.js";
export {
  createEventService,
  EVENT_BODY_LIMIT_BYTES,
  type EventService,
  type EventServiceOptions,
} from "../emulator/events/event-service.js";
export { createMemoryEventStore, type EventStore } from "../emulator/events/event-store.js";
export { type Chatflow, ChatflowSchema, type ChatflowType } from "../emulator/flowise/chatflows/chatflow.js";
export { type ChatflowSeed, ChatflowSeedSchema } from "../emulator/flowise/chatflows/chatflow-seed.js";
export { LocalHashedEmbeddings } from "../emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
export {
  type DocumentStoreSeed,
  DocumentStoreSeedSchema,
} from "../emulator/flowise/document-store/model/document-store-seed.js";
export {
  measureRecall,
  type RecallReport,
} from "../emulator/flowise/document-store/recall/measure-recall.js";
export { FlowiseApiError } from "../emulator/flowise/flowise-api-error.js";
export {
  createFlowiseEmulator,
  type FlowiseEmulator,
  type FlowiseEmulatorOptions,
  type FlowiseSnapshot,
} from "../emulator/flowise/flowise-emulator.js";
export {
  DEFAULT_FLOWISE_SEED_DIR,
  type FlowiseSeed,
  loadFlowiseSeed,
} from "../emulator/flowise/flowise-seed.js";
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from "../emulator/serve.js";
export {
  createSpecEmulator,
  type SpecEmulator,
  type SpecEmulatorOptions,
} from "../emulator/spec/spec-emulator.js";
