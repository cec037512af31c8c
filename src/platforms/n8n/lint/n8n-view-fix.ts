import { joinPath, toKeys } from "../../../config/json-path.js";
import type { ParamSpec } from "../../../config/request-tool-config.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { ConfigChange } from "../../../lint/diagnostic.js";
import { spliceLiteral } from "../../../lint/literal-splice.js";
import type { Fixed } from "../../platform.js";

/** What the fix of a node's request view needs of the node. */
export interface N8nViewSource {
  parameters: Record<string, unknown>;
  /** The URL parameter as the view reads it (`{id}` for a `$fromAI('id')`), undefined when it cannot. */
  renderUrl(raw: string): string | undefined;
  /** The view's path params: the `$fromAI` keys in the URL. */
  inPath: ReadonlySet<string>;
}

/**
 * A fix of an n8n HTTP Request tool node's request view as changes of its parameters: the Method; the URL,
 * its changed part written in the URL as it stands (literal text, or an expression's text with a new
 * path param `:id` as `{{ $fromAI('id', …) }}`); a query row removed or renamed. What lives in a
 * `$fromAI` call's arguments (a description, a type) is not rewritten: the reason says so.
 */
export function n8nViewFix(source: N8nViewSource, changes: readonly ConfigChange[]): Fixed<ConfigChange[]> {
  const added = addedPathParams(source, changes);
  const out: ConfigChange[] = [];
  for (const change of changes) {
    const made = parameterChange(source, change, added);
    if (!made.ok) return made;
    out.push(...made.value);
  }
  return { ok: true, value: out };
}

function parameterChange(
  source: N8nViewSource,
  change: ConfigChange,
  added: ReadonlyMap<string, ParamSpec>,
): Fixed<ConfigChange[]> {
  const [field, name, key] = toKeys(change.path).map(String);
  if (field === "method") return { ok: true, value: [{ path: "parameters.method", value: change.value }] };
  if (field === "url") return urlChange(source, change.value, added);
  if (field === "queryParamsSchema" && name !== undefined && key === undefined) {
    if (added.has(name)) return { ok: true, value: [] };
    if (!source.inPath.has(name)) return queryRowChange(source.parameters, name, change);
    return { ok: false, reason: `${name} is a $fromAI value in the n8n URL: change the URL in n8n` };
  }
  if ((field === "queryParamsSchema" || field === "bodySchema") && name !== undefined)
    return {
      ok: false,
      reason: `the ${key} of ${name} is an argument of its $fromAI call: change it in n8n`,
    };
  return { ok: false, reason: `--fix does not edit the ${field} of an n8n node` };
}

/** The URL parameter with its changed part replaced, a new path param written as a `$fromAI` call. */
function urlChange(
  source: N8nViewSource,
  wanted: unknown,
  added: ReadonlyMap<string, ParamSpec>,
): Fixed<ConfigChange[]> {
  const raw = source.parameters.url;
  if (typeof raw !== "string" || typeof wanted !== "string")
    return { ok: false, reason: "the node's URL is not text" };
  // The view writes a path param `{id}`; a fix writes the standard `:id`.
  const target = wanted.replace(/:([A-Za-z_][\w-]*)/g, (whole, name: string) =>
    added.has(name) || source.inPath.has(name) ? `{${name}}` : whole,
  );
  const expression = raw.startsWith("=");
  const render = (text: string) => source.renderUrl(text) ?? "\u0000";
  const toStored = (part: string) =>
    part.replace(/\{([A-Za-z_][\w-]*)\}/g, (whole, name: string) => {
      const spec = added.get(name);
      return spec && expression ? fromAiCall(name, spec) : whole;
    });
  const spliced = spliceLiteral(raw, target, render, toStored);
  if (spliced === undefined)
    return {
      ok: false,
      reason: "the URL's changed part is an n8n expression --fix cannot rewrite: change it in n8n",
    };
  return { ok: true, value: [{ path: "parameters.url", value: spliced }] };
}

/** `{{ $fromAI('id', 'the event', 'string') }}`: a path param the model fills, as n8n's editor writes it. */
function fromAiCall(name: string, spec: ParamSpec): string {
  const quote = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
  const args = [name, spec.description ?? "", spec.type === "integer" ? "number" : spec.type].map(quote);
  return `{{ $fromAI(${args.join(", ")}) }}`;
}

/** The path params a fix adds (`queryParamsSchema.id` set to `{ in: "path", … }`), by name. */
function addedPathParams(source: N8nViewSource, changes: readonly ConfigChange[]): Map<string, ParamSpec> {
  const added = new Map<string, ParamSpec>();
  for (const change of changes) {
    const [field, name, ...rest] = toKeys(change.path).map(String);
    const spec = change.value as ParamSpec | undefined;
    if (field === "queryParamsSchema" && name && rest.length === 0 && !source.inPath.has(name))
      if (isPlainObject(spec) && spec.in === "path") added.set(name, spec);
  }
  return added;
}

/** A query row removed (or renamed) where the node lists it. */
function queryRowChange(
  parameters: Record<string, unknown>,
  name: string,
  change: ConfigChange,
): Fixed<ConfigChange[]> {
  const query = parameters.queryParameters;
  const rows = isPlainObject(query) && Array.isArray(query.parameters) ? query.parameters : [];
  const index = rows.findIndex((row) => isPlainObject(row) && row.name === name);
  if (index < 0) return { ok: false, reason: `the query param ${name} is not a row of the node` };
  const row = joinPath("parameters.queryParameters.parameters", index);
  if (change.renameTo !== undefined)
    return { ok: true, value: [{ path: joinPath(row, "name"), value: change.renameTo }] };
  if (change.value === undefined) return { ok: true, value: [{ path: row }] };
  return {
    ok: false,
    reason: `the query param ${name} is an argument of its $fromAI call: change it in n8n`,
  };
}
