/**
 * Keeps the k best-scoring rows seen so far, best first. Insertion into a sorted array of k slots:
 * for the small k of retrieval (4, 10) it beats a heap, and rows that cannot enter cost one compare.
 */
export class TopK {
  readonly rows: Int32Array;
  readonly scores: Float64Array;
  size = 0;

  constructor(readonly k: number) {
    this.rows = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /** The score a row must beat to enter, or -Infinity while there are free slots. */
  get threshold(): number {
    return this.size < this.k ? Number.NEGATIVE_INFINITY : (this.scores[this.k - 1] as number);
  }

  offer(row: number, score: number): void {
    if (this.k === 0 || score <= this.threshold) return;
    let slot = this.size < this.k ? this.size++ : this.k - 1;
    while (slot > 0 && (this.scores[slot - 1] as number) < score) {
      this.scores[slot] = this.scores[slot - 1] as number;
      this.rows[slot] = this.rows[slot - 1] as number;
      slot--;
    }
    this.scores[slot] = score;
    this.rows[slot] = row;
  }
}
