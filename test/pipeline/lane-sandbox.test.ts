import { describe, expect, test } from "vitest";
import { laneSandboxWorkers } from "../../src/pipeline/run-suite/lane-sandbox.js";

describe("run --jobs shares the sandbox workers out among the files run at once", () => {
  test.each([
    [4, 1, 4],
    [4, 2, 2],
    [5, 2, 2],
    [2, 4, 1],
    [1, 1, 1],
  ])("%i workers over %i lanes: %i each", (workers, lanes, each) => {
    expect(laneSandboxWorkers(workers, lanes)).toBe(each);
  });
});
