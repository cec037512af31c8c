import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { foldSharedCauses, perToolFindings } from "../../src/lint/fold-shared-causes.js";

const REFUSED = '127.0.0.1 is a loopback/private host: Flowise 3.1 refuses every call to it ("…")';

/** A tool's flowise-private-host finding on a host (its cause: that host), in a file. */
const refused = (tool: string, { host = "127.0.0.1", file = "flows/a.json", severity = "warning" } = {}) =>
  ({
    code: "flowise-private-host",
    severity,
    tool,
    file,
    path: `nodes[${tool.length}].data.inputs.url`,
    message: `${host} is a loopback/private host: Flowise 3.1 answers "…"`,
    suggestion: "run Flowise with HTTP_SECURITY_CHECK=false, or call the service on a public address",
    cause: { id: `flowise-private-host:${host}`, summary: REFUSED.replace("127.0.0.1", host) },
  }) as Diagnostic;

const withoutCause = ({ cause: _cause, ...diagnostic }: Diagnostic): Diagnostic => diagnostic;

const shown = (diagnostics: Diagnostic[]) =>
  foldSharedCauses(diagnostics).map((d) => `${d.file} ${d.severity} ${d.tool || "-"}: ${d.message}`);

describe("one cause, one finding across tools (foldSharedCauses)", () => {
  test.each([
    {
      name: "four tools on one refused host: one finding naming them",
      given: ["a", "b", "c", "d"].map((tool) => refused(tool)),
      expected: [`flows/a.json warning -: 4 tools (a, b, c, d): ${REFUSED}`],
    },
    {
      name: "a cause on one tool stays that tool's finding",
      given: [refused("a")],
      expected: ['flows/a.json warning a: 127.0.0.1 is a loopback/private host: Flowise 3.1 answers "…"'],
    },
    {
      name: "two hosts are two causes",
      given: [
        refused("a"),
        refused("b", { host: "10.0.0.5" }),
        refused("c"),
        refused("d", { host: "10.0.0.5" }),
      ],
      expected: [
        `flows/a.json warning -: 2 tools (a, c): ${REFUSED}`,
        `flows/a.json warning -: 2 tools (b, d): ${REFUSED.replace("127.0.0.1", "10.0.0.5")}`,
      ],
    },
    {
      name: "two flows: one finding, in the first file, saying how many files",
      given: [refused("get_events", { file: "flows/b.json" }), refused("get_events"), refused("add_event")],
      expected: [`flows/a.json warning -: 3 tools in 2 files (add_event, get_events): ${REFUSED}`],
    },
    {
      name: "the heaviest severity of the tools' findings (an override raised one)",
      given: [refused("a"), refused("b", { severity: "error" })],
      expected: [`flows/a.json error -: 2 tools (a, b): ${REFUSED}`],
    },
    {
      name: "past five tools, the rest are counted",
      given: ["a", "b", "c", "d", "e", "f", "g"].map((tool) => refused(tool)),
      expected: [`flows/a.json warning -: 7 tools (a, b, c, d, e, and 2 more): ${REFUSED}`],
    },
    {
      name: "findings without a cause are left as they are",
      given: [withoutCause(refused("a")), { ...withoutCause(refused("b")), code: "tool-description" }],
      expected: [
        'flows/a.json warning a: 127.0.0.1 is a loopback/private host: Flowise 3.1 answers "…"',
        'flows/a.json warning b: 127.0.0.1 is a loopback/private host: Flowise 3.1 answers "…"',
      ],
    },
  ])("$name", ({ given, expected }) => {
    expect(shown(given)).toEqual(expected);
  });

  test("the finding keeps each tool's own finding, the advice, and each tool's probe evidence named by it", () => {
    const evidence = {
      code: "probe",
      severity: "error",
      path: "nodes[1]",
      message: "GET / got no answer",
    } as const;
    const given = [{ ...refused("a"), related: [evidence] }, refused("b")];
    const [folded, ...rest] = foldSharedCauses(given);
    expect(rest).toEqual([]);
    expect(folded).toMatchObject({
      code: "flowise-private-host",
      path: "",
      suggestion: "run Flowise with HTTP_SECURITY_CHECK=false, or call the service on a public address",
      cause: { id: "flowise-private-host:127.0.0.1", summary: REFUSED },
      related: [{ ...evidence, message: "a: GET / got no answer" }],
    });
    expect(perToolFindings(foldSharedCauses(given))).toEqual(given);
  });

  test("evidence of many tools: the first five lines, then how many more", () => {
    const evidence = { code: "probe", severity: "error", path: "", message: "refused" } as const;
    const given = ["a", "b", "c", "d", "e", "f", "g"].map((tool) => ({
      ...refused(tool),
      related: [evidence],
    }));
    expect(foldSharedCauses(given)[0]?.related?.map((r) => r.message)).toEqual([
      "a: refused",
      "b: refused",
      "c: refused",
      "d: refused",
      "e: refused",
      "and 2 more like these, one per tool",
    ]);
  });

  test("tools advised differently: the finding gives no advice, each tool's finding keeps its own", () => {
    const [folded] = foldSharedCauses([refused("a"), { ...refused("b"), suggestion: "another advice" }]);
    expect(folded?.suggestion).toBeUndefined();
    expect(folded?.perTool?.map((d) => d.suggestion)).toEqual([refused("a").suggestion, "another advice"]);
  });
});
