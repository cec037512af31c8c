import { describe, expect, test } from "vitest";
import { createDocumentStoreService } from "../../../../src/emulator/flowise/document-store/document-store-service.js";
import { plainTextUpsert } from "./harness.js";

function service() {
  let n = 0;
  return createDocumentStoreService({
    workspaceId: "w",
    now: () => new Date("2025-05-05T05:05:05.000Z"),
    randomId: () => `id-${++n}`,
  });
}

describe("createDocumentStoreService", () => {
  test("ids and dates come from the injected randomId and now", async () => {
    const stores = service();
    const store = await stores.createStore({ name: "S" });
    const result = await stores.upsert(store.id, plainTextUpsert("one line"));
    expect(store).toMatchObject({ id: "id-1", createdDate: "2025-05-05T05:05:05.000Z" });
    expect(result.docId).toBe("id-2");
    expect(stores.snapshot()[0]?.chunks.map((chunk) => chunk.id)).toEqual(["id-3"]);
  });

  test("concurrent upserts are applied one at a time; a failing one in between changes nothing", async () => {
    const stores = service();
    const store = await stores.createStore({ name: "S" });
    const texts = Array.from({ length: 8 }, (_, i) => `Paragraph ${i} first.\n\nParagraph ${i} second.`);
    const runs = texts.map((text, i) =>
      stores.upsert(
        store.id,
        i === 3 ? plainTextUpsert(text, { embedding: undefined }) : plainTextUpsert(text),
      ),
    );
    const settled = await Promise.allSettled(runs);
    expect(settled.map((run) => run.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    const [snapshot] = stores.snapshot();
    expect(snapshot?.store.loaders).toHaveLength(7);
    expect(snapshot?.store.totalChunks).toBe(7);
    expect(snapshot?.chunks).toHaveLength(7);
    expect(snapshot?.vectors).toBe(7);
  });

  test("reads wait for earlier changes", async () => {
    const stores = service();
    const store = await stores.createStore({ name: "S" });
    const upsert = stores.upsert(store.id, plainTextUpsert("text"));
    const dto = await stores.getStore(store.id);
    expect(dto.status).toBe("UPSERTED");
    await upsert;
  });
});
