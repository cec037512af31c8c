import { parseFlowiseJson } from "../../../config/flowise-json.js";
import { fromCanonicalHttp } from "../../../config/from-canonical-http.js";
import type { HttpNodeConfig } from "../../../config/http-node-config.js";
import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";

/**
 * The inputs of a Flowise `httpAgentflow` node (Agentflow V2 "Send HTTP Request") as an `http` config.
 * Flowise stores unset fields as `""` and key/value lists as arrays (or JSON text of one). The node's
 * credential is a reference to Flowise's credential store, which an export does not carry: it is reported
 * as a warning and left out (set `credential` with `{{$vars…}}` values in tooldeck's format).
 */
export function fromFlowiseHttpInputs(
  inputs: Record<string, unknown>,
  path: string,
  sink: LoadSink,
  name: string,
): HttpNodeConfig | undefined {
  const draft: Record<string, unknown> = { kind: "http", name, url: text(inputs.url) };
  if (inputs.method) draft.method = inputs.method;
  for (const key of ["headers", "queryParams"] as const) {
    const list = keyValueList(inputs[key], joinPath(path, key), sink);
    if (list === undefined) return undefined;
    draft[key] = list;
  }
  if (inputs.bodyType) draft.bodyType = inputs.bodyType;
  if (inputs.responseType) draft.responseType = inputs.responseType;
  if (inputs.body !== undefined && inputs.body !== "") draft.body = readBody(inputs, path, sink);
  if (draft.body === null) return undefined;
  if (inputs.credential) {
    sink.warn(
      joinPath(path, "credential"),
      "the node's credential lives in Flowise's credential store and is not loaded; set credential with {{$vars…}} values",
    );
  }
  if (draft.url === "") sink.warn(joinPath(path, "url"), "no URL: every run of this HTTP node fails");
  return fromCanonicalHttp(draft, path, sink);
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** `""` (unset), an array of `{key, value}` rows (blank keys skipped, as Flowise skips them), or its JSON text. */
function keyValueList(value: unknown, path: string, sink: LoadSink): unknown[] | undefined {
  let rows = value;
  if (rows === undefined || rows === "" || rows === null) return [];
  if (typeof rows === "string") {
    const parsed = parseFlowiseJson(rows);
    if (!parsed.ok) {
      sink.error(path, `expected a list of {key, value}, received text that is not JSON (${parsed.reason})`);
      return undefined;
    }
    rows = parsed.value;
  }
  if (!Array.isArray(rows)) {
    sink.error(path, `expected a list of {key, value}, received ${describeType(rows)}`);
    return undefined;
  }
  return rows
    .filter((row) => isPlainObject(row) && String(row.key ?? "").trim() !== "")
    .map((row) => ({
      key: String((row as { key: unknown }).key),
      value: String((row as { value?: unknown }).value ?? ""),
    }));
}

/** The body: text for json/raw, a key/value list for the form types. `null` marks a reported error. */
function readBody(inputs: Record<string, unknown>, path: string, sink: LoadSink): unknown {
  const isForm = inputs.bodyType === "formData" || inputs.bodyType === "xWwwFormUrlencoded";
  if (!isForm) return typeof inputs.body === "string" ? inputs.body : JSON.stringify(inputs.body);
  return keyValueList(inputs.body, joinPath(path, "body"), sink) ?? null;
}
