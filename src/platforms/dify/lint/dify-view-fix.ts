import { isPlainObject } from "../../../json/json-value.js";
import type { ConfigChange } from "../../../lint/diagnostic.js";
import type { Fixed } from "../../platform.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { referenceOf } from "../template/dify-template.js";
import { keyValueLines } from "./dify-rule-helpers.js";

/** What the fix of a node's view needs of the view. */
export interface DifyViewSource {
  /** The view's path params: the references that are whole path segments (`start.id`). */
  inPath: ReadonlySet<string>;
  /** The query the view appends to the URL from the node's literal params lines (`format=json`), or "". */
  paramsQuery: string;
}

/** The Start node's selector a new path value is asked of: Dify has no `{id}`, only a variable (`{{#start.id#}}`). */
export const START_NODE = "start";

/**
 * A fix of a Dify HTTP Request node's view (facts 10–11) as changes of the node: the method (lower case,
 * as Dify's editor stores it); the URL, `{{$vars.X}}` written back `{{#env.X#}}`, a path param the node
 * has kept as its reference, a new one (`:id`) a Start input `{{#start.id#}}`; a params line removed or
 * renamed. A path param's type or a field's description has no place in the node: nothing to write.
 */
export function difyViewFix(
  config: DifyHttpRequestConfig,
  view: DifyViewSource,
  changes: readonly ConfigChange[],
): Fixed<ConfigChange[]> {
  const { inPath } = view;
  const renamed = new Map<string, string>();
  for (const change of changes) {
    const name = paramOf(change.path, inPath);
    if (name?.key === undefined && change.renameTo !== undefined && inPath.has(name?.param ?? ""))
      renamed.set(change.renameTo, name?.param ?? "");
  }
  const out: ConfigChange[] = [];
  let params = config.params;
  for (const change of changes) {
    if (change.path === "method") {
      out.push({ path: "method", value: String(change.value).toLowerCase() });
      continue;
    }
    if (change.path === "url") {
      if (typeof change.value !== "string") return { ok: false, reason: "the new URL is not text" };
      // The view's query from the params lines stays in the params.
      const url =
        view.paramsQuery === ""
          ? change.value
          : change.value.replace(/[?&]([^?]*)$/, (whole, query: string) =>
              query === view.paramsQuery ? "" : whole,
            );
      out.push({ path: "url", value: difyUrl(url, inPath, renamed) });
      continue;
    }
    const name = paramOf(change.path, inPath);
    if (!name)
      return { ok: false, reason: `--fix does not edit the ${change.path.split(".")[0]} of a Dify node` };
    // A path value's type, a new path param, one renamed or dropped: the URL says it all.
    if (inPath.has(name.param) || isPathParam(change) || renamed.has(name.param)) continue;
    const line = paramsChange(params, name.param, change);
    if (!line.ok) return line;
    params = line.value;
  }
  if (params !== config.params) out.push({ path: "params", value: params });
  return { ok: true, value: out };
}

/** The view's URL as Dify writes it. */
function difyUrl(url: string, inPath: ReadonlySet<string>, renamed: ReadonlyMap<string, string>): string {
  return url
    .replace(/\{\{\$vars\.([^{}]+)\}\}/g, (_whole, name: string) => referenceOf(`env.${name}`))
    .replace(/:([A-Za-z_][\w-]*)|\{([^{}]+)\}/g, (whole, colon?: string, brace?: string) => {
      const name = colon ?? brace ?? "";
      if (inPath.has(name)) return referenceOf(name);
      if (renamed.has(name)) return referenceOf(renamed.get(name) ?? name);
      return /^[A-Za-z_]\w{0,29}$/.test(name) ? referenceOf(`${START_NODE}.${name}`) : whole;
    });
}

/** The param a change of `queryParamsSchema.…` is about (its name may hold dots: `start.id`), and the key below it. */
function paramOf(path: string, inPath: ReadonlySet<string>): { param: string; key?: string } | undefined {
  if (!path.startsWith("queryParamsSchema.")) return undefined;
  const rest = path.slice("queryParamsSchema.".length);
  const known = [...inPath].find((param) => rest === param || rest.startsWith(`${param}.`));
  if (known !== undefined)
    return rest === known ? { param: known } : { param: known, key: rest.slice(known.length + 1) };
  const [param = "", key] = rest.split(/\.(?=[^.]*$)/);
  const keys = new Set(["type", "in", "required", "description"]);
  return key !== undefined && keys.has(key) ? { param, key } : { param: rest };
}

function isPathParam(change: ConfigChange): boolean {
  return isPlainObject(change.value) && change.value.in === "path";
}

/** The params text with one line removed or renamed (fact 28: one `key:value` per line). */
function paramsChange(params: string, name: string, change: ConfigChange): Fixed<string> {
  const lines = params.split(/\r?\n/);
  const index = lines.findIndex((line) => keyValueLines(line)[0]?.key === name);
  if (index < 0) return { ok: false, reason: `the query param ${name} is not a line of the node's params` };
  if (change.renameTo !== undefined) {
    const line = lines[index] ?? "";
    lines[index] = `${change.renameTo}${line.slice(line.indexOf(":") < 0 ? line.length : line.indexOf(":"))}`;
  } else if (change.value === undefined) lines.splice(index, 1);
  else return { ok: false, reason: `the type of the query param ${name} has no place in a Dify node` };
  return { ok: true, value: lines.join("\n") };
}
