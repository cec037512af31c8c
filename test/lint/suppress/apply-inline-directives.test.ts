import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import { applyInlineDirectives } from "../../../src/lint/suppress/apply-inline-directives.js";

const RULES = ["operation-not-found", "undeclared-query-param", "probe"];

/** Two tools; update_event's url is on line 9, get_events' limit on line 5. */
const CONFIG = `- kind: request
  name: get_events
  url: "{{$vars.base_url}}/events"
  queryParamsSchema:
    limit: { type: string, in: query }
- kind: request
  method: PUT
  name: update_event
  url: "{{$vars.base_url}}/events"
`;

const finding = (code: string, tool: string, path: string, file = "tools/t.yaml"): Diagnostic => ({
  code,
  severity: "error",
  tool,
  file,
  path,
  message: `${tool}: ${code}`,
});

const UPDATE_URL = finding("operation-not-found", "update_event", "[1].url");
const LIMIT = finding("undeclared-query-param", "get_events", "[0].queryParamsSchema.limit");
const PROBE = finding("probe", "update_event", "[1]");

function run(text: string, diagnostics: Diagnostic[], file = "tools/t.yaml") {
  return applyInlineDirectives(diagnostics, [file], () => text, RULES);
}

/** CONFIG with `comment` inserted before its line `before` (1-based). */
function withComment(before: number, comment: string): string {
  const lines = CONFIG.split("\n");
  lines.splice(before - 1, 0, comment);
  return lines.join("\n");
}

describe("applyInlineDirectives", () => {
  test.each([
    [
      "next line above the finding's key",
      withComment(9, "  # tooldeck-disable-next-line operation-not-found -- v2"),
      [UPDATE_URL],
      [],
      "v2",
    ],
    [
      "next line of another rule",
      withComment(9, "  # tooldeck-disable-next-line probe"),
      [],
      [UPDATE_URL],
      undefined,
    ],
    [
      "next line above another key",
      withComment(8, "  # tooldeck-disable-next-line operation-not-found"),
      [],
      [UPDATE_URL],
      undefined,
    ],
    [
      "above the tool's item: its probe finding",
      withComment(6, "# tooldeck-disable-next-line probe -- flaky staging"),
      [PROBE],
      [UPDATE_URL],
      "flaky staging",
    ],
    [
      "a block to the end of the file",
      withComment(6, "# tooldeck-disable operation-not-found, probe -- legacy"),
      [UPDATE_URL, PROBE],
      [LIMIT],
      "legacy",
    ],
    [
      "a block closed before the finding",
      withComment(6, "# tooldeck-disable operation-not-found\n# tooldeck-enable operation-not-found"),
      [],
      [UPDATE_URL],
      undefined,
    ],
  ] as [string, string, Diagnostic[], Diagnostic[], string | undefined][])(
    "%s",
    (_label, text, suppressed, kept, reason) => {
      const outcome = run(
        text,
        [UPDATE_URL, PROBE, LIMIT].filter((d) => suppressed.includes(d) || kept.includes(d)),
      );
      expect(outcome.problems).toEqual([]);
      expect(outcome.kept).toEqual(kept);
      expect(outcome.suppressed.map(({ suppression, ...diagnostic }) => diagnostic)).toEqual(suppressed);
      for (const { suppression } of outcome.suppressed) {
        expect(suppression).toMatchObject({
          kind: "inline",
          by: expect.stringMatching(/^tools\/t\.yaml:\d+$/),
        });
        expect(suppression.reason).toBe(reason);
      }
    },
  );

  test("the suppression names the comment's line", () => {
    const outcome = run(withComment(9, "  # tooldeck-disable-next-line operation-not-found"), [UPDATE_URL]);
    expect(outcome.suppressed[0]?.suppression).toEqual({ kind: "inline", by: "tools/t.yaml:9", line: 9 });
  });

  test("a wrong rule name is an error finding on the file, and suppresses nothing", () => {
    const text = withComment(9, "  # tooldeck-disable-next-line operation-not-fond -- typo");
    const outcome = run(text, [UPDATE_URL]);
    expect(outcome.kept).toEqual([UPDATE_URL]);
    expect(outcome.problems).toEqual([
      {
        code: "config-invalid",
        severity: "error",
        tool: "",
        file: "tools/t.yaml",
        path: "",
        message:
          'line 9: tooldeck-disable-next-line names no rule "operation-not-fond", did you mean operation-not-found?',
      },
    ]);
  });

  test("a wrong comment in a file without findings is reported too", () => {
    const outcome = applyInlineDirectives(
      [],
      ["tools/clean.yaml"],
      () => "# tooldeck-disable frobnicate\na: 1\n",
      RULES,
    );
    expect(outcome.problems.map((problem) => problem.message)).toEqual([
      'line 1: tooldeck-disable names no rule "frobnicate"',
    ]);
  });

  test("JSON files and unreadable files are not read for comments", () => {
    const json = finding("operation-not-found", "update_event", "[1].url", "tools/t.json");
    let reads = 0;
    const outcome = applyInlineDirectives(
      [json],
      ["tools/t.json"],
      () => {
        reads++;
        return "# tooldeck-disable operation-not-found\n";
      },
      RULES,
    );
    expect(reads).toBe(0);
    expect(outcome.kept).toEqual([json]);
    expect(run(CONFIG, [UPDATE_URL]).kept).toEqual([UPDATE_URL]);
    expect(applyInlineDirectives([UPDATE_URL], [], () => undefined, RULES).kept).toEqual([UPDATE_URL]);
  });
});
