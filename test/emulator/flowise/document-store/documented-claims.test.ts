import { describe, expect, test } from "vitest";
import { createDocumentStoreService } from "../../../../src/emulator/flowise/document-store/document-store-service.js";

/** What docs/document-stores.md says of re-upserts and loaders, checked. */
describe("docs/document-stores.md", () => {
  const paragraphs = (n: number) =>
    Array.from({ length: n }, (_, i) => `paragraph number ${i} with some words`).join("\n\n");
  const textFile = (text: string) =>
    `data:text/plain;base64,${Buffer.from(text).toString("base64")},filename:a.txt`;
  const upsertBody = (text: string, cleanup: string) => ({
    loader: { name: "textFile", config: { txtFile: textFile(text) } },
    splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 40, chunkOverlap: "0" } },
    embedding: { name: "openAIEmbeddings" },
    vectorStore: { name: "faiss" },
    recordManager: { name: "postgresRecordManager", config: { cleanup } },
  });

  test.each([
    ["none", 250, { numAdded: 0, numSkipped: 250, numDeleted: 0 }],
    ["incremental", 100, { numAdded: 0, numSkipped: 100, numDeleted: 0 }],
    ["incremental", 250, { numAdded: 150, numSkipped: 100, numDeleted: 150 }],
  ])("an unchanged re-upsert with cleanup %s of %i chunks of one source", async (cleanup, chunks, counts) => {
    const stores = createDocumentStoreService({ workspaceId: "w" });
    const store = await stores.createStore({ name: "Docs" });
    const body = upsertBody(paragraphs(chunks), cleanup);
    const first = await stores.upsert(store.id, body);
    expect(first.numAdded).toBe(chunks);
    const again = await stores.upsert(store.id, { ...body, docId: first.docId, replaceExisting: true });
    expect(again).toMatchObject(counts);
  });

  test("a web loader over a docId whose config names stored files re-loads those files", async () => {
    const stores = createDocumentStoreService({ workspaceId: "w" });
    const store = await stores.createStore({ name: "Docs" });
    const first = await stores.upsert(store.id, upsertBody(paragraphs(3), "none"));
    const web = await stores.upsert(store.id, {
      docId: first.docId,
      replaceExisting: true,
      loader: { name: "cheerioWebScraper", config: { url: "http://example.invalid/" } },
    });
    expect(web).toMatchObject({ numAdded: 0, numSkipped: 3 });
  });

  test("a web loader with no stored file is refused", async () => {
    const stores = createDocumentStoreService({ workspaceId: "w" });
    const store = await stores.createStore({ name: "Docs" });
    await expect(
      stores.upsert(store.id, {
        loader: { name: "cheerioWebScraper", config: { url: "http://example.invalid/" } },
        embedding: { name: "openAIEmbeddings" },
        vectorStore: { name: "faiss" },
      }),
    ).rejects.toThrow("is not supported by the emulator without files");
  });
});
