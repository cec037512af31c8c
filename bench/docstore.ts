// bench/docstore: the document-store pipeline. Upsert of a ~10 MB generated text corpus (chunks/s) and
// query latency p50/p99 at 50,000 chunks, against LangChain's own MemoryVectorStore with the same
// embedding in the same run; the event service's latency during an 8 MiB upsert (against idle); then
// recall@4 of the default embedding on fixtures/docstore.
// BENCH_SECONDS scales the number of timed queries (default 10 → 200 queries per store).
import { MemoryVectorStore } from "@langchain/classic/vectorstores/memory";
import type { Document } from "@langchain/core/documents";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { createEventService } from "../src/emulator/events/event-service.js";
import { createDocumentStoreService } from "../src/emulator/flowise/document-store/document-store-service.js";
import { LocalHashedEmbeddings } from "../src/emulator/flowise/document-store/embeddings/local-hashed-embeddings.js";
import { measureRecall } from "../src/emulator/flowise/document-store/recall/measure-recall.js";
import { FlatVectorStore } from "../src/emulator/flowise/document-store/vector-store/flat-vector-store.js";
import { seededRandom } from "../src/emulator/spec/seeded-random.js";
import { latencyDuring } from "./support/latency-during.js";
import { printTable } from "./support/table.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUERIES = Math.max(20, Math.round(SECONDS * 20));
const CORPUS_BYTES = 10 * 1024 * 1024;
const QUERY_CHUNKS = 50_000;
const embeddings = new LocalHashedEmbeddings();

/** ~10 MB of sentences over a 5,000-word vocabulary with a Zipf-like skew, in paragraphs. */
function generateCorpus(bytes: number): string {
  const next = seededRandom(42);
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ru",
    "te",
    "sa",
    "vo",
    "ne",
    "di",
    "pa",
    "zu",
    "ho",
    "ri",
    "ge",
    "ba",
  ];
  const vocabulary = Array.from({ length: 5000 }, () =>
    Array.from(
      { length: 2 + Math.floor(next() * 3) },
      () => syllables[Math.floor(next() * syllables.length)],
    ).join(""),
  );
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const sentences = Array.from({ length: 3 + Math.floor(next() * 5) }, () => {
      const words = Array.from(
        { length: 6 + Math.floor(next() * 12) },
        () => vocabulary[Math.floor(next() ** 2 * vocabulary.length)],
      );
      return `${words.join(" ")}.`;
    });
    const paragraph = sentences.join(" ");
    parts.push(paragraph);
    size += paragraph.length + 2;
  }
  return parts.join("\n\n");
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - start) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function latencies(search: (query: string) => Promise<unknown>, queries: string[]) {
  for (const query of queries.slice(0, 5)) await search(query);
  const times: number[] = [];
  for (const query of queries) {
    const start = performance.now();
    await search(query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const corpus = generateCorpus(CORPUS_BYTES);
const rows: Record<string, string | number>[] = [];

// Upsert: the emulator's whole pipeline (load → split → embed → index → chunk rows) through the service.
const stores = createDocumentStoreService({ workspaceId: "bench" });
const store = await stores.createStore({ name: "bench" });
const upsert = await timed(() =>
  stores.upsert(store.id, {
    loader: { name: "plainText", config: { text: corpus } },
    splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 1000, chunkOverlap: 200 } },
    embedding: { name: "openAIEmbeddings" },
    vectorStore: { name: "faiss" },
    recordManager: { name: "postgresRecordManager" },
  }),
);
const upserted = upsert.value.numAdded;

// The same chunks embedded and added to each vector store alone: ours against MemoryVectorStore.
const splitter = new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 200 });
const split = await timed(() => splitter.createDocuments([corpus]));
// Alternated and best of two, so neither store pays the other's JIT warm-up or GC debt.
const addSeconds = { flat: Number.POSITIVE_INFINITY, memory: Number.POSITIVE_INFINITY };
for (let round = 0; round < 2; round++) {
  const flatRun = await timed(() => new FlatVectorStore(embeddings).addDocuments(split.value));
  addSeconds.flat = Math.min(addSeconds.flat, flatRun.seconds);
  const memoryRun = await timed(() => new MemoryVectorStore(embeddings).addDocuments(split.value));
  addSeconds.memory = Math.min(addSeconds.memory, memoryRun.seconds);
}
const mb = (corpus.length / 1024 / 1024).toFixed(1);
rows.push(
  {
    measure: `upsert ${mb} MB, service pipeline (split+embed+index(), chunks/s)`,
    tooldeck: Math.round(upserted / upsert.seconds),
    MemoryVectorStore: "-",
    chunks: upserted,
  },
  {
    measure: "embed + add the same chunks (chunks/s)",
    tooldeck: Math.round(split.value.length / addSeconds.flat),
    MemoryVectorStore: Math.round(split.value.length / addSeconds.memory),
    chunks: split.value.length,
  },
);

// Another client of the same process (`tooldeck serve` runs both emulators) during an 8 MiB upsert:
// GET /events/1 on the event service, against the same calls with nothing else running.
const events = createEventService();
const getEvent = () => events.fetch(new Request("http://events.local/events/1"));
const idle = await latencyDuring(() => new Promise((resolve) => setTimeout(resolve, 2000)), getEvent);
const busyStore = await stores.createStore({ name: "busy" });
const busy = await latencyDuring(
  () =>
    stores.upsert(busyStore.id, {
      loader: { name: "plainText", config: { text: corpus.slice(0, 8 * 1024 * 1024) } },
      splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 1000, chunkOverlap: 200 } },
      embedding: { name: "openAIEmbeddings" },
      vectorStore: { name: "faiss" },
    }),
  getEvent,
);
rows.push({
  measure: "event service GET p99 during an 8 MiB upsert (ms; target < 100)",
  tooldeck: percentile(busy, 99).toFixed(1),
  MemoryVectorStore: `idle: ${percentile(idle, 99).toFixed(1)}`,
  chunks: `${busy.length} calls, max ${(busy.at(-1) ?? 0).toFixed(0)} ms`,
});

// Query latency at 50,000 chunks: both stores hold the same vectors; a query embeds its text and searches.
const small = await new RecursiveCharacterTextSplitter({ chunkSize: 200, chunkOverlap: 0 }).createDocuments([
  corpus,
]);
const docs: Document[] = small.slice(0, QUERY_CHUNKS);
if (docs.length < QUERY_CHUNKS) throw new Error(`the corpus gave only ${docs.length} chunks`);
const vectors = await embeddings.embedDocuments(docs.map((doc) => doc.pageContent));
const flat = new FlatVectorStore(embeddings);
await flat.addVectors(vectors, docs);
const memory = new MemoryVectorStore(embeddings);
await memory.addVectors(vectors, docs);
const next = seededRandom(7);
const queries = Array.from({ length: QUERIES }, () => {
  const doc = docs[Math.floor(next() * docs.length)] as Document;
  const words = doc.pageContent.split(" ");
  const start = Math.floor(next() * Math.max(1, words.length - 6));
  return words.slice(start, start + 6).join(" ");
});
const ours = await latencies((query) => flat.similaritySearch(query, 4), queries);
const base = await latencies((query) => memory.similaritySearch(query, 4), queries);
rows.push(
  {
    measure: `query p50 at ${QUERY_CHUNKS} chunks (ms)`,
    tooldeck: ours.p50.toFixed(2),
    MemoryVectorStore: base.p50.toFixed(2),
    chunks: QUERY_CHUNKS,
  },
  {
    measure: `query p99 at ${QUERY_CHUNKS} chunks (ms)`,
    tooldeck: ours.p99.toFixed(2),
    MemoryVectorStore: base.p99.toFixed(2),
    chunks: QUERY_CHUNKS,
  },
);

const recall = await measureRecall(embeddings, { k: 4 });
rows.push({
  measure: `recall@4, fixtures/docstore (${recall.questions} questions)`,
  tooldeck: recall.recall.toFixed(3),
  MemoryVectorStore: "-",
  chunks: recall.chunks,
});

printTable(
  `Document store (${embeddings.dimensions}-dimension local embedding, ${QUERIES} queries per store)`,
  rows,
);
const failures: string[] = [];
if (!(ours.p50 < 20)) failures.push(`query p50 ${ours.p50.toFixed(2)} ms is not under 20 ms`);
if (!(ours.p50 <= base.p50)) failures.push("query p50 is slower than MemoryVectorStore");
if (!(recall.recall >= 0.9)) failures.push(`recall@4 ${recall.recall} is under 0.9`);
if (!(percentile(busy, 99) < 100)) failures.push("event service p99 during an upsert is not under 100 ms");
if (failures.length > 0) {
  console.error(`\ntargets missed: ${failures.join("; ")}`);
  process.exitCode = 1;
}
