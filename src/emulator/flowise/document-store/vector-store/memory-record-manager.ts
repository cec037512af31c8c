import { type ListKeyOptions, RecordManager, type UpdateOptions } from "@langchain/core/indexing";

interface KeyRecord {
  updatedAt: number;
  groupId: string | null;
}

/**
 * LangChain's record-manager contract kept in memory: which document hashes a vector store holds,
 * when each was last written, and from which source (group). `@langchain/core` ships the interface
 * but no in-memory implementation. Time is a strictly increasing clock (the injected `now()` in ms,
 * bumped by one when it has not advanced) so that `index()`'s "written before this run" cleanup is
 * exact even when a whole run fits in one millisecond.
 * @example
 * const records = new MemoryRecordManager("store-1");
 * await index({ docsSource: docs, recordManager: records, vectorStore, options: { cleanup: "full" } });
 */
export class MemoryRecordManager extends RecordManager {
  override lc_namespace = ["tooldeck", "document-store", "record-manager"];
  private records = new Map<string, KeyRecord>();
  private lastTime = 0;

  constructor(
    readonly namespace: string,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async createSchema(): Promise<void> {}

  async getTime(): Promise<number> {
    this.lastTime = Math.max(this.now(), this.lastTime + 1);
    return this.lastTime;
  }

  async update(keys: string[], options: UpdateOptions = {}): Promise<void> {
    const groupIds = options.groupIds ?? keys.map(() => null);
    if (groupIds.length !== keys.length) {
      throw new Error(`${keys.length} keys were given with ${groupIds.length} group ids`);
    }
    const time = await this.getTime();
    if (options.timeAtLeast !== undefined && time < options.timeAtLeast) {
      throw new Error(`time ${time} is before the requested minimum ${options.timeAtLeast}`);
    }
    keys.forEach((key, i) => {
      const groupId = groupIds[i] ?? this.records.get(key)?.groupId ?? null;
      this.records.set(key, { updatedAt: time, groupId });
    });
  }

  async exists(keys: string[]): Promise<boolean[]> {
    return keys.map((key) => this.records.has(key));
  }

  async listKeys(options: ListKeyOptions = {}): Promise<string[]> {
    const { before, after, groupIds, limit } = options;
    const groups = groupIds ? new Set(groupIds) : undefined;
    const keys: string[] = [];
    for (const [key, record] of this.records) {
      if (before !== undefined && record.updatedAt >= before) continue;
      if (after !== undefined && record.updatedAt <= after) continue;
      if (groups && !groups.has(record.groupId)) continue;
      keys.push(key);
      if (limit !== undefined && keys.length >= limit) break;
    }
    return keys;
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (const key of keys) this.records.delete(key);
  }

  /** Number of keys held. */
  get size(): number {
    return this.records.size;
  }

  /** An independent copy, for staging a run that may still fail. */
  clone(): MemoryRecordManager {
    const copy = new MemoryRecordManager(this.namespace, this.now);
    for (const [key, record] of this.records) copy.records.set(key, { ...record });
    copy.lastTime = this.lastTime;
    return copy;
  }
}
