import { Document } from "@langchain/core/documents";
import { describe, expect, test } from "vitest";
import { LocalHashedEmbeddings } from "../../../../src/emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
import { FlatVectorStore } from "../../../../src/emulator/flowise/document-store/vector-store/flat-vector-store.js";

/** Embeds "x,y" texts as the 2-d vector (x, y): cosine is then easy to reason about. */
const xy = {
  embedDocuments: async (texts: string[]) => texts.map(parse),
  embedQuery: async (text: string) => parse(text),
};
function parse(text: string): number[] {
  return text.split(",").map(Number);
}

function docs(...texts: string[]): Document[] {
  return texts.map((text, i) => new Document({ pageContent: text, metadata: { n: i } }));
}

describe("FlatVectorStore", () => {
  test("ranks by cosine similarity, best first, with scores, metadata and ids", async () => {
    const store = new FlatVectorStore(xy);
    await store.addDocuments(docs("1,0", "0,1", "1,1", "-1,0"), { ids: ["a", "b", "c", "d"] });
    const found = await store.similaritySearchWithScore("2,0", 3);
    expect(
      found.map(([doc, score]) => [doc.pageContent, doc.id, doc.metadata.n, Number(score.toFixed(4))]),
    ).toEqual([
      ["1,0", "a", 0, 1],
      ["1,1", "c", 2, Number(Math.SQRT1_2.toFixed(4))],
      ["0,1", "b", 1, 0],
    ]);
  });

  test.each([
    [0, 0],
    [1, 1],
    [4, 4],
    [10, 4],
  ])("k=%i of 4 vectors returns %i", async (k, expected) => {
    const store = new FlatVectorStore(xy);
    await store.addDocuments(docs("1,0", "0,1", "1,1", "-1,0"));
    expect(await store.similaritySearch("1,0", k)).toHaveLength(expected);
  });

  test("an empty store finds nothing", async () => {
    expect(await new FlatVectorStore(xy).similaritySearch("1,0", 4)).toEqual([]);
  });

  test("adding under an existing id replaces that vector", async () => {
    const store = new FlatVectorStore(xy);
    await store.addDocuments(docs("1,0"), { ids: ["a"] });
    await store.addDocuments(docs("0,1"), { ids: ["a"] });
    expect(store.size).toBe(1);
    expect((await store.similaritySearch("0,1", 1))[0]?.pageContent).toBe("0,1");
  });

  test("delete removes by id, keeps the rest searchable, and ignores unknown ids", async () => {
    const store = new FlatVectorStore(xy);
    await store.addDocuments(docs("1,0", "0,1", "1,1"), { ids: ["a", "b", "c"] });
    await store.delete({ ids: ["a", "zzz"] });
    expect(store.size).toBe(2);
    expect(store.has("a")).toBe(false);
    const found = await store.similaritySearch("1,0", 4);
    expect(found.map((doc) => doc.id)).toEqual(["c", "b"]);
    await store.delete();
    expect(store.size).toBe(0);
  });

  test("a filter drops documents before they take a place in the top k", async () => {
    const store = new FlatVectorStore(xy);
    await store.addDocuments(docs("1,0", "1,0.1", "0,1"));
    const found = await store.similaritySearch("1,0", 2, (doc) => doc.metadata.n !== 0);
    expect(found.map((doc) => doc.metadata.n)).toEqual([1, 2]);
  });

  test("a vector of another width is refused with a message naming both widths", async () => {
    const store = new FlatVectorStore(xy);
    await store.addDocuments(docs("1,0"));
    await expect(store.addDocuments(docs("1,0,0"))).rejects.toThrow(
      "a vector of 3 dimensions cannot join a vector store of 2-dimension vectors (was the embedding changed?)",
    );
    await expect(store.similaritySearch("1,0,0", 1)).rejects.toThrow("a vector of 3 dimensions");
  });

  test("sparse and dense queries rank exactly as a brute-force cosine does", async () => {
    const embeddings = new LocalHashedEmbeddings({ dimensions: 64 });
    const texts = Array.from(
      { length: 300 },
      (_, i) => `topic ${i % 17} word${i % 7} item${i} colour ${i % 5}`,
    );
    const store = new FlatVectorStore(embeddings);
    await store.addDocuments(docs(...texts));
    const vectors = await embeddings.embedDocuments(texts);
    for (const query of ["topic 3 word2", texts.join(" ").slice(0, 2000)]) {
      const q = await embeddings.embedQuery(query);
      const expected = vectors
        .map((v, i) => ({ i, score: v.reduce((sum, value, j) => sum + value * (q[j] ?? 0), 0) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 5);
      const found = store.search(q, 5);
      expect(found.map(([, score]) => score)).toEqual(expected.map((e) => expect.closeTo(e.score, 5)));
    }
  });
});
