import { toKeys } from "../../../config/json-path.js";
import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { ConfigChange } from "../../../lint/diagnostic.js";
import type { Fixed } from "../../platform.js";
import { isLiteral, renderTemplate } from "../custom-tool/analysis/code-template.js";
import type { HttpCall } from "../custom-tool/analysis/http-call.js";
import type { CustomToolRow } from "../custom-tool/custom-tool-row.js";

const QUOTES = ['"', "'", "`"] as const;

/**
 * A fix of one call of a Custom Tool's code (its view as a request tool) as changes of the Custom Tool,
 * where a literal change suffices: the URL written as one string literal, the method as one `method:
 * 'PUT'` literal (both in `func`), a field's description in its schema row. What the code builds (a URL
 * from `$id`, a query it assembles) is not rewritten: the reason says so.
 */
export function customToolViewFix(
  row: CustomToolRow,
  call: HttpCall,
  view: RequestToolConfig,
  changes: readonly ConfigChange[],
): Fixed<ConfigChange[]> {
  let code = row.func;
  const rows: ConfigChange[] = [];
  for (const change of changes) {
    const [field, name, key, ...more] = toKeys(change.path).map(String);
    const wanted = change.value;
    let edited: Fixed<string> | undefined;
    if ((field === "url" && wanted === view.url) || (field === "method" && wanted === view.method)) continue;
    if (field === "url" && typeof wanted === "string") edited = urlLiteral(code, call, view.url, wanted);
    else if (field === "method" && typeof wanted === "string")
      edited = methodLiteral(code, view.method, wanted);
    else if (key === "description" && more.length === 0 && typeof wanted === "string") {
      const described = schemaRowChange(row, call, field, name, wanted);
      if (!described.ok) return described;
      rows.push(described.value);
      continue;
    }
    if (!edited) return { ok: false, reason: `the Custom Tool's code decides its ${field}: change the code` };
    if (!edited.ok) return edited;
    code = edited.value;
  }
  return { ok: true, value: code === row.func ? rows : [{ path: "func", value: code }, ...rows] };
}

function urlLiteral(code: string, call: HttpCall, url: string, wanted: string): Fixed<string> {
  if (!call.url || !isLiteral(call.url) || renderTemplate(call.url) !== url)
    return { ok: false, reason: "the URL is built in code in the Custom Tool" };
  // A path param of a request tool's URL (`/events/:id`) is an argument in a Custom Tool: code, not a literal.
  if (/(?:\/:|\{)[A-Za-z_]/.test(wanted.replace(/\{\{[^{}]*\}\}/g, "")))
    return {
      ok: false,
      reason: "the new URL takes an argument in its path: write it in the Custom Tool's code",
    };
  const found = QUOTES.flatMap((quote) => occurrences(code, `${quote}${url}${quote}`).map(() => quote));
  const [quote] = found;
  if (found.length !== 1 || !quote)
    return { ok: false, reason: `the URL is written ${found.length} times in the Custom Tool's code` };
  return { ok: true, value: code.replace(`${quote}${url}${quote}`, () => quoted(wanted, quote)) };
}

/** `method: 'PUT'` → `method: 'PATCH'`, in the literal's own case. */
function methodLiteral(code: string, method: string, wanted: string): Fixed<string> {
  const pattern = /(\bmethod\s*:\s*)(["'`])([A-Za-z]+)\2/g;
  const found = [...code.matchAll(pattern)].filter((match) => match[3]?.toUpperCase() === method);
  const [match] = found;
  if (found.length !== 1 || !match)
    return {
      ok: false,
      reason: `the method is not one literal method: '${method}' in the Custom Tool's code`,
    };
  const written = match[3] === match[3]?.toLowerCase() ? wanted.toLowerCase() : wanted;
  const replacement = `${match[1]}${match[2]}${written}${match[2]}`;
  return {
    ok: true,
    value: `${code.slice(0, match.index)}${replacement}${code.slice(match.index + match[0].length)}`,
  };
}

/** A field's description is its schema row's: the row of the argument the query or body field carries. */
function schemaRowChange(
  row: CustomToolRow,
  call: HttpCall,
  field: string | undefined,
  name: string | undefined,
  description: string,
): Fixed<ConfigChange> {
  const property = field === "bodySchema" ? call.body?.find((body) => body.key === name)?.property : name;
  const index = row.schema.findIndex((schemaRow) => schemaRow.property === property);
  if (index < 0) return { ok: false, reason: `${name} has no schema row in the Custom Tool` };
  return { ok: true, value: { path: `schema[${index}].description`, value: description } };
}

function occurrences(text: string, part: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) found.push(at);
  return found;
}

/** A JavaScript string literal in the quotes the code used. */
function quoted(text: string, quote: (typeof QUOTES)[number]): string {
  let escaped = text.replaceAll("\\", "\\\\").replaceAll(quote, `\\${quote}`);
  if (quote === "`") escaped = escaped.replaceAll("${", "\\${");
  return `${quote}${escaped}${quote}`;
}
