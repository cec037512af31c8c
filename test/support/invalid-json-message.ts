import { expect } from "vitest";
import { escapeRegExp } from "../../src/text/escape-reg-exp.js";

/**
 * Matches Flowise's whole invalid-JSON message (its four attempts, "Common fixes" and the text received)
 * after `start`: `"<file>: <path>: Invalid JSON format in body. Original error: <JSON5's first error>"`.
 */
export function invalidJsonError(start: string): unknown {
  return expect.stringMatching(
    new RegExp(
      `^${escapeRegExp(start)}\\. After cleanup attempts: .*\\n\\nCommon fixes:\\n[^]*\\n\\nReceived body: `,
    ),
  );
}
