import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import { createOperationIndex } from "../../src/openapi/operation-index.js";
import { compileSegment, fitsTemplate, matchMixed } from "../../src/openapi/template-segment.js";
import { escapeRegExp } from "../../src/text/escape-reg-exp.js";

/** What the path trie did before: a lazy group per parameter, run by RegExp (safe on short text). */
function regexMatch(template: string, value: string): string[] | undefined {
  const source = template
    .split(/(\{[^{}]+\})/)
    .map((part) => (/^\{[^{}]+\}$/.test(part) ? "([^/]+?)" : escapeRegExp(part)))
    .join("");
  return new RegExp(`^${source}$`).exec(value)?.slice(1);
}

function mixed(template: string) {
  const segment = compileSegment(template);
  if (segment.kind !== "mixed") throw new Error(`${template} is ${segment.kind}`);
  return segment;
}

describe("matchMixed: a mixed segment matched without a regular expression", () => {
  test.each([
    ["{name}.{ext}", "report.pdf", ["report", "pdf"]],
    ["{name}.{ext}", "archive.tar.gz", ["archive", "tar.gz"]],
    ["{name}.{ext}", ".pdf", undefined],
    ["{name}.{ext}", "report.", undefined],
    ["v{major}.{minor}", "v1.2", ["1", "2"]],
    ["{a}{b}", "xyz", ["x", "yz"]],
    ["{a}{b}", "x", undefined],
    ["item-{id}.json", "item-.json", undefined],
    ["ab{x}ba", "aba", undefined],
  ])("%s on %s: %j", (template, value, expected) => {
    expect(matchMixed(mixed(template), value)).toEqual(expected);
  });

  test("gives what the lazy regular expression gave, on any short segment", () => {
    const piece = fc.constantFrom("a", "b", ".", "-", "ab");
    const template = fc
      .array(fc.oneof(piece, fc.constantFrom("{p}", "{q}", "{r}")), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join(""))
      .filter((text) => compileSegment(text).kind === "mixed");
    const value = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(template, value, (text, segment) => {
        expect(matchMixed(mixed(text), segment)).toEqual(regexMatch(text, segment));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("a path template built to make a regular expression backtrack", () => {
  const template = `/p/${Array.from({ length: 10 }, (_, i) => `{p${i}}`).join("")}z`;

  test.each([30, 1_000, 5_000])("matching a %i-character segment against %s completes", async (length) => {
    const index = createOperationIndex(
      await loadSpec({
        openapi: "3.0.3",
        info: { title: "Hostile", version: "1" },
        paths: {
          [template]: { get: { operationId: "hostile", responses: { "200": { description: "ok" } } } },
        },
      }),
    );
    const crafted = "a".repeat(length);
    expect(matchOperation(index, "GET", `/p/${crafted}`)).toMatchObject({ ok: false });
    const found = matchOperation(index, "GET", `/p/${crafted}z`);
    expect(found).toMatchObject({ ok: true, operation: { operationId: "hostile" } });
    expect(found.ok && found.params.p9).toBe("a".repeat(length - 9));
  });

  test("a seed's collection path is matched against templates the same way", () => {
    const crafted = `/p/${"a".repeat(5_000)}`;
    expect(fitsTemplate(template, crafted)).toBe(false);
    expect(fitsTemplate(template, `${crafted}z`)).toBe(true);
    expect(fitsTemplate("/owners/{id}/pets", "/owners/1/pets")).toBe(true);
    expect(fitsTemplate("/owners/{id}/pets", "/owners//pets")).toBe(false);
    expect(fitsTemplate("/owners/{id}/pets", "/owners/1/2/pets")).toBe(false);
  });
});
