import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseN8nValue } from "../../../../src/platforms/n8n/expression/n8n-expression.js";
import { referenceParseN8nValue } from "../support/reference-n8n-template.js";

const PIECES = [
  "{{",
  "}}",
  "{{ ",
  " }}",
  "{",
  "}",
  "$fromAI('a')",
  "$fromAI(",
  ")",
  "'",
  '"',
  "`",
  "${",
  "/*",
  "*/",
  "//",
  "/",
  "/x/",
  "\n",
  "\\",
  " ",
  "a",
  "1",
  ",",
  "(",
  "[",
  "]",
  "typeof",
  "+",
  "$vars.x",
];

describe("an n8n template is read in one pass (issue 37)", () => {
  test("as tooldeck read it with acorn over the rest of the text, when every code reads to its `}}`", () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (pieces) => {
        const value = `=${pieces.join("")}`;
        const ours = parseN8nValue(value);
        const reference = referenceParseN8nValue(value);
        if (hasUnreadCode(reference)) return;
        compared++;
        expect(withoutPositions(ours)).toEqual(withoutPositions(reference));
      }),
      { numRuns: 4000 },
    );
    expect(compared).toBeGreaterThan(1000);
  });
});

/** A `{{` whose code acorn could not read to a `}}`: what comes after it is read differently, on purpose. */
function hasUnreadCode(value: ReturnType<typeof referenceParseN8nValue>): boolean {
  return value.kind === "expression" && value.parts.some((part) => part.kind === "unsupported");
}

/** The parts with acorn's node positions left out: the code is parsed on its own now, not in the whole text. */
function withoutPositions(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item) => (key === "start" || key === "end" ? undefined : item)),
  );
}
