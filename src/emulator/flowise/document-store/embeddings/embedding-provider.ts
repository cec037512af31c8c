import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ComponentConfig } from "../model/document-store-model.js";
import { LocalHashedEmbeddings } from "./local-hashed-embeddings.js";

/** The Flowise embedding node the emulator can really call when given a key. */
export const OPENAI_EMBEDDING_NAME = "openAIEmbeddings";
const DEFAULT_OPENAI_MODEL = "text-embedding-ada-002";

/**
 * Nothing here is read from the environment: the emulators run inside `check`, `call`, `run` and `mcp`
 * on a pull request's configs, and an `OPENAI_API_KEY` a CI runner holds for other work must not be
 * spent, nor the text a config chooses sent to OpenAI, unless the operator hands a key over on purpose
 * (`tooldeck serve --openai-key`).
 */
export interface EmbeddingProviderOptions {
  /** Key for `openAIEmbeddings`; without one (the default), the local embedding serves every name. */
  openAIApiKey?: string | undefined;
  /** An OpenAI-compatible base URL; default OpenAI's. A store's `basepath` is ignored: the key is the operator's. */
  openAIBaseUrl?: string | undefined;
  /** The embedding every other name (and `openAIEmbeddings` without a key) gets; default `LocalHashedEmbeddings`. */
  local?: EmbeddingsInterface;
  /** Loads `@langchain/openai`; a seam for tests. Default: a dynamic import of the optional dependency. */
  loadOpenAI?: () => Promise<OpenAIModule>;
}

/** The part of `@langchain/openai` the provider uses. */
export interface OpenAIModule {
  OpenAIEmbeddings: new (fields: Record<string, unknown>) => EmbeddingsInterface;
}

/** Which embedding really serves a store's embedding config. */
export interface EmbeddingProvider {
  /** The embeddings for a store's embedding config (any name is accepted). */
  embeddingsFor(config: ComponentConfig): Promise<EmbeddingsInterface>;
  /** One line for `tooldeck serve`: which embedding serves which names. */
  describe(): string;
  /** Whether `openAIEmbeddings` calls OpenAI (a key was given). */
  readonly usesOpenAI: boolean;
}

/**
 * Chooses the embedding behind each embedding name a client sends. Every name is accepted and
 * served by the local hashed embedding, except `openAIEmbeddings` when a key is given: then
 * `@langchain/openai` (an optional dependency, imported only then) calls OpenAI or the configured
 * OpenAI-compatible base URL with the store's `modelName`.
 * @example
 * const provider = createEmbeddingProvider({ openAIApiKey: process.env.TOOLDECK_OPENAI_KEY });
 * console.log(provider.describe());
 */
export function createEmbeddingProvider(options: EmbeddingProviderOptions = {}): EmbeddingProvider {
  const apiKey = options.openAIApiKey;
  const baseUrl = options.openAIBaseUrl;
  const local = options.local ?? new LocalHashedEmbeddings();
  const loadOpenAI = options.loadOpenAI ?? importOpenAI;
  const openAI = new Map<string, Promise<EmbeddingsInterface>>();

  return {
    usesOpenAI: Boolean(apiKey),
    async embeddingsFor(config) {
      if (config.name !== OPENAI_EMBEDDING_NAME || !apiKey) return local;
      const fields = openAIFields(config.config, apiKey, baseUrl);
      const key = JSON.stringify(fields);
      let embeddings = openAI.get(key);
      if (!embeddings) {
        embeddings = loadOpenAI().then((module) => new module.OpenAIEmbeddings(fields));
        embeddings.catch(() => openAI.delete(key));
        openAI.set(key, embeddings);
      }
      return embeddings;
    },
    describe() {
      const localText = describeLocal(local);
      if (!apiKey) return `${localText} for every embedding name (no OpenAI key given)`;
      return `OpenAI (${baseUrl ?? "https://api.openai.com/v1"}) for ${OPENAI_EMBEDDING_NAME}; ${localText} for every other name`;
    },
  };
}

/**
 * The OpenAIEmbeddings options for a store's config. The key is the operator's, so it goes only to the
 * operator's base URL: a `basepath` in the store's config (a client's choice, in Flowise a way to reach
 * an OpenAI-compatible server) is ignored, or any client could have the key sent to its own server.
 */
function openAIFields(config: Record<string, unknown>, apiKey: string, baseUrl: string | undefined) {
  const fields: Record<string, unknown> = {
    apiKey,
    model: typeof config.modelName === "string" && config.modelName ? config.modelName : DEFAULT_OPENAI_MODEL,
  };
  const dimensions = Number(config.dimensions);
  if (Number.isInteger(dimensions) && dimensions > 0) fields.dimensions = dimensions;
  const batchSize = Number(config.batchSize);
  if (Number.isInteger(batchSize) && batchSize > 0) fields.batchSize = batchSize;
  if (baseUrl) fields.configuration = { baseURL: baseUrl };
  return fields;
}

function describeLocal(local: EmbeddingsInterface): string {
  if (local instanceof LocalHashedEmbeddings) {
    return `local hashed n-gram embedding (${local.dimensions} dimensions, no network)`;
  }
  return "the injected local embedding";
}

async function importOpenAI(): Promise<OpenAIModule> {
  const specifier = "@langchain/openai";
  try {
    return (await import(specifier)) as OpenAIModule;
  } catch (cause) {
    throw new Error(
      `${OPENAI_EMBEDDING_NAME} needs the optional dependency @langchain/openai (npm install @langchain/openai): ${(cause as Error).message}`,
    );
  }
}
