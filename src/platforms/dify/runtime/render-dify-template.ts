import { templateParts } from "../template/dify-template.js";
import type { DifyVariablePool } from "./dify-variable-pool.js";
import { segmentText } from "./segment-text.js";

/**
 * A template rendered as graphon's `convert_template` renders it (reference/dify-tools.md facts 22–25):
 * each `{{#a.b#}}` replaced by its value's text, inserted raw (no quoting, no escaping); a reference the
 * pool does not hold left as its bare selector text (`a.b`, fact 24); and a literal chunk of text that
 * holds a `.` looked up too, so a chunk that is exactly a selector the pool holds (`sys.query`) becomes
 * its value (fact 25).
 * @example
 * renderDifyTemplate("https://x/{{#abc.q#}}", pool); // "https://x/abc.q" when the pool has no abc.q
 */
export function renderDifyTemplate(template: string, pool: DifyVariablePool): string {
  let text = "";
  for (const part of templateParts(template)) {
    const chunk = "selector" in part ? part.selector : part.text;
    const found = chunk.includes(".") ? pool.get(chunk) : undefined;
    text += found === undefined ? chunk : segmentText(found.value);
  }
  return text;
}
