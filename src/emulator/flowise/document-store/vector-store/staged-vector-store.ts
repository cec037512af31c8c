import type { DocumentInterface } from "@langchain/core/documents";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { VectorStore } from "@langchain/core/vectorstores";
import { type FlatVectorStore, toVectorRecord, type VectorRecord } from "./flat-vector-store.js";

type Write =
  | { kind: "add"; vectors: number[][]; records: VectorRecord[] }
  | { kind: "delete"; ids: string[] | undefined };

/**
 * A write-ahead view of a `FlatVectorStore`: adds are embedded and deletes recorded, but nothing
 * reaches the target until `commit()`. An upsert that fails half-way (a bad file, an embedding
 * error) therefore leaves the store's vectors as they were. LangChain's `index()` only writes to a
 * vector store, so it runs against this view unchanged.
 */
export class StagedVectorStore extends VectorStore {
  declare FilterType: never;
  private writes: Write[] = [];
  private width: number;
  /** The documents added so far, in order: an upsert's `addedDocs`. */
  readonly added: DocumentInterface[] = [];

  constructor(
    private readonly target: FlatVectorStore,
    embeddings: EmbeddingsInterface,
  ) {
    super(embeddings, {});
    this.width = target.dimensions;
  }

  _vectorstoreType(): string {
    return "tooldeck-staged";
  }

  override async addDocuments(
    documents: DocumentInterface[],
    options?: { ids?: string[] },
  ): Promise<string[]> {
    const vectors = await this.embeddings.embedDocuments(documents.map((document) => document.pageContent));
    return this.addVectors(vectors, documents, options);
  }

  override async addVectors(
    vectors: number[][],
    documents: DocumentInterface[],
    options?: { ids?: string[] },
  ): Promise<string[]> {
    for (const vector of vectors) this.checkWidth(vector.length);
    const records = documents.map((document, i) => toVectorRecord(document, options?.ids?.[i]));
    this.writes.push({ kind: "add", vectors, records });
    this.added.push(...documents);
    return records.map((record) => record.id);
  }

  override async delete(params: { ids?: string[] } = {}): Promise<void> {
    this.writes.push({ kind: "delete", ids: params.ids ? [...params.ids] : undefined });
  }

  override async similaritySearchVectorWithScore(): Promise<[DocumentInterface, number][]> {
    throw new Error("a staged vector store cannot be searched before it is committed");
  }

  /** Applies the recorded writes to the target, in order. */
  async commit(): Promise<void> {
    for (const write of this.writes) {
      if (write.kind === "add")
        await this.target.addVectors(write.vectors, write.records, { ids: write.records.map((r) => r.id) });
      else await this.target.delete(write.ids ? { ids: write.ids } : {});
    }
    this.writes = [];
  }

  private checkWidth(length: number): void {
    if (this.width === 0) this.width = length;
    if (length !== this.width) {
      throw new Error(
        `the embedding returned ${length}-dimension vectors but this store holds ${this.width}-dimension vectors; delete its vector store data before changing the embedding`,
      );
    }
  }
}
