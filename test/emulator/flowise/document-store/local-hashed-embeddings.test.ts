import { describe, expect, test } from "vitest";
import { createEventService } from "../../../../src/emulator/events/event-service.js";
import { createDocumentStoreService } from "../../../../src/emulator/flowise/document-store/document-store-service.js";
import { LocalHashedEmbeddings } from "../../../../src/emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
import {
  contentStems,
  stem,
} from "../../../../src/emulator/flowise/document-store/embeddings/text-features.js";

const embeddings = new LocalHashedEmbeddings();

function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);
}

describe("LocalHashedEmbeddings", () => {
  test("vectors are 512 wide, L2-normalised and deterministic", async () => {
    const [first] = await embeddings.embedDocuments(["Why the sky is blue"]);
    const again = await new LocalHashedEmbeddings().embedQuery("Why the sky is blue");
    expect(first).toHaveLength(512);
    expect(cosine(first as number[], first as number[])).toBeCloseTo(1, 5);
    expect(again).toEqual(first);
  });

  test("the width is configurable", async () => {
    expect(await new LocalHashedEmbeddings({ dimensions: 64 }).embedQuery("bees")).toHaveLength(64);
  });

  test("a text without content words embeds to the zero vector", async () => {
    const vector = await embeddings.embedQuery("the of and, is!");
    expect(vector.every((value) => value === 0)).toBe(true);
  });

  test.each([
    ["inflections meet", "splitting documents into chunks", "the splitter splits a document into chunk"],
    ["case and accents do not matter", "Café CRÈME recipe", "cafe creme recipes"],
    [
      "shared rare words beat shared common ones",
      "queen excluder grid in the hive",
      "the excluder keeps the queen out",
    ],
  ])("%s", async (_name, query, related) => {
    const [q, near, far] = await embeddings.embedDocuments([
      query,
      related,
      "railway gauge history of steam",
    ]);
    expect(cosine(q as number[], near as number[])).toBeGreaterThan(cosine(q as number[], far as number[]));
    expect(cosine(q as number[], near as number[])).toBeGreaterThan(0.2);
  });
});

describe("text features", () => {
  test.each([
    ["splitting", "splitt"],
    ["bees", "bee"],
    ["colonies", "colony"],
    ["fermentation", "ferment"],
    ["1829", "1829"],
    ["sky", "sky"],
  ])("stem(%s) = %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  test("content stems drop stopwords and lone letters", () => {
    expect(contentStems("<p>The bees of a colony</p>")).toEqual(["bee", "colony"]);
  });
});

describe("a large upsert shares the process", () => {
  test("another request is answered while a 2 MiB upsert is still embedding", async () => {
    const stores = createDocumentStoreService({ workspaceId: "w" });
    const events = createEventService();
    const store = await stores.createStore({ name: "Big" });
    const text = "the quick brown fox jumps over the lazy dog. ".repeat((2 * 1024 * 1024) / 45);
    let upserted = false;
    const upsert = stores
      .upsert(store.id, {
        loader: { name: "plainText", config: { text } },
        splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 500, chunkOverlap: "0" } },
        embedding: { name: "openAIEmbeddings", config: {} },
        vectorStore: { name: "faiss" },
      })
      .then(() => {
        upserted = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const answer = await events.fetch(new Request("http://events.local/events/1"));
    expect(answer.status).toBe(200);
    expect(upserted).toBe(false);
    await upsert;
    expect(upserted).toBe(true);
  });
});
