import type { Fix } from "../diagnostic.js";

/**
 * How a report says a finding's fix: one `--fix` applies, a suggestion it leaves alone because it would
 * change what the tool does (and how), or one it cannot write in the file's format (and why).
 * @example
 * fixText({ description: "GET {{$vars.base_url}}/events", changes: [], changesTool: "it turns a create (POST) into a read (GET)" });
 * // "suggested fix (--fix-suggestions): GET {{$vars.base_url}}/events — it turns a create (POST) into a read (GET)"
 */
export function fixText(fix: Fix): string {
  if (fix.notFixable !== undefined) return `not fixed: ${fix.notFixable} (${fix.description})`;
  return fix.changesTool === undefined
    ? `fixable with --fix: ${fix.description}`
    : `suggested fix (--fix-suggestions): ${fix.description} — ${fix.changesTool}`;
}
