// `tooldeck/emulator`: the embedded event service, the Flowise API emulator, spec emulators and `serve`.
// Exactly what README's table lists, no more: test/architecture/public-api.test.ts holds the two equal.
// Every platform, loaded with the entry: its calls find them all, synchronously (all-platforms.ts).
import "../platforms/all-platforms.js";

export { createEmulator, type Emulator, type EmulatorOptions } from "../emulator/create-emulator.js";
export { createEmulatorFetch, type EmulatorFetch } from "../emulator/emulator-fetch.js";
export type { Event } from "../emulator/events/event.js";
export {
  createEventService,
  type EventService,
  type EventServiceOptions,
} from "../emulator/events/event-service.js";
export type { EventStore } from "../emulator/events/event-store.js";
export { LocalHashedEmbeddings } from "../emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
export {
  measureRecall,
  type RecallReport,
} from "../emulator/flowise/document-store/recall/measure-recall.js";
export {
  createFlowiseEmulator,
  type FlowiseEmulator,
  type FlowiseEmulatorOptions,
} from "../emulator/flowise/flowise-emulator.js";
export { type FlowiseSeed, loadFlowiseSeed } from "../emulator/flowise/flowise-seed.js";
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from "../emulator/serve.js";
export {
  createSpecEmulator,
  type SpecEmulator,
  type SpecEmulatorOptions,
} from "../emulator/spec/spec-emulator.js";
