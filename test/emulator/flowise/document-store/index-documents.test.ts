import { Document } from "@langchain/core/documents";
import { describe, expect, test } from "vitest";
import { LocalHashedEmbeddings } from "../../../../src/emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
import { FlatVectorStore } from "../../../../src/emulator/flowise/document-store/vector-store/flat-vector-store.js";
import { indexDocuments } from "../../../../src/emulator/flowise/document-store/vector-store/index-documents.js";
import { MemoryRecordManager } from "../../../../src/emulator/flowise/document-store/vector-store/memory-record-manager.js";
import { StagedVectorStore } from "../../../../src/emulator/flowise/document-store/vector-store/staged-vector-store.js";

const embeddings = new LocalHashedEmbeddings({ dimensions: 32 });

function docs(source: string, ...texts: string[]): Document[] {
  return texts.map((text) => new Document({ pageContent: text, metadata: { source } }));
}

/** One upsert as the service runs it: staged writes on a record-manager copy, committed together. */
async function upsert(
  store: FlatVectorStore,
  records: MemoryRecordManager | undefined,
  documents: Document[],
  cleanup?: string,
) {
  const staged = new StagedVectorStore(store, embeddings);
  const manager = records?.clone();
  const result = await indexDocuments(
    documents,
    staged,
    manager ? { manager, settings: { cleanup } } : undefined,
  );
  await staged.commit();
  return { result, records: manager };
}

describe("indexDocuments", () => {
  test("without a record manager every run adds every document again (Flowise #4873)", async () => {
    const store = new FlatVectorStore(embeddings);
    const first = await upsert(store, undefined, docs("a", "one", "two"));
    const second = await upsert(store, undefined, docs("a", "one", "two"));
    expect(first.result).toEqual({
      numAdded: 2,
      addedDocs: [
        { pageContent: "one", metadata: { source: "a" } },
        { pageContent: "two", metadata: { source: "a" } },
      ],
    });
    expect(second.result.numAdded).toBe(2);
    expect(store.size).toBe(4);
  });

  test("with a record manager an unchanged re-run skips, and counts are LangChain's", async () => {
    const store = new FlatVectorStore(embeddings);
    const first = await upsert(store, new MemoryRecordManager("s"), docs("a", "one", "two"));
    const second = await upsert(store, first.records, docs("a", "one", "two"));
    expect(first.result).toMatchObject({
      numAdded: 2,
      numDeleted: 0,
      numUpdated: 0,
      numSkipped: 0,
      totalKeys: 2,
    });
    expect(second.result).toEqual({
      numAdded: 0,
      numDeleted: 0,
      numUpdated: 0,
      numSkipped: 2,
      totalKeys: 2,
      addedDocs: [],
    });
    expect(store.size).toBe(2);
  });

  test.each([
    ["none", 3, 3, 0],
    ["incremental", 2, 2, 1],
    ["full", 2, 2, 1],
  ])(
    "cleanup %s after a changed document: %i vectors, %i keys, %i deleted",
    async (cleanup, size, keys, deleted) => {
      const store = new FlatVectorStore(embeddings);
      const first = await upsert(store, new MemoryRecordManager("s"), docs("a", "one", "two"), cleanup);
      const second = await upsert(store, first.records, docs("a", "one", "two changed"), cleanup);
      expect(second.result).toMatchObject({
        numAdded: 1,
        numSkipped: 1,
        numDeleted: deleted,
        totalKeys: keys,
      });
      expect(store.size).toBe(size);
    },
  );

  test("incremental cleanup leaves other sources alone; full cleanup removes what this run did not see", async () => {
    for (const [cleanup, expected] of [
      ["incremental", 3],
      ["full", 1],
    ] as const) {
      const store = new FlatVectorStore(embeddings);
      const first = await upsert(
        store,
        new MemoryRecordManager("s"),
        [...docs("a", "one"), ...docs("b", "two", "three")],
        cleanup,
      );
      await upsert(store, first.records, docs("a", "one changed"), cleanup);
      expect(store.size, cleanup).toBe(expected);
    }
  });

  test("nothing reaches the vector store until commit, and an embedding failure leaves it untouched", async () => {
    const store = new FlatVectorStore(embeddings);
    const staged = new StagedVectorStore(store, embeddings);
    await indexDocuments(docs("a", "one"), staged);
    expect(store.size).toBe(0);
    await staged.commit();
    expect(store.size).toBe(1);

    const failing = {
      ...embeddings,
      embedDocuments: async () => Promise.reject(new Error("embedding down")),
      embedQuery: embeddings.embedQuery,
    };
    const records = new MemoryRecordManager("s");
    const manager = records.clone();
    await expect(
      indexDocuments(docs("a", "two"), new StagedVectorStore(store, failing), { manager, settings: {} }),
    ).rejects.toThrow("embedding down");
    expect(store.size).toBe(1);
    expect(records.size).toBe(0);
  });

  test("a staged vector of another width is refused before commit", async () => {
    const store = new FlatVectorStore(embeddings);
    await store.addDocuments(docs("a", "one"));
    const wide = new LocalHashedEmbeddings({ dimensions: 64 });
    await expect(indexDocuments(docs("a", "two"), new StagedVectorStore(store, wide))).rejects.toThrow(
      "the embedding returned 64-dimension vectors but this store holds 32-dimension vectors; delete its vector store data before changing the embedding",
    );
  });
});

describe("MemoryRecordManager", () => {
  test("time strictly increases even when the clock stands still", async () => {
    const records = new MemoryRecordManager("s", () => 1000);
    expect([await records.getTime(), await records.getTime()]).toEqual([1000, 1001]);
  });

  test("lists keys by time, group and limit, and deletes them", async () => {
    let now = 10;
    const records = new MemoryRecordManager("s", () => now);
    await records.update(["a", "b"], { groupIds: ["g1", "g2"] });
    now = 20;
    await records.update(["c"], { groupIds: ["g1"] });
    expect(await records.exists(["a", "x"])).toEqual([true, false]);
    expect(await records.listKeys({ before: 20 })).toEqual(["a", "b"]);
    expect(await records.listKeys({ after: 10 })).toEqual(["c"]);
    expect(await records.listKeys({ groupIds: ["g1"] })).toEqual(["a", "c"]);
    expect(await records.listKeys({ limit: 1 })).toEqual(["a"]);
    await records.deleteKeys(["a"]);
    expect(records.size).toBe(2);
  });

  test("update refuses a time in the future and mismatched group ids", async () => {
    const records = new MemoryRecordManager("s", () => 5);
    await expect(records.update(["a"], { timeAtLeast: 100 })).rejects.toThrow(
      "time 5 is before the requested minimum 100",
    );
    await expect(records.update(["a", "b"], { groupIds: ["g"] })).rejects.toThrow(
      "2 keys were given with 1 group ids",
    );
  });

  test("a clone is independent of its original", async () => {
    const records = new MemoryRecordManager("s");
    await records.update(["a"]);
    const copy = records.clone();
    await copy.update(["b"]);
    expect(records.size).toBe(1);
    expect(copy.size).toBe(2);
  });
});
