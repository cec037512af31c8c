import { describe, expect, test } from "vitest";
import { WORKSPACE } from "../support.js";
import { client, flowiseError, plainTextUpsert, SKY, useDocumentStoreEmulator } from "./harness.js";

const UNKNOWN = "99999999-9999-4999-8999-999999999999";
/** 120 one-line paragraphs: 120 chunks with a 60-character splitter. */
const LINES = Array.from({ length: 120 }, (_, i) => `Line number ${i + 1} of the long text.`).join("\n\n");

describe("document stores: chunks", () => {
  const { transports } = useDocumentStoreEmulator();

  describe.each(transports)("over $name", (transport) => {
    const api = client(transport);
    const twoLoaders = async () => {
      const store = await api.createStore("Chunky", "pages");
      const long = await api.upsert(store.id, plainTextUpsert(LINES));
      const sky = await api.upsert(store.id, plainTextUpsert(SKY));
      return { store, long: long.docId as string, sky: sky.docId as string };
    };

    test("pages of 50, 1-based, by chunkNo, with the loader, the store and the loader's characters", async () => {
      const { store, long } = await twoLoaders();
      const page1 = await api.chunks(store.id, long, 1);
      expect(page1.chunks).toHaveLength(50);
      expect(page1.chunks[0]).toEqual({
        id: expect.any(String),
        docId: long,
        storeId: store.id,
        chunkNo: 1,
        pageContent: "Line number 1 of the long text.",
        metadata: JSON.stringify({ loc: { lines: { from: 1, to: 1 } } }),
      });
      expect(page1).toMatchObject({
        count: 120,
        currentPage: 1,
        storeName: "Chunky",
        description: "pages",
        workspaceId: WORKSPACE,
        docId: long,
        characters: page1.file.totalChars,
        // Flowise reports the loader with the store's status.
        file: { id: long, loaderId: "plainText", totalChunks: 120, status: "UPSERTED" },
      });
      const page3 = await api.chunks(store.id, long, 3);
      expect(page3.chunks.map((chunk: { chunkNo: number }) => chunk.chunkNo)).toEqual(
        Array.from({ length: 20 }, (_, i) => 101 + i),
      );
      expect((await api.chunks(store.id, long, 4)).chunks).toEqual([]);
    });

    test("loader `all` pages every chunk of the store, without a file, with the store's characters", async () => {
      const { store } = await twoLoaders();
      const all = await api.chunks(store.id, "all", 1);
      const dto = await api.getStore(store.id);
      expect(all.count).toBe(123);
      expect(all.characters).toBe(dto.totalChars);
      expect(all).not.toHaveProperty("file");
      expect(all.chunks.slice(0, 4).map((chunk: { chunkNo: number }) => chunk.chunkNo)).toEqual([1, 1, 2, 2]);
    });

    test.each([
      [
        "store",
        (ids: { long: string }) => [UNKNOWN, ids.long],
        `Error: documentStoreServices.getDocumentStoreFileChunks - Error: documentStoreServices.getDocumentStoreById - Document store ${UNKNOWN} not found`,
      ],
      [
        "loader",
        (ids: { store: { id: string } }) => [ids.store.id, UNKNOWN],
        `Error: documentStoreServices.getDocumentStoreFileChunks - Error: documentStoreServices.getDocumentStoreById - Document loader ${UNKNOWN} not found`,
      ],
    ])("an unknown %s is Flowise's nested 500", async (_name, pick, message) => {
      const ids = await twoLoaders();
      const [storeId, loaderId] = pick(ids as never);
      expect(await api.call("GET", `/document-store/chunks/${storeId}/${loaderId}/1`)).toMatchObject({
        status: 500,
        body: flowiseError(500, message),
      });
    });

    test.each(["0", "abc", "-2"])("page %s is refused with 412", async (page) => {
      const { store, long } = await twoLoaders();
      expect(await api.call("GET", `/document-store/chunks/${store.id}/${long}/${page}`)).toMatchObject({
        status: 412,
        body: flowiseError(
          412,
          `Error: documentStoreController.getDocumentStoreFileChunks - pageNo must be a positive integer, got '${page}'`,
        ),
      });
    });

    test("PUT a chunk: new text and metadata (stored as a JSON string), totals kept right, page 1 answered", async () => {
      const { store, sky } = await twoLoaders();
      const before = await api.getStore(store.id);
      const [first] = (await api.chunks(store.id, sky)).chunks;
      const page = await api.ok("PUT", `/document-store/chunks/${store.id}/${sky}/${first.id}`, {
        pageContent: "Edited.",
        metadata: { edited: true },
      });
      expect(page.currentPage).toBe(1);
      expect(page.chunks[0]).toEqual({ ...first, pageContent: "Edited.", metadata: '{"edited":true}' });
      const delta = "Edited.".length - first.pageContent.length;
      expect(page.characters).toBe(before.loaders[1].totalChars + delta);
      expect((await api.getStore(store.id)).totalChars).toBe(before.totalChars + delta);
    });

    test("DELETE a chunk: count, characters and totals go down, page 1 answered", async () => {
      const { store, sky } = await twoLoaders();
      const before = await api.getStore(store.id);
      const [first] = (await api.chunks(store.id, sky)).chunks;
      const page = await api.ok("DELETE", `/document-store/chunks/${store.id}/${sky}/${first.id}`);
      expect(page.count).toBe(2);
      expect(page.chunks.map((chunk: { chunkNo: number }) => chunk.chunkNo)).toEqual([2, 3]);
      expect(page.characters).toBe(before.loaders[1].totalChars - first.pageContent.length);
      const after = await api.getStore(store.id);
      expect([after.totalChunks, after.totalChars]).toEqual([
        before.totalChunks - 1,
        before.totalChars - first.pageContent.length,
      ]);
      expect(page.file.totalChunks).toBe(2);
    });

    test.each([
      ["PUT", "editDocumentStoreFileChunk"],
      ["DELETE", "deleteDocumentStoreFileChunk"],
    ])("%s of an unknown store, loader or chunk is a 500 naming it", async (method, service) => {
      const { store, sky, long } = await twoLoaders();
      const [chunkOfLong] = (await api.chunks(store.id, long)).chunks;
      const body = { pageContent: "x", metadata: {} };
      const prefix = `Error: documentStoreServices.${service} - `;
      for (const [path, message] of [
        [`${UNKNOWN}/${sky}/${chunkOfLong.id}`, `Document store ${UNKNOWN} not found`],
        [`${store.id}/${UNKNOWN}/${chunkOfLong.id}`, `Document store loader ${UNKNOWN} not found`],
        [`${store.id}/${sky}/${UNKNOWN}`, `Document Chunk ${UNKNOWN} not found`],
        // A chunk of another loader is not a chunk of this one.
        [`${store.id}/${sky}/${chunkOfLong.id}`, `Document Chunk ${chunkOfLong.id} not found`],
      ]) {
        expect(await api.call(method, `/document-store/chunks/${path}`, body)).toMatchObject({
          status: 500,
          body: flowiseError(500, prefix + message),
        });
      }
      expect((await api.getStore(store.id)).totalChunks).toBe(123);
    });

    test("PUT without pageContent is a 500 and changes nothing", async () => {
      const { store, sky } = await twoLoaders();
      const [first] = (await api.chunks(store.id, sky)).chunks;
      expect(
        await api.call("PUT", `/document-store/chunks/${store.id}/${sky}/${first.id}`, { metadata: {} }),
      ).toMatchObject({
        status: 500,
        body: flowiseError(
          500,
          "Error: documentStoreServices.editDocumentStoreFileChunk - pageContent must be a string",
        ),
      });
      expect((await api.chunks(store.id, sky)).chunks[0]).toEqual(first);
    });
  });
});
