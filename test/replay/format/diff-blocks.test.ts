import { describe, expect, test } from "vitest";
import { diffBlocks } from "../../../src/replay/format/diff-blocks.js";

describe("diffBlocks", () => {
  test("a call's pairs side by side, the headers that went beside those that came, the end state apart", () => {
    expect(
      diffBlocks([
        "call 1 update_event (agent):",
        "  - PUT http://e/events",
        "  + PATCH http://e/events/1",
        "  - header X-Api-Key: [redacted]",
        "  - header X-Trace: 1",
        "  + header Authorization: [redacted]",
        "  - status 404 Not Found",
        "  + status 200 OK",
        "call 3 get_events (after):",
        "  + output more",
        "end state:",
        "  - 1234",
        "  + 5678",
      ]),
    ).toEqual([
      {
        title: "call 1 update_event (agent)",
        call: 1,
        rows: [
          { before: "PUT http://e/events", after: "PATCH http://e/events/1" },
          { before: "header X-Api-Key: [redacted]", after: "header Authorization: [redacted]" },
          { before: "header X-Trace: 1" },
          { before: "status 404 Not Found", after: "status 200 OK" },
        ],
      },
      { title: "call 3 get_events (after)", call: 3, rows: [{ after: "output more" }] },
      { title: "end state", rows: [{ before: "1234", after: "5678" }] },
    ]);
  });

  test("no diff, no blocks; lines before any header still show", () => {
    expect(diffBlocks([])).toEqual([]);
    expect(diffBlocks(["  - a", "  + b"])).toEqual([{ title: "diff", rows: [{ before: "a", after: "b" }] }]);
  });
});
