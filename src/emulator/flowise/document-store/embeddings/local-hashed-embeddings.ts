import { Embeddings } from "@langchain/core/embeddings";
import { contentStems } from "./text-features.js";

/** Default width of a local embedding: enough to keep hash collisions rare at chunk size, small enough for 50k-chunk scans. */
export const LOCAL_EMBEDDING_DIMENSIONS = 512;

const WORD_WEIGHT = 1;
const BIGRAM_WEIGHT = 0.7;
/** The character n-grams of one word share this weight, so long words do not outweigh short ones. */
const CHAR_GRAMS_WEIGHT = 0.3;

/** How long embedding runs before it lets other work through. */
const SLICE_MS = 10;

export interface LocalHashedEmbeddingsOptions {
  /** Width of the vectors; default 512. */
  dimensions?: number;
}

/**
 * A deterministic embedding that needs no network and no model: stems, stem bigrams and the character
 * 3- and 4-grams of each stem are hashed (signed feature hashing) into a fixed-width vector, their
 * weights damped by a square root, and the vector L2-normalised. Cosine similarity then measures
 * lexical overlap, tolerant of inflection and small spelling differences.
 * @example
 * const embeddings = new LocalHashedEmbeddings();
 * const [vector] = await embeddings.embedDocuments(["why the sky is blue"]);
 */
export class LocalHashedEmbeddings extends Embeddings {
  readonly dimensions: number;

  constructor(options: LocalHashedEmbeddingsOptions = {}) {
    super({});
    this.dimensions = options.dimensions ?? LOCAL_EMBEDDING_DIMENSIONS;
  }

  /**
   * Embeds every text, giving the event loop back every few milliseconds: an 8 MiB upsert is seconds of
   * work, and the other requests of the same server (the event service, other stores) must not wait.
   */
  override async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    let sliceStart = performance.now();
    for (const text of texts) {
      vectors.push(Array.from(this.embedText(text)));
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return vectors;
  }

  override async embedQuery(text: string): Promise<number[]> {
    return Array.from(this.embedText(text));
  }

  /** The embedding of one text, synchronously. */
  embedText(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const [feature, weight] of featureWeights(text)) {
      const slot = (feature >>> 1) % this.dimensions;
      vector[slot] = (vector[slot] ?? 0) + (feature & 1 ? Math.sqrt(weight) : -Math.sqrt(weight));
    }
    return normalize(vector);
  }
}

/** Hashed feature → summed weight. */
function featureWeights(text: string): Map<number, number> {
  const weights = new Map<number, number>();
  const add = (feature: number, weight: number) => weights.set(feature, (weights.get(feature) ?? 0) + weight);
  const stems = contentStems(text);
  let previous: string | undefined;
  for (const stem of stems) {
    add(hash(stem, 0x811c9dc5), WORD_WEIGHT);
    if (previous !== undefined) add(hash(`${previous} ${stem}`, 0x01000193), BIGRAM_WEIGHT);
    addCharGrams(`<${stem}>`, add);
    previous = stem;
  }
  return weights;
}

function addCharGrams(marked: string, add: (feature: number, weight: number) => void): void {
  const count = Math.max(0, marked.length - 2) + Math.max(0, marked.length - 3);
  const each = CHAR_GRAMS_WEIGHT / count;
  for (const size of [3, 4]) {
    for (let i = 0; i + size <= marked.length; i++) add(hashRange(marked, i, i + size, 0x050c5d1f), each);
  }
}

/** FNV-1a over UTF-16 code units, seeded so words, bigrams and n-grams hash apart. */
function hash(value: string, seed: number): number {
  return hashRange(value, 0, value.length, seed);
}

/** FNV-1a of `value.slice(start, end)` without making the slice. */
function hashRange(value: string, start: number, end: number, seed: number): number {
  let h = seed;
  for (let i = start; i < end; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
}
