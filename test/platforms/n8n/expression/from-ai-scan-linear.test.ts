import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  FROM_AI_KEY,
  type FromAiCall,
  type FromAiScan,
  scanFromAiCalls,
} from "../../../../src/platforms/n8n/expression/from-ai-calls.js";
import { nestedFromAi } from "../support/hostile-texts.js";
import { referenceScanFromAiCalls } from "../support/reference-from-ai-scan.js";

/** Pieces an attacker (or a careless author) strings together: calls, quotes, escapes, commas, parens. */
const PIECES = [
  "$fromAI(",
  "$fromai (",
  "$fromAI( ",
  "(",
  ")",
  "'",
  '"',
  "`",
  "\\",
  ",",
  ", ",
  " ",
  "k",
  "key_1",
  "'k'",
  "'string'",
  "'number'",
  "'json'",
  "5",
  '{"a":1}',
  "true",
  "\n",
];

/** The reference's calls, as the linear scan reports them: a call with a key n8n refuses keeps key and type only. */
function comparable(scan: FromAiScan): FromAiScan {
  if (!scan.ok) return scan;
  return {
    ok: true,
    calls: scan.calls.map((call): FromAiCall => {
      return FROM_AI_KEY.test(call.key) ? call : { key: call.key, type: call.type };
    }),
  };
}

describe("the $fromAI scan is n8n's, read in one pass (issue 37)", () => {
  test("it finds what n8n's call-by-call scan finds, on any text made of the pieces", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(scanFromAiCalls(text)).toEqual(comparable(referenceScanFromAiCalls(text)));
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    ["nested calls, each a default of the one around it", nestedFromAi(3), 3],
    ["a call inside another's quoted description", "$fromAI('a', 'see $fromAI(\\'b\\')', 'string')", 2],
    ["a call after an escaped quote", "$fromAI('a\\'b', $fromAI('c'))", 2],
  ])("%s", (_name, text, count) => {
    const scan = scanFromAiCalls(text);
    expect(scan).toEqual(comparable(referenceScanFromAiCalls(text)));
    expect(scan.ok && scan.calls.length).toBe(count);
  });

  test("a key too long to be valid is cut, and the call keeps no description or default", () => {
    const key = "k".repeat(400);
    const scan = scanFromAiCalls(`$fromAI('${key}', 'about it', 'string', 'x')`);
    expect(scan).toEqual({ ok: true, calls: [{ key: `'${"k".repeat(139)}…`, type: "string" }] });
  });
});
