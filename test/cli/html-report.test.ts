import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixedConfigOverTutorialCassette } from "../support/failing-update-scenario.js";
import { tooldeck } from "../support/run-tooldeck.js";

describe("--format html", () => {
  test("check: one page with every tool's probe exchange and the schema the LLM is given; exit as with any format", async () => {
    const { exit, stdout, stderr } = await tooldeck(
      "check",
      "tools/",
      "--spec",
      "tools/event-api.openapi.yaml",
      "--format",
      "html",
    );
    expect(exit).toBe(1);
    expect(stderr).toBe("");
    expect(stdout.startsWith("<!doctype html>\n")).toBe(true);
    expect(stdout).toContain("<title>tooldeck check</title>");
    expect(stdout).toContain("PUT /events is not an operation of Event Management API");
    expect(stdout).toContain(
      "https://github.com/tooldeck/tooldeck/blob/main/docs/rules.md#operation-not-found",
    );
    expect(stdout).toContain("<pre>PUT http://events.tooldeck.internal/events</pre>");
    expect(stdout).toContain("<pre>404 Not Found</pre>");
    expect(stdout.match(/<summary>Request the probe sent, and the answer<\/summary>/g)).toHaveLength(9);
    expect(stdout.match(/<summary>What the LLM is given<\/summary>/g)).toHaveLength(9);
    expect(stdout).toContain("&quot;queryParams&quot;");
  });

  test("lint: no probe, so no exchange, but each request tool's schema", async () => {
    const { exit, stdout } = await tooldeck("lint", "tools/request-tools.yaml", "--format", "html");
    expect(exit).toBe(1);
    expect(stdout).toContain("<title>tooldeck lint</title>");
    expect(stdout).not.toContain("Request the probe sent");
    expect(stdout.match(/<summary>What the LLM is given<\/summary>/g)).toHaveLength(4);
  });

  test("run: the failing scenario's timeline and its diff, exit 1; progress and summary on stderr", async () => {
    const file = fixedConfigOverTutorialCassette().file;
    const { exit, stdout, stderr } = await tooldeck("run", file, "--format", "html");
    expect(exit).toBe(1);
    expect(stdout).toContain("<title>tooldeck run</title>");
    expect(stdout).toContain(
      '<tr><td class="del">PUT http://events.tooldeck.internal/events</td><td class="ins">PATCH http://events.tooldeck.internal/events/1</td></tr>',
    );
    expect(stderr).toBe(`[1/1] ${file}\n0 passed, 1 failed\n`);
  });

  test("a --secret is masked in the page even where escaping would spell it otherwise", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-html-secret-"));
    writeFileSync(
      join(dir, "tools.yaml"),
      [
        "kind: request",
        "method: POST",
        "name: create_event",
        "description: Use this to add an event",
        "url: '{{$vars.base_url}}/events'",
        "body: { name: '{{$vars.token}}', date: '2024-06-15T09:00:00Z', location: here }",
      ].join("\n"),
    );
    const secret = "o'brien&<key>";
    const { stdout } = await tooldeck("check", dir, "--secret", `token=${secret}`, "--format", "html");
    expect(stdout).toContain("POST http://events.tooldeck.internal/events");
    expect(stdout).not.toContain("o&#39;brien");
    expect(stdout).not.toContain("brien&amp;");
    expect(stdout).toContain("***");
  });
});
