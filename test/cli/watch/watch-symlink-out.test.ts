import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { watchAndRerun } from "../../../src/cli/watch/watch-and-rerun.js";
import { captureIo } from "../../support/capture-io.js";

test("--watch follows no symlink out of the project: a write behind a link to a folder outside starts no rerun", async () => {
  const project = mkdtempSync(join(tmpdir(), "tooldeck-watch-project-"));
  const outside = mkdtempSync(join(tmpdir(), "tooldeck-watch-outside-"));
  mkdirSync(join(outside, "deep"));
  writeFileSync(join(outside, "deep", "secret.yaml"), "kept: out\n");
  mkdirSync(join(project, "tools"));
  writeFileSync(join(project, "tools", "a.yaml"), "name: a\n");
  // The pull request's link: tools/out → a folder the loader refuses (a link to / would crawl the disk).
  symlinkSync(outside, join(project, "tools", "out"));
  // And one that stays inside: still followed.
  mkdirSync(join(project, "shared"));
  symlinkSync(join(project, "shared"), join(project, "tools", "shared"));

  const stop = new AbortController();
  const { io, stderr } = captureIo(stop.signal);
  const rounds: (readonly string[] | undefined)[] = [];
  const watching = watchAndRerun({
    command: "lint",
    io,
    watch: [join(project, "tools")],
    roots: [project],
    settleMs: 20,
    run: async (changed) => {
      rounds.push(changed);
      return { watch: [] };
    },
  });
  const idle = (times: number) =>
    expect.poll(() => stderr().split("watching for changes").length - 1, { timeout: 20_000 }).toBe(times);
  await idle(1);

  writeFileSync(join(outside, "deep", "secret.yaml"), "kept: changed\n");
  writeFileSync(join(outside, "new.yaml"), "planted: true\n");
  // A change inside the project after them: the rerun it starts names it alone.
  writeFileSync(join(project, "tools", "a.yaml"), "name: a2\n");
  await idle(2);
  writeFileSync(join(project, "shared", "b.yaml"), "name: b\n");
  await idle(3);
  stop.abort("SIGINT");
  await expect(watching).resolves.toBe(0);

  expect(rounds).toEqual([
    undefined,
    [join(project, "tools", "a.yaml")],
    [join(project, "tools", "shared", "b.yaml")],
  ]);
  expect(stderr()).not.toContain(outside);
});
