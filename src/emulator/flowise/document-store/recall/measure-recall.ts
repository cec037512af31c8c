import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { z } from "zod";
import { loadJsonFile } from "../../../../json/load-json-file.js";
import { packagePath } from "../../../../package/package-root.js";
import { ComponentConfigSchema } from "../model/document-store-model.js";
import { fileStorageValue } from "../pipeline/load-documents.js";
import { produceChunks } from "../pipeline/produce-chunks.js";
import { toStoredFile } from "../pipeline/uploaded-file.js";
import { FlatVectorStore } from "../vector-store/flat-vector-store.js";

/** `fixtures/docstore/questions.json`: questions with the file and passage that answer each. */
export const RecallCorpusSchema = z.object({
  description: z.string().optional(),
  splitter: ComponentConfigSchema,
  questions: z
    .array(z.object({ question: z.string().min(1), file: z.string().min(1), passage: z.string().min(1) }))
    .min(1),
});
export type RecallCorpus = z.infer<typeof RecallCorpusSchema>;

/** How many of the corpus's questions found their passage among the nearest chunks. */
export interface RecallReport {
  k: number;
  questions: number;
  recalled: number;
  /** recalled / questions. */
  recall: number;
  chunks: number;
  /** The questions whose passage was in none of the top k chunks. */
  missed: string[];
}

/**
 * Recall@k of an embedding on a corpus folder: every document is split with the corpus's splitter and
 * indexed; a question counts as recalled when one of its k nearest chunks contains its passage.
 * @example
 * const report = await measureRecall(new LocalHashedEmbeddings());
 * console.log(report.recall); // 0.97
 */
export async function measureRecall(
  embeddings: EmbeddingsInterface,
  options: { dir?: string; k?: number } = {},
): Promise<RecallReport> {
  const dir = options.dir ?? packagePath("fixtures", "docstore");
  const k = options.k ?? 4;
  const corpus = loadJsonFile(join(dir, "questions.json"), RecallCorpusSchema);
  const store = new FlatVectorStore(embeddings);
  for (const name of readdirSync(dir).filter((file) => file !== "questions.json")) {
    const file = toStoredFile({ name, mimeType: "", bytes: readFileSync(join(dir, name)) });
    // Loaded files are all `source: "blob"`, as in Flowise: the loader's metadata names the file.
    const chunks = await produceChunks(
      {
        loaderId: "textFile",
        loaderConfig: { txtFile: fileStorageValue([name]), metadata: { file: name } },
        splitterId: corpus.splitter.name,
        splitterConfig: corpus.splitter.config,
      },
      () => file,
    );
    await store.addDocuments(chunks);
  }
  const missed: string[] = [];
  for (const { question, file, passage } of corpus.questions) {
    const found = await store.similaritySearch(question, k);
    const hit = found.some((chunk) => chunk.metadata.file === file && chunk.pageContent.includes(passage));
    if (!hit) missed.push(question);
  }
  const recalled = corpus.questions.length - missed.length;
  return {
    k,
    questions: corpus.questions.length,
    recalled,
    recall: recalled / corpus.questions.length,
    chunks: store.size,
    missed,
  };
}
