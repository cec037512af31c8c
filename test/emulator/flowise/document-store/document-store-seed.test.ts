import { describe, expect, test } from "vitest";
import { createFlowiseEmulator } from "../../../../src/emulator/flowise/flowise-emulator.js";
import { loadFlowiseSeed } from "../../../../src/emulator/flowise/flowise-seed.js";

describe("the seeded document store", () => {
  test("seeds/flowise/document-stores loads, and its loaders are really upserted at start", async () => {
    const seed = loadFlowiseSeed();
    expect(seed.documentStores?.map((store) => store.name)).toEqual(["Event Service Guide"]);
    const flowise = createFlowiseEmulator({ apiKeys: ["k"] });
    await flowise.ready();
    const [guide] = flowise.snapshot().documentStores;
    expect(guide?.store).toMatchObject({
      name: "Event Service Guide",
      status: "UPSERTED",
      recordManagerConfig: { name: "postgresRecordManager" },
    });
    expect(guide?.store.loaders.map((loader) => loader.loaderName)).toEqual([
      "Event API reference",
      "Venue policies",
    ]);
    expect(guide?.vectors).toBe(guide?.chunks.length);
    expect(guide?.recordKeys).toBe(guide?.chunks.length);

    const response = await flowise.fetch(
      new Request("http://flowise.test/api/v1/document-store/vectorstore/query", {
        method: "POST",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({
          storeId: guide?.store.id,
          query: "How do I update an event? Is there a PUT operation?",
          inputs: { topK: 1 },
        }),
      }),
    );
    const answer = (await response.json()) as { docs: { pageContent: string; chunkNo: number }[] };
    expect(answer.docs[0]?.pageContent).toContain("PATCH /events/{id}");
    expect(answer.docs[0]?.chunkNo).toBeGreaterThan(0);
  });

  test("reset() returns to the seed after changes", async () => {
    const flowise = createFlowiseEmulator({ apiKeys: ["k"] });
    await flowise.ready();
    const id = flowise.snapshot().documentStores[0]?.store.id;
    await flowise.fetch(
      new Request(`http://flowise.test/api/v1/document-store/store/${id}`, {
        method: "DELETE",
        headers: { authorization: "Bearer k" },
      }),
    );
    await flowise.ready();
    expect(flowise.snapshot().documentStores).toEqual([]);
    flowise.reset();
    await flowise.ready();
    expect(flowise.snapshot().documentStores.map((entry) => entry.store.id)).toEqual([id]);
  });

  test("a seed store that cannot be upserted makes ready() reject with the reason", async () => {
    const flowise = createFlowiseEmulator({
      apiKeys: ["k"],
      seed: {
        chatflows: [],
        documentStores: [
          {
            id: "s1",
            name: "Broken",
            whereUsed: [],
            embedding: { name: "openAIEmbeddings" },
            vectorStore: { name: "faiss" },
            loaders: [{ id: "l1", loader: { name: "plainText", config: {} } }],
          },
        ],
      },
    });
    await expect(flowise.ready()).rejects.toThrow("Loader plainText needs config.text, the text to load");
  });
});
