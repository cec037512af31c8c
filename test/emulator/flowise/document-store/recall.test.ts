import { expect, test } from "vitest";
import { LocalHashedEmbeddings } from "../../../../src/emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
import { measureRecall } from "../../../../src/emulator/flowise/document-store/recall/measure-recall.js";

test("the default embedding recalls at least 90% of the fixture questions in its top 4 chunks", async () => {
  const report = await measureRecall(new LocalHashedEmbeddings(), { k: 4 });
  expect(report.questions).toBeGreaterThanOrEqual(20);
  expect(report.chunks).toBeGreaterThan(report.questions);
  expect(report.recall, `missed: ${report.missed.join(" | ")}`).toBeGreaterThanOrEqual(0.9);
});

test("recall@1 is lower than recall@4, so the measure discriminates", async () => {
  const [top1, top4] = await Promise.all([
    measureRecall(new LocalHashedEmbeddings(), { k: 1 }),
    measureRecall(new LocalHashedEmbeddings(), { k: 4 }),
  ]);
  expect(top1.recalled).toBeLessThan(top4.recalled);
});
