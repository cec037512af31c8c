import { describe, expect, test } from "vitest";
import { generatedId, NOW, SEED_IDS, WORKSPACE } from "../support.js";
import { client, flowiseError, plainTextUpsert, SKY, useDocumentStoreEmulator } from "./harness.js";

const UNKNOWN = "99999999-9999-4999-8999-999999999999";

describe("document stores: store CRUD", () => {
  const { emulator, transports } = useDocumentStoreEmulator();

  describe.each(transports)("over $name", (transport) => {
    const api = client(transport);

    test("POST /store answers the raw entity: JSON columns as strings, EMPTY, ids and dates set", async () => {
      const answer = await api.call("POST", "/document-store/store", {
        name: "Docs",
        description: "about the sky",
        id: "mine",
        createdDate: "1999-01-01T00:00:00.000Z",
        workspaceId: "other",
      });
      expect(answer.status).toBe(200);
      expect(answer.type).toBe("application/json; charset=utf-8");
      expect(answer.body).toEqual({
        id: generatedId(1),
        name: "Docs",
        description: "about the sky",
        loaders: "[]",
        whereUsed: "[]",
        createdDate: NOW,
        updatedDate: NOW,
        status: "EMPTY",
        vectorStoreConfig: null,
        embeddingConfig: null,
        recordManagerConfig: null,
        workspaceId: WORKSPACE,
      });
    });

    test.each([
      [
        { description: "no name" },
        "Error: documentStoreServices.createDocumentStore - SQLITE_CONSTRAINT: NOT NULL constraint failed: document_store.name",
      ],
      [{ name: 42 }, "Error: documentStoreServices.createDocumentStore - name must be a string, got number"],
      [
        { name: "x", description: ["a"] },
        "Error: documentStoreServices.createDocumentStore - description must be a string, got object",
      ],
    ])("POST /store %j is a 500 and creates nothing", async (body, message) => {
      const answer = await api.call("POST", "/document-store/store", body);
      expect(answer).toMatchObject({ status: 500, body: flowiseError(500, message) });
      expect(emulator.snapshot().documentStores).toEqual([]);
    });

    test("malformed JSON is a 400 with the parser's message, before anything else", async () => {
      const answer = await api.call("POST", "/document-store/store", '{"name":');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/JSON/);
    });

    test("without a key every route is 401 Unauthorized Access", async () => {
      const answer = await api.call("GET", "/document-store/store", undefined, { headers: {} });
      expect(answer).toMatchObject({ status: 401, body: { error: "Unauthorized Access" } });
    });

    test("GET /store lists DTOs newest first; ?page&limit gives {total, data}; negative page is 412", async () => {
      const first = await api.createStore("First");
      const second = await api.createStore("Second");
      const list = await api.ok("GET", "/document-store/store");
      expect(list.map((store: { name: string }) => store.name)).toEqual(["Second", "First"]);
      expect(list[0]).toEqual({
        id: second.id,
        name: "Second",
        description: "test store",
        loaders: [],
        whereUsed: [],
        createdDate: NOW,
        updatedDate: NOW,
        status: "EMPTY",
        vectorStoreConfig: null,
        embeddingConfig: null,
        recordManagerConfig: null,
        workspaceId: WORKSPACE,
        totalChars: 0,
        totalChunks: 0,
      });
      expect(await api.ok("GET", "/document-store/store?page=2&limit=1")).toEqual({
        total: 2,
        data: [expect.objectContaining({ id: first.id })],
      });
      expect(await api.call("GET", "/document-store/store?page=-1&limit=1")).toMatchObject({
        status: 412,
        body: flowiseError(412, "Error: page cannot be negative!"),
      });
    });

    test("GET /store/:id names the flows in whereUsed that exist; the list keeps ids", async () => {
      const store = await api.createStore();
      await api.ok("PUT", `/document-store/store/${store.id}`, {
        whereUsed: JSON.stringify([SEED_IDS.beta, UNKNOWN]),
      });
      expect((await api.getStore(store.id)).whereUsed).toEqual([{ id: SEED_IDS.beta, name: "Beta" }]);
      expect((await api.ok("GET", "/document-store/store"))[0].whereUsed).toEqual([SEED_IDS.beta, UNKNOWN]);
    });

    test("deleting a chatflow removes it from every store's whereUsed", async () => {
      const store = await api.createStore();
      await api.ok("PUT", `/document-store/store/${store.id}`, {
        whereUsed: [SEED_IDS.beta, SEED_IDS.alpha],
      });
      await api.ok("DELETE", `/chatflows/${SEED_IDS.beta}`);
      expect((await api.ok("GET", "/document-store/store"))[0].whereUsed).toEqual([SEED_IDS.alpha]);
    });

    test("GET /store/:id of an unknown store is 404", async () => {
      expect(await api.call("GET", `/document-store/store/${UNKNOWN}`)).toMatchObject({
        status: 404,
        body: flowiseError(
          404,
          `Error: documentStoreServices.getDocumentStoreById - Document store ${UNKNOWN} not found`,
        ),
      });
    });

    test("PUT /store/:id copies only the fields given (JSON columns as strings or JSON) and answers the DTO", async () => {
      const store = await api.createStore("Old", "old text");
      const dto = await api.ok("PUT", `/document-store/store/${store.id}`, {
        name: "New",
        status: "SYNC",
        id: "ignored",
        embeddingConfig: JSON.stringify({ name: "cohereEmbeddings", config: { model: "x" } }),
        vectorStoreConfig: { name: "pinecone", config: { topK: 2 } },
      });
      expect(dto).toMatchObject({
        id: store.id,
        name: "New",
        description: "old text",
        status: "EMPTY",
        embeddingConfig: { name: "cohereEmbeddings", config: { model: "x" } },
        vectorStoreConfig: { name: "pinecone", config: { topK: 2 } },
        recordManagerConfig: null,
      });
    });

    test.each([
      [{ loaders: "[oops" }, "loaders is not valid JSON: "],
      [{ whereUsed: '{"a":1}' }, "whereUsed: expected array, received object"],
      [{ embeddingConfig: { config: {} } }, "embeddingConfig.name: expected string, received undefined"],
      [{ name: 5 }, "name: expected string, received number"],
    ])("PUT %j is a 500 and changes nothing", async (body, message) => {
      const store = await api.createStore("Keep");
      const answer = await api.call("PUT", `/document-store/store/${store.id}`, body);
      expect(answer.status).toBe(500);
      expect(answer.body.message).toContain(`Error: documentStoreServices.updateDocumentStore - ${message}`);
      expect((await api.getStore(store.id)).name).toBe("Keep");
    });

    test("PUT of an unknown store is 404", async () => {
      expect(await api.call("PUT", `/document-store/store/${UNKNOWN}`, { name: "x" })).toMatchObject({
        status: 404,
        body: flowiseError(
          404,
          `Error: documentStoreServices.getDocumentStoreById - Document store ${UNKNOWN} not found`,
        ),
      });
    });

    test('DELETE /store/:id removes the store with its chunks and vectors: {"deleted":1}; again is a 500', async () => {
      const store = await api.createStore();
      await api.upsert(store.id, plainTextUpsert(SKY));
      expect(await api.ok("DELETE", `/document-store/store/${store.id}`)).toEqual({ deleted: 1 });
      expect(emulator.snapshot().documentStores).toEqual([]);
      expect(await api.call("DELETE", `/document-store/store/${store.id}`)).toMatchObject({
        status: 500,
        body: flowiseError(
          500,
          `Error: documentStoreServices.deleteDocumentStore - Document store ${store.id} not found`,
        ),
      });
    });
  });
});
