import { randomUUID } from "node:crypto";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { VectorStore } from "@langchain/core/vectorstores";
import { TopK } from "./top-k.js";
import { normalized, sparseCoordinates, writeUnit } from "./vector-math.js";

/** A document as the vector store keeps it. */
export interface VectorRecord {
  id: string;
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** The record a document is stored as: the id given for it, else its own, else a random UUID. */
export function toVectorRecord(document: DocumentInterface, id: string | undefined): VectorRecord {
  return {
    id: id ?? document.id ?? randomUUID(),
    pageContent: document.pageContent,
    metadata: { ...document.metadata },
  };
}

/**
 * An in-memory vector store scored by cosine similarity over one flat `Float32Array` (row-major,
 * rows L2-normalised on insert, so a score is one dot product). Ids are kept, so LangChain's
 * `index()` can update and delete by id. Sparse queries, as the local hashed embedding produces,
 * read only their non-zero coordinates.
 * @example
 * const store = new FlatVectorStore(new LocalHashedEmbeddings());
 * await store.addDocuments([new Document({ pageContent: "why the sky is blue" })]);
 * const [best] = await store.similaritySearch("sky colour", 1);
 */
export class FlatVectorStore extends VectorStore {
  declare FilterType: (document: DocumentInterface) => boolean;

  private width = 0;
  private matrix = new Float32Array(0);
  private records: VectorRecord[] = [];
  private rowById = new Map<string, number>();

  constructor(embeddings: EmbeddingsInterface, config: Record<string, unknown> = {}) {
    super(embeddings, config);
  }

  _vectorstoreType(): string {
    return "tooldeck-flat";
  }

  /** Number of vectors held. */
  get size(): number {
    return this.records.length;
  }

  /** Width of the vectors held (0 while empty). */
  get dimensions(): number {
    return this.width;
  }

  has(id: string): boolean {
    return this.rowById.has(id);
  }

  /** The stored record with this id, or undefined. */
  get(id: string): VectorRecord | undefined {
    const row = this.rowById.get(id);
    return row === undefined ? undefined : this.records[row];
  }

  /** Every stored record, in row order. */
  list(): readonly VectorRecord[] {
    return this.records;
  }

  override async addDocuments(
    documents: DocumentInterface[],
    options?: { ids?: string[] },
  ): Promise<string[]> {
    const vectors = await this.embeddings.embedDocuments(documents.map((document) => document.pageContent));
    return this.addVectors(vectors, documents, options);
  }

  /** Adds vectors under the given ids (a random UUID each by default); an id already held is replaced. */
  override async addVectors(
    vectors: ArrayLike<number>[],
    documents: DocumentInterface[],
    options?: { ids?: string[] },
  ): Promise<string[]> {
    if (vectors.length !== documents.length) {
      throw new Error(`${vectors.length} vectors were given for ${documents.length} documents`);
    }
    const ids: string[] = [];
    if (this.width === 0 && vectors[0]) this.width = vectors[0].length;
    this.ensureCapacity(this.records.length + vectors.length);
    vectors.forEach((vector, i) => {
      const record = toVectorRecord(documents[i] as DocumentInterface, options?.ids?.[i]);
      this.put(vector, record);
      ids.push(record.id);
    });
    return ids;
  }

  /** Deletes the vectors with these ids (unknown ids are ignored); without ids, deletes everything. */
  override async delete(params: { ids?: string[] } = {}): Promise<void> {
    if (!params.ids) {
      this.clear();
      return;
    }
    for (const id of params.ids) this.remove(id);
  }

  clear(): void {
    this.width = 0;
    this.matrix = new Float32Array(0);
    this.records = [];
    this.rowById.clear();
  }

  override async similaritySearchVectorWithScore(
    query: number[],
    k: number,
    filter?: this["FilterType"],
  ): Promise<[Document, number][]> {
    return this.search(query, k, filter).map(([record, score]) => [toDocument(record), score]);
  }

  /** The k nearest records by cosine similarity, best first, synchronously. */
  search(
    query: ArrayLike<number>,
    k: number,
    filter?: (document: DocumentInterface) => boolean,
  ): [VectorRecord, number][] {
    if (this.records.length === 0 || k <= 0) return [];
    this.checkWidth(query.length);
    const unit = normalized(query);
    const top = new TopK(Math.min(k, this.records.length));
    const accept = filter
      ? (row: number) => filter(toDocument(this.records[row] as VectorRecord))
      : undefined;
    const sparse = sparseCoordinates(unit);
    if (sparse) this.scoreSparse(sparse, top, accept);
    else this.scoreDense(unit, top, accept);
    const found: [VectorRecord, number][] = [];
    for (let i = 0; i < top.size; i++) {
      found.push([this.records[top.rows[i] as number] as VectorRecord, top.scores[i] as number]);
    }
    return found;
  }

  private scoreDense(query: Float32Array, top: TopK, accept?: (row: number) => boolean): void {
    const { matrix, width } = this;
    const rows = this.records.length;
    for (let row = 0, base = 0; row < rows; row++, base += width) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j + 3 < width; j += 4) {
        s0 += (query[j] as number) * (matrix[base + j] as number);
        s1 += (query[j + 1] as number) * (matrix[base + j + 1] as number);
        s2 += (query[j + 2] as number) * (matrix[base + j + 2] as number);
        s3 += (query[j + 3] as number) * (matrix[base + j + 3] as number);
      }
      for (; j < width; j++) s0 += (query[j] as number) * (matrix[base + j] as number);
      const score = s0 + s1 + s2 + s3;
      if (score > top.threshold && (!accept || accept(row))) top.offer(row, score);
    }
  }

  private scoreSparse(
    query: { indices: Int32Array; values: Float32Array },
    top: TopK,
    accept?: (row: number) => boolean,
  ): void {
    const { matrix, width } = this;
    const { indices, values } = query;
    const rows = this.records.length;
    const nonZero = indices.length;
    for (let row = 0, base = 0; row < rows; row++, base += width) {
      let score = 0;
      for (let i = 0; i < nonZero; i++)
        score += (values[i] as number) * (matrix[base + (indices[i] as number)] as number);
      if (score > top.threshold && (!accept || accept(row))) top.offer(row, score);
    }
  }

  private put(vector: ArrayLike<number>, record: VectorRecord): void {
    if (this.width === 0) this.width = vector.length;
    this.checkWidth(vector.length);
    let row = this.rowById.get(record.id);
    if (row === undefined) {
      row = this.records.length;
      this.ensureCapacity(row + 1);
      this.records.push(record);
      this.rowById.set(record.id, row);
    } else {
      this.records[row] = record;
    }
    writeUnit(vector, this.matrix, row * this.width);
  }

  private remove(id: string): void {
    const row = this.rowById.get(id);
    if (row === undefined) return;
    const last = this.records.length - 1;
    if (row !== last) {
      const moved = this.records[last] as VectorRecord;
      this.records[row] = moved;
      this.rowById.set(moved.id, row);
      this.matrix.copyWithin(row * this.width, last * this.width, (last + 1) * this.width);
    }
    this.records.pop();
    this.rowById.delete(id);
  }

  private ensureCapacity(rows: number): void {
    if (rows * this.width <= this.matrix.length) return;
    const capacity = Math.max(rows, 64, (this.matrix.length / this.width) * 2);
    const grown = new Float32Array(capacity * this.width);
    grown.set(this.matrix);
    this.matrix = grown;
  }

  private checkWidth(length: number): void {
    if (this.width !== 0 && length !== this.width) {
      throw new Error(
        `a vector of ${length} dimensions cannot join a vector store of ${this.width}-dimension vectors (was the embedding changed?)`,
      );
    }
  }
}

function toDocument(record: VectorRecord): Document {
  return new Document({ pageContent: record.pageContent, metadata: { ...record.metadata }, id: record.id });
}
