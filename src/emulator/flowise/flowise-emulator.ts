import { Hono } from "hono";
import { v4 as uuidv4 } from "uuid";
import { isClientGone } from "../client-gone.js";
import { apiKeyAuth } from "./api-key-auth.js";
import { type ApiKeyInput, createApiKeyStore, type FlowiseApiKey, toApiKeys } from "./api-key-store.js";
import { bodyGuard, FLOWISE_BODY_LIMIT_BYTES } from "./body-guard.js";
import type { Chatflow } from "./chatflows/chatflow.js";
import { createChatflowRoutes } from "./chatflows/chatflow-routes.js";
import { chatflowFromSeed } from "./chatflows/chatflow-seed.js";
import { createChatflowStore } from "./chatflows/chatflow-store.js";
import { createDocumentStoreRoutes } from "./document-store/document-store-routes.js";
import {
  createDocumentStoreService,
  type DocumentStoreService,
  type DocumentStoreSnapshot,
} from "./document-store/document-store-service.js";
import type { EmbeddingProviderOptions } from "./document-store/embeddings/embedding-provider.js";
import { FlowiseApiError } from "./flowise-api-error.js";
import type { FlowiseDeps } from "./flowise-deps.js";
import { flowiseError } from "./flowise-json.js";
import { type FlowiseSeed, loadFlowiseSeed } from "./flowise-seed.js";
import { createListeners } from "./listeners.js";
import { requestPath } from "./request-path.js";
import { createSystemRoutes } from "./system-routes.js";
import { createToolRoutes } from "./tools/tool-routes.js";
import { createToolStore } from "./tools/tool-store.js";
import { uriGuard } from "./uri-guard.js";

/** A copy of the emulator's state. */
export interface FlowiseSnapshot {
  /** Newest `updatedDate` first, as `GET /api/v1/chatflows` lists them. */
  chatflows: Chatflow[];
  /** Newest first, each with its chunks and vector counts. */
  documentStores: DocumentStoreSnapshot[];
}

/** The Flowise emulator's API keys, seed, clock, ids, body limit and embeddings. */
export interface FlowiseEmulatorOptions {
  /** Keys accepted as `Authorization: Bearer <key>`; default one generated key (see `apiKeys` of the result). */
  apiKeys?: readonly ApiKeyInput[];
  /** Default: the chatflows of `seeds/flowise/`. */
  seed?: FlowiseSeed;
  /** Clock of `createdDate` / `updatedDate`; default the system clock. */
  now?: () => Date;
  /** Ids of new entities; default v4 UUIDs. */
  randomId?: () => string;
  /** Id of the emulator's one workspace; default a v4 UUID. */
  workspaceId?: string;
  /** Largest request body; default Flowise's 50 MB. */
  bodyLimitBytes?: number;
  /** Where the cause of an unexpected 500 is reported; default stderr. */
  logError?: (error: unknown) => void;
  /**
   * Which embedding serves document stores: the local hashed embedding for every name, except
   * `openAIEmbeddings` when an OpenAI key is given here (never read from the environment).
   */
  embeddings?: EmbeddingProviderOptions;
}

/** The Flowise API emulator: its fetch handler, its API key, and its state to reset or read. */
export interface FlowiseEmulator {
  /** Answers one HTTP request in-process; the same handler `serve()` puts on a socket. */
  fetch(request: Request): Promise<Response>;
  /** Back to the seed. */
  reset(): void;
  snapshot(): FlowiseSnapshot;
  /** The keys the emulator accepts, with their ids (plain text, as given or generated). */
  apiKeys: readonly FlowiseApiKey[];
  /** Calls `listener` with the id of every deleted chatflow; returns the unsubscribe function. */
  onChatflowDeleted(listener: (chatflowId: string) => void): () => void;
  /** Resolves once the seed document stores are upserted (after start or `reset()`). */
  ready(): Promise<void>;
  /** Which embedding really serves document stores, in one line (for `tooldeck serve`). */
  describeEmbedding(): string;
}

/**
 * The Flowise 3.1 REST API (area B, chatflows), under `/api/v1`, answering as Flowise does: its
 * statuses, entity fields, error bodies and quirks (reference/flowise-api.md).
 * @example
 * const flowise = createFlowiseEmulator({ apiKeys: ["my-key"] });
 * const response = await flowise.fetch(
 *   new Request("http://flowise.local/api/v1/chatflows", { headers: { authorization: "Bearer my-key" } }),
 * );
 */
export function createFlowiseEmulator(options: FlowiseEmulatorOptions = {}): FlowiseEmulator {
  const randomId = options.randomId ?? uuidv4;
  const now = options.now ?? (() => new Date());
  const apiKeys = toApiKeys(options.apiKeys);
  const deps: FlowiseDeps = {
    workspaceId: options.workspaceId ?? uuidv4(),
    now,
    randomId,
    apiKeys: createApiKeyStore(apiKeys),
    chatflows: createChatflowStore(),
    tools: createToolStore(),
    chatflowDeleted: createListeners<string>(),
  };
  const seedAt = now().toISOString();
  const seed = options.seed ?? loadFlowiseSeed();
  const seededChatflows = seed.chatflows.map((flow) => chatflowFromSeed(flow, deps.workspaceId, seedAt));
  const documentStores = createDocumentStoreService({
    workspaceId: deps.workspaceId,
    now,
    randomId,
    ...(options.embeddings ? { embeddings: options.embeddings } : {}),
    chatflowName: (id) => deps.chatflows.get(id)?.name,
    seed: seed.documentStores ?? [],
  });
  deps.chatflowDeleted.on((id) => void documentStores.removeChatflowUsage(id));
  const reset = () => {
    deps.chatflows.replaceAll(seededChatflows);
    deps.tools.replaceAll([]);
    void documentStores.reset();
  };
  deps.chatflows.replaceAll(seededChatflows);

  const app = createFlowiseApp(deps, documentStores, options);
  return {
    fetch: async (request) => app.fetch(request),
    reset,
    snapshot: () => ({ chatflows: deps.chatflows.list(), documentStores: documentStores.snapshot() }),
    apiKeys,
    onChatflowDeleted: (listener) => deps.chatflowDeleted.on(listener),
    ready: () => documentStores.ready(),
    describeEmbedding: () => documentStores.describeEmbedding(),
  };
}

function createFlowiseApp(
  deps: FlowiseDeps,
  documentStores: DocumentStoreService,
  options: FlowiseEmulatorOptions,
): Hono {
  const logError =
    options.logError ?? ((error) => console.error("flowise emulator: unhandled error:", error));
  const api = new Hono({ strict: false });
  // Route groups of the Flowise API, one folder each.
  api.route("/", createSystemRoutes(deps));
  api.route("/chatflows", createChatflowRoutes(deps));
  api.route("/tools", createToolRoutes(deps));
  api.route("/document-store", createDocumentStoreRoutes(documentStores));

  const app = new Hono({ strict: false });
  // Flowise's order: body parser, XSS sanitizer (decodeURI of the URL), API-key check, routes.
  app.use(bodyGuard(options.bodyLimitBytes ?? FLOWISE_BODY_LIMIT_BYTES));
  app.use(uriGuard());
  app.use(apiKeyAuth(deps.apiKeys));
  app.route("/api/v1", api);
  app.notFound((c) => flowiseError(c, 404, `Cannot ${c.req.method} ${requestPath(c.req.url)}`));
  app.onError((error, c) => {
    if (error instanceof FlowiseApiError) return flowiseError(c, error.status, error.message);
    if (!isClientGone(c.req.raw)) logError(error);
    return flowiseError(c, 500, error.message);
  });
  return app;
}
