import { createHash } from "node:crypto";
import { relative, resolve, sep } from "node:path";
import { ToolDeckError } from "../../errors.js";

/** One of `count` parts of a suite, counted from 1 (`--shard 2/4`). */
export interface Shard {
  index: number;
  count: number;
}

/** `--shard i/n`: whole numbers, 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || count < 1 || index > count)
    throw new ToolDeckError("usage", `--shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got '${text}'`);
  return { index, count };
}

/**
 * The scenario files of one shard, in the order given. As vitest splits test files: the files are
 * ordered by the SHA-1 of their path relative to `cwd` (with `/`, so every machine of a CI matrix agrees
 * whatever its checkout's folder), then cut into `count` runs of consecutive files whose sizes differ by
 * one at most. The shards of a suite share no file and together hold every one; a file keeps its shard
 * while files are added elsewhere in the order more often than not.
 */
export function shardFiles(files: readonly string[], shard: Shard, cwd = process.cwd()): string[] {
  const ordered = files
    .map((file) => ({ file, hash: sha1(relative(cwd, resolve(cwd, file)).split(sep).join("/")) }))
    .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const [start, end] = shardRange(files.length, shard);
  const taken = new Set(ordered.slice(start, end).map(({ file }) => file));
  return files.filter((file) => taken.has(file));
}

/** The shard's slice of `total` files: the first `total % count` shards take one more. */
function shardRange(total: number, { index, count }: Shard): [start: number, end: number] {
  const size = Math.floor(total / count);
  const larger = total % count;
  const start = size * (index - 1) + Math.min(index - 1, larger);
  return [start, start + size + (index <= larger ? 1 : 0)];
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}
