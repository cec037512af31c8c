import { describe, expect, test } from "vitest";
import { checkRealRepo, PLANTED } from "../support/real-repo.js";

/**
 * Issue 38's proof, whole: `tooldeck check .` on `fixtures/real-repo` reports exactly its planted
 * defects at warning or error, nothing else. Not yet run by `npm test` (its name ends `.proof.ts`): it
 * holds once the probes' own arguments (item 4), the platform-aware rules (item 7) and one finding per
 * cause (item 5) are merged; rename it to `real-repo-exact.test.ts` then.
 */
describe("tooldeck check . on fixtures/real-repo: the exact set of findings", () => {
  test("every planted defect, nothing else at warning or error", async () => {
    const { exit, problems } = await checkRealRepo();
    expect(problems).toEqual([...PLANTED].sort());
    expect(exit).toBe(2);
  });
});
