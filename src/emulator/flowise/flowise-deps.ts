import type { ApiKeyStore } from "./api-key-store.js";
import type { ChatflowStore } from "./chatflows/chatflow-store.js";
import type { Listeners } from "./listeners.js";
import type { ToolStore } from "./tools/tool-store.js";

/**
 * What every route group of the Flowise emulator gets (`chatflows/`, `document-store/`, …): the shared
 * state, the injectable clock and id generator, and the emulator's event hooks.
 */
export interface FlowiseDeps {
  /** The one workspace of the emulator; every entity carries its id. */
  workspaceId: string;
  now: () => Date;
  randomId: () => string;
  apiKeys: ApiKeyStore;
  chatflows: ChatflowStore;
  /** Custom Tools (`/api/v1/tools`). */
  tools: ToolStore;
  /** Emitted with the id after a chatflow is deleted (document stores drop it from `whereUsed`). */
  chatflowDeleted: Listeners<string>;
}
