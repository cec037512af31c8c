import { expect, test } from "vitest";
import { tooldeck } from "../../support/run-tooldeck.js";

test("a scenario runs an n8n workflow's tools under n8n's semantics and replays its cassette (issue 32)", async () => {
  const { exit, stdout } = await tooldeck("run", "fixtures/n8n/scenarios/delete-event.yaml");
  expect(stdout).toContain(
    "✓ n8n delete event [n8n] — 1 call, replayed  fixtures/n8n/scenarios/delete-event.yaml",
  );
  expect(exit).toBe(0);
});
