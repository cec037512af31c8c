import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createDocumentStoreService } from "../../../../src/emulator/flowise/document-store/document-store-service.js";
import { createEmbeddingProvider } from "../../../../src/emulator/flowise/document-store/embeddings/embedding-provider.js";
import { LocalHashedEmbeddings } from "../../../../src/emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
import { serve } from "../../../../src/emulator/serve.js";

/** An OpenAI-compatible `/v1/embeddings` on loopback that records what it was asked. */
function fakeOpenAI() {
  const requests: { authorization: string | undefined; model: string; input: string[] }[] = [];
  const app = new Hono();
  app.post("/v1/embeddings", async (c) => {
    const body = (await c.req.json()) as {
      model: string;
      input: string | string[];
      encoding_format?: string;
    };
    const input = Array.isArray(body.input) ? body.input : [body.input];
    requests.push({ authorization: c.req.header("authorization"), model: body.model, input });
    const data = input.map((text, index) => {
      const vector = [text.length, 1, 0];
      // The openai SDK asks for base64 (little-endian float32) unless told otherwise.
      const embedding =
        body.encoding_format === "base64"
          ? Buffer.from(new Float32Array(vector).buffer).toString("base64")
          : vector;
      return { object: "embedding", index, embedding };
    });
    return c.json({ object: "list", data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } });
  });
  return { app, requests };
}

describe("embedding provider", () => {
  test("without a key every name, openAIEmbeddings included, gets the local embedding", async () => {
    const provider = createEmbeddingProvider();
    for (const name of ["openAIEmbeddings", "cohereEmbeddings", "anything"]) {
      expect(await provider.embeddingsFor({ name, config: {} })).toBeInstanceOf(LocalHashedEmbeddings);
    }
    expect(provider.usesOpenAI).toBe(false);
    expect(provider.describe()).toBe(
      "local hashed n-gram embedding (512 dimensions, no network) for every embedding name (no OpenAI key given)",
    );
  });

  test("the key and base URL given are used", () => {
    const provider = createEmbeddingProvider({
      openAIApiKey: "sk-given",
      openAIBaseUrl: "http://127.0.0.1:9/v1",
    });
    expect(provider.usesOpenAI).toBe(true);
    expect(provider.describe()).toBe(
      "OpenAI (http://127.0.0.1:9/v1) for openAIEmbeddings; local hashed n-gram embedding (512 dimensions, no network) for every other name",
    );
  });

  test("OPENAI_API_KEY in the environment is never read: a runner's key is not spent", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-runner");
    vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
    try {
      const provider = createEmbeddingProvider();
      expect(provider.usesOpenAI).toBe(false);
      expect(await provider.embeddingsFor({ name: "openAIEmbeddings", config: {} })).toBeInstanceOf(
        LocalHashedEmbeddings,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test("a missing @langchain/openai is a clear error", async () => {
    const provider = createEmbeddingProvider({
      openAIApiKey: "sk-test",
      loadOpenAI: () =>
        Promise.reject(
          new Error(
            "openAIEmbeddings needs the optional dependency @langchain/openai (npm install @langchain/openai)",
          ),
        ),
    });
    await expect(provider.embeddingsFor({ name: "openAIEmbeddings", config: {} })).rejects.toThrow(
      "npm install @langchain/openai",
    );
  });

  describe("with a key, openAIEmbeddings calls the OpenAI-compatible base URL", () => {
    const fake = fakeOpenAI();
    let baseUrl = "";
    let close = async () => {};
    beforeAll(async () => {
      const server = await serve(fake.app.fetch, { port: 0 });
      baseUrl = `${server.url}/v1`;
      close = server.close;
    });
    afterAll(() => close());

    test("upsert and query go through @langchain/openai with the key, the store's model and the base URL", async () => {
      const stores = createDocumentStoreService({
        workspaceId: "w",
        embeddings: { openAIApiKey: "sk-test", openAIBaseUrl: baseUrl },
      });
      const store = await stores.createStore({ name: "Remote" });
      const result = await stores.upsert(store.id, {
        loader: { name: "plainText", config: { text: "short one\n\na much longer paragraph" } },
        splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 25, chunkOverlap: "0" } },
        embedding: { name: "openAIEmbeddings", config: { modelName: "text-embedding-3-small" } },
        vectorStore: { name: "faiss" },
      });
      expect(result.numAdded).toBe(2);
      const answer = await stores.query({
        storeId: store.id,
        query: "a much longer paragraph",
        inputs: { topK: 1 },
      });
      expect(answer.docs.map((doc) => doc.pageContent)).toEqual(["a much longer paragraph"]);
      expect(fake.requests.map((request) => [request.authorization, request.model, request.input])).toEqual([
        ["Bearer sk-test", "text-embedding-3-small", ["short one", "a much longer paragraph"]],
        ["Bearer sk-test", "text-embedding-3-small", ["a much longer paragraph"]],
      ]);
    });

    test("a store's basepath never receives the operator's key: the operator's base URL is used", async () => {
      const attacker = fakeOpenAI();
      const trap = await serve(attacker.app.fetch, { port: 0 });
      try {
        const stores = createDocumentStoreService({
          workspaceId: "w",
          embeddings: { openAIApiKey: "sk-operator", openAIBaseUrl: baseUrl },
        });
        const store = await stores.createStore({ name: "Hostile" });
        await stores.upsert(store.id, {
          loader: { name: "plainText", config: { text: "exfiltrate" } },
          splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 25, chunkOverlap: "0" } },
          embedding: { name: "openAIEmbeddings", config: { basepath: `${trap.url}/v1` } },
          vectorStore: { name: "faiss" },
        });
        expect(attacker.requests).toEqual([]);
        expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk-operator");
      } finally {
        await trap.close();
      }
    });
  });
});
