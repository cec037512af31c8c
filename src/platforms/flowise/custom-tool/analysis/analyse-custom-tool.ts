import type { CustomToolRow } from "../custom-tool-row.js";
import { type ArgumentReads, argumentReads } from "./argument-reads.js";
import { CodeScope } from "./code-scope.js";
import { findHttpCalls } from "./find-http-calls.js";
import type { HttpCall } from "./http-call.js";
import { parseCustomToolCode } from "./parse-custom-tool-code.js";

/** What the static analysis of a Custom Tool's code found; the code is parsed, never run. */
export type CustomToolAnalysis =
  | ({ ok: true; calls: readonly HttpCall[] } & ArgumentReads)
  | { ok: false; line: number; message: string };

const analysed = new WeakMap<CustomToolRow, CustomToolAnalysis>();

/**
 * The HTTP calls, argument reads and variable reads of a Custom Tool's code, read from its syntax tree
 * (acorn): nothing of it runs, so a `while (true) {}` or a call with side effects is read like any code.
 * Several rules ask; each row is analysed once.
 */
export function analyseCustomTool(row: CustomToolRow): CustomToolAnalysis {
  const known = analysed.get(row);
  if (known) return known;
  const parsed = parseCustomToolCode(row.func);
  let analysis: CustomToolAnalysis;
  if (!parsed.ok) analysis = parsed;
  else {
    const scope = new CodeScope(parsed.program);
    analysis = {
      ok: true,
      calls: findHttpCalls(parsed.program, scope),
      ...argumentReads(parsed.program, scope),
    };
  }
  analysed.set(row, analysis);
  return analysis;
}
