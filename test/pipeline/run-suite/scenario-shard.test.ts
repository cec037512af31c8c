import { describe, expect, test } from "vitest";
import { parseShard, shardFiles } from "../../../src/pipeline/run-suite/scenario-shard.js";

const suite = Array.from({ length: 23 }, (_, i) => `scenarios/s${String(i).padStart(2, "0")}.yaml`);

describe("parseShard", () => {
  test.each([
    ["1/1", { index: 1, count: 1 }],
    ["2/4", { index: 2, count: 4 }],
    ["10/10", { index: 10, count: 10 }],
  ])("%s", (text, shard) => {
    expect(parseShard(text)).toEqual(shard);
  });

  test.each(["0/4", "5/4", "1/0", "1", "a/b", "1/4/2", " 1/4", "-1/4", "1.5/4"])("%s is refused", (text) => {
    expect(() => parseShard(text)).toThrow(`--shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got '${text}'`);
  });
});

describe("shardFiles", () => {
  test.each([1, 2, 3, 4, 7, 23, 30])(
    "%i shards share no file, hold every one, and differ in size by one at most",
    (count) => {
      const shards = Array.from({ length: count }, (_, i) => shardFiles(suite, { index: i + 1, count }));
      expect(shards.flat().sort()).toEqual([...suite].sort());
      const sizes = shards.map((shard) => shard.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    },
  );

  test("a shard keeps the files' order, and is the same wherever the checkout is and however paths are written", () => {
    const shard = shardFiles(suite, { index: 2, count: 4 });
    expect(shard).toEqual(suite.filter((file) => shard.includes(file)));
    const elsewhere = shardFiles(
      suite.map((file) => `/ci/work/repo/${file}`),
      { index: 2, count: 4 },
      "/ci/work/repo",
    );
    expect(elsewhere).toEqual(shard.map((file) => `/ci/work/repo/${file}`));
    expect(
      shardFiles(
        suite.map((file) => `./${file}`),
        { index: 2, count: 4 },
      ),
    ).toEqual(shard.map((file) => `./${file}`));
  });

  test("the split is by path, not by listing order: shuffled, each shard holds the same files", () => {
    const shuffled = [...suite].reverse();
    for (let index = 1; index <= 3; index++)
      expect(shardFiles(shuffled, { index, count: 3 }).sort()).toEqual(
        shardFiles(suite, { index, count: 3 }).sort(),
      );
  });
});
