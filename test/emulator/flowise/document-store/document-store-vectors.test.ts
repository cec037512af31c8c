import { describe, expect, test } from "vitest";
import { client, flowiseError, plainTextUpsert, SKY, useDocumentStoreEmulator } from "./harness.js";

const UNKNOWN = "99999999-9999-4999-8999-999999999999";
const RECORD_MANAGER = { name: "postgresRecordManager", config: { cleanup: "incremental" } };
const BEES =
  "Honey bees live in colonies with one queen.\n\nWorkers collect nectar and pollen.\n\nDrones mate with queens.";

describe("document stores: query and vector data", () => {
  const { emulator, transports } = useDocumentStoreEmulator();
  const vectorCount = (id: string) =>
    emulator.snapshot().documentStores.find((entry) => entry.store.id === id)?.vectors;

  describe.each(transports)("over $name", (transport) => {
    const api = client(transport);
    const skyAndBees = async (extra: Record<string, unknown> = {}) => {
      const store = await api.createStore();
      const sky = await api.upsert(store.id, plainTextUpsert(SKY, { ...extra, metadata: { source: "sky" } }));
      const bees = await api.upsert(
        store.id,
        plainTextUpsert(BEES, { ...extra, metadata: { source: "bees" } }),
      );
      return { store, sky: sky.docId as string, bees: bees.docId as string };
    };

    test("a query answers the 4 nearest chunks, best first, with their chunk id, chunkNo and metadata", async () => {
      const { store, bees } = await skyAndBees();
      const chunks = (await api.chunks(store.id, bees)).chunks;
      const answer = await api.query({
        storeId: store.id,
        query: "who collects nectar and pollen in the colony?",
      });
      expect(answer.timeTaken).toBe(0);
      expect(answer.docs).toHaveLength(4);
      expect(answer.docs[0]).toEqual({
        pageContent: "Workers collect nectar and pollen.",
        metadata: { loc: { lines: { from: 3, to: 3 } }, source: "bees", docId: bees },
        id: chunks[1].id,
        chunkNo: 2,
      });
    });

    test("inputs.topK overlays the vector store config; the config's topK is the default", async () => {
      const { store } = await skyAndBees({ vectorStore: { name: "faiss", config: { topK: "2" } } });
      expect((await api.query({ storeId: store.id, query: "sky" })).docs).toHaveLength(2);
      expect((await api.query({ storeId: store.id, query: "sky", inputs: { topK: 5 } })).docs).toHaveLength(
        5,
      );
    });

    test("a store on memoryVectorStore answers every query with no documents (nothing outlives a request)", async () => {
      const { store } = await skyAndBees({ vectorStore: { name: "memoryVectorStore", config: {} } });
      expect(await api.getStore(store.id)).toMatchObject({
        status: "UPSERTED",
        totalChunks: 6,
        vectorStoreConfig: { name: "memoryVectorStore", config: {} },
      });
      expect(await api.query({ storeId: store.id, query: "who collects nectar and pollen?" })).toEqual({
        timeTaken: 0,
        docs: [],
      });
      expect((await api.query({ storeId: store.id, query: "sky", inputs: { topK: 5 } })).docs).toEqual([]);
    });

    test("a store on another vector store (faiss) keeps its vectors between requests", async () => {
      const { store } = await skyAndBees({ vectorStore: { name: "faiss", config: {} } });
      expect((await api.query({ storeId: store.id, query: "sky" })).docs).toHaveLength(4);
    });

    test("a vector whose chunk text changed has no chunk: a fresh id and chunkNo -1", async () => {
      const { store, sky } = await skyAndBees();
      const [first] = (await api.chunks(store.id, sky)).chunks;
      await api.ok("PUT", `/document-store/chunks/${store.id}/${sky}/${first.id}`, {
        pageContent: "Rewritten.",
        metadata: {},
      });
      const [best] = (
        await api.query({ storeId: store.id, query: "why is the sky blue sunlight scatters air molecules" })
      ).docs;
      expect(best).toMatchObject({ pageContent: first.pageContent, chunkNo: -1 });
      expect(best.id).not.toBe(first.id);
    });

    test.each([
      [() => ({ storeId: UNKNOWN, query: "x" }), `Document store ${UNKNOWN} not found`],
      [
        (id: string) => ({ storeId: id, query: "x", inputs: { topK: "none" } }),
        'topK must be a positive number, got "none"',
      ],
      [(id: string) => ({ storeId: id, query: 42 }), "query must be a string"],
    ])("query %# is a 500 naming the problem", async (body, message) => {
      const { store } = await skyAndBees();
      expect(await api.call("POST", "/document-store/vectorstore/query", body(store.id))).toMatchObject({
        status: 500,
        body: flowiseError(500, `Error: documentStoreServices.queryVectorStore - ${message}`),
      });
    });

    test("a store without an embedding or vector store config cannot be queried", async () => {
      const store = await api.createStore();
      expect(
        (await api.call("POST", "/document-store/vectorstore/query", { storeId: store.id, query: "x" })).body,
      ).toEqual(
        flowiseError(
          500,
          `Error: documentStoreServices.queryVectorStore - Embedding for ${store.id} is not configured`,
        ),
      );
      await api.ok("PUT", `/document-store/store/${store.id}`, {
        embeddingConfig: { name: "openAIEmbeddings", config: {} },
      });
      expect(
        (await api.call("POST", "/document-store/vectorstore/query", { storeId: store.id, query: "x" })).body,
      ).toEqual(
        flowiseError(
          500,
          `Error: documentStoreServices.queryVectorStore - Vector Store for ${store.id} is not configured`,
        ),
      );
    });

    test("DELETE /loader removes the loader and its chunks but keeps its vectors, and answers the DTO", async () => {
      const { store, sky, bees } = await skyAndBees();
      const dto = await api.ok("DELETE", `/document-store/loader/${store.id}/${sky}`);
      expect(dto.loaders.map((loader: { id: string }) => loader.id)).toEqual([bees]);
      expect(dto).toMatchObject({ totalChunks: 3, status: "UPSERTED" });
      expect((await api.chunks(store.id, "all")).count).toBe(3);
      expect(vectorCount(store.id)).toBe(6);
      const [best] = (await api.query({ storeId: store.id, query: "sunsets look red" })).docs;
      expect(best).toMatchObject({
        pageContent: "Sunsets look red because light crosses more air.",
        chunkNo: -1,
      });
    });

    test("DELETE /loader of an unknown loader or store is a 500", async () => {
      const { store } = await skyAndBees();
      expect((await api.call("DELETE", `/document-store/loader/${store.id}/${UNKNOWN}`)).body).toEqual(
        flowiseError(
          500,
          "Error: documentStoreServices.deleteLoaderFromDocumentStore - Unable to locate loader in Document Store Docs",
        ),
      );
      expect((await api.call("DELETE", `/document-store/loader/${UNKNOWN}/${UNKNOWN}`)).body).toEqual(
        flowiseError(
          500,
          `Error: documentStoreServices.deleteLoaderFromDocumentStore - Error: documentStoreServices.deleteLoaderFromDocumentStore - Document store ${UNKNOWN} not found`,
        ),
      );
    });

    test("DELETE /vectorstore removes only what the record manager inserted: 200, JSON type, empty body", async () => {
      const store = await api.createStore();
      await api.upsert(store.id, plainTextUpsert(SKY, { metadata: { source: "sky" } }));
      await api.upsert(
        store.id,
        plainTextUpsert(BEES, { metadata: { source: "bees" }, recordManager: RECORD_MANAGER }),
      );
      expect(vectorCount(store.id)).toBe(6);
      const answer = await api.call("DELETE", `/document-store/vectorstore/${store.id}`);
      expect(answer).toEqual({ status: 200, type: "application/json; charset=utf-8", body: "" });
      expect(vectorCount(store.id)).toBe(3);
      const docs = (await api.query({ storeId: store.id, query: "bees", inputs: { topK: 10 } })).docs;
      expect(docs.every((doc: { metadata: { source: string } }) => doc.metadata.source === "sky")).toBe(true);
    });

    test("DELETE /vectorstore?docId= removes only that loader's record-managed vectors", async () => {
      const { store, sky } = await skyAndBees({ recordManager: RECORD_MANAGER });
      expect((await api.call("DELETE", `/document-store/vectorstore/${store.id}?docId=${sky}`)).status).toBe(
        200,
      );
      expect(vectorCount(store.id)).toBe(3);
      const snapshot = emulator.snapshot().documentStores[0];
      expect(snapshot?.recordKeys).toBe(3);
    });

    test.each([
      [
        "no record manager",
        (id: string) => id,
        (id: string) => `Record Manager for Document Store ${id} is needed to delete data from Vector Store`,
      ],
      ["an unknown store", () => UNKNOWN, () => `Document store ${UNKNOWN} not found`],
    ])("DELETE /vectorstore with %s is a 500", async (_name, path, message) => {
      const { store } = await skyAndBees();
      expect((await api.call("DELETE", `/document-store/vectorstore/${path(store.id)}`)).body).toEqual(
        flowiseError(500, `Error: documentStoreServices.deleteVectorStoreFromStore - ${message(store.id)}`),
      );
      expect(vectorCount(store.id)).toBe(6);
    });

    test("DELETE /vectorstore of a store without embedding config names what is missing", async () => {
      const store = await api.createStore();
      expect((await api.call("DELETE", `/document-store/vectorstore/${store.id}`)).body).toEqual(
        flowiseError(
          500,
          `Error: documentStoreServices.deleteVectorStoreFromStore - Embedding for Document store ${store.id} not found`,
        ),
      );
      await api.ok("PUT", `/document-store/store/${store.id}`, {
        embeddingConfig: { name: "openAIEmbeddings" },
      });
      expect((await api.call("DELETE", `/document-store/vectorstore/${store.id}`)).body).toEqual(
        flowiseError(
          500,
          `Error: documentStoreServices.deleteVectorStoreFromStore - Vector Store for Document store ${store.id} not found`,
        ),
      );
    });
  });
});
