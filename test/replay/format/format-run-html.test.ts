import { describe, expect, test } from "vitest";
import { formatRunHtml } from "../../../src/replay/format/format-run-html.js";
import type { RunEntry } from "../../../src/replay/format/run-report.js";
import type { ScenarioResult } from "../../../src/replay/scenario-result.js";

const failed: ScenarioResult = {
  name: "update <b>event</b>",
  file: "scenarios/update.yaml",
  profile: "standard",
  mode: "replayed",
  passed: false,
  failures: ["the replay differs from the cassette (see the diff)"],
  diff: [
    "call 1 update_event (agent):",
    "  - PUT http://e/events",
    "  + PATCH http://e/events/1",
    "end state:",
    "  - aaa",
    "  + bbb",
  ],
  drift: ["call 1 update_event: PUT /events is not an operation"],
  calls: [
    {
      source: "agent",
      tool: "update_event",
      args: { body: { name: "</script><script>alert(1)</script>" } },
      ok: true,
      output: '{"id":"1"}',
      request: { method: "PATCH", url: "http://e/events/1", headers: {}, body: "{}" },
      response: { status: 200, statusText: "OK", headers: {}, body: '{"id":"1"}' },
      stateDigest: "bbb",
    },
    { source: "after", tool: "check_events", args: {}, ok: false, output: "HTTP 500", stateDigest: "bbb" },
  ],
  answer: "Renamed <img src=x onerror=alert(2)>.",
  state: { events: [] },
};

const entries: RunEntry[] = [
  { file: failed.file ?? "", name: failed.name, passed: false, lines: failed.failures, result: failed },
  { file: "scenarios/broken.yaml", name: "scenarios/broken.yaml", passed: false, lines: ["model: required"] },
];

describe("formatRunHtml", () => {
  const page = formatRunHtml({ entries });

  test("each scenario's trajectory is a timeline of its calls with their outcomes", () => {
    expect(page).toContain(
      '<p class="summary failed">0 passed, <a href="#first-failed" data-only-status="failed">2 failed</a></p>',
    );
    expect(page.match(/id="first-failed"/g)).toHaveLength(1);
    expect(page).toContain('<li class="call ok changed">');
    expect(page).toContain('<span class="outcome ok">ok, HTTP 200</span>');
    expect(page).toContain('<li class="call error">');
    expect(page).toContain('<span class="outcome error">error, no response</span>');
    expect(page).toContain('data-entry data-status="failed"');
  });

  test("a changed call shows the cassette beside this run; the end state apart", () => {
    expect(page).toContain(
      '<tr><td class="del">PUT http://e/events</td><td class="ins">PATCH http://e/events/1</td></tr>',
    );
    expect(page).toContain('<caption class="muted">end state: the cassette, and this run</caption>');
  });

  test("a scenario file that could not run shows its error", () => {
    expect(page).toContain('<li class="outcome error">model: required</li>');
  });

  test("what the model sent and said is text, not markup", () => {
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toContain("<img");
    expect(page).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("update &lt;b&gt;event&lt;/b&gt;");
  });
});
