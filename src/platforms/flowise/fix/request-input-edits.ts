import { toKeys } from "../../../config/json-path.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { ConfigChange } from "../../../lint/diagnostic.js";
import type { JsonEdit } from "../../../lint/edit-json-text.js";
import { spliceLiteral } from "../../../lint/literal-splice.js";
import type { Fixed } from "../../platform.js";
import { detectFlowiseRequestNode } from "../config/detect-flowise-request-node.js";
import { flowiseHtmlToText } from "../config/flowise-html-to-text.js";
import { FLOWISE_REQUEST_NODES, type FlowiseRequestNode } from "../config/flowise-request-nodes.js";

/** The fields of a request tool --fix writes into a Flowise request node's inputs. */
const EDITED_FIELDS = new Set([
  "url",
  "name",
  "description",
  "maxOutputLength",
  "queryParamsSchema",
  "bodySchema",
]);

/** Why a request tool's changes cannot be written into its Flowise node's inputs, or undefined. */
export function whyRequestNotFixable(method: string, changes: readonly ConfigChange[]): string | undefined {
  const node = nodeOfMethod(method);
  for (const change of changes) {
    const field = String(toKeys(change.path)[0] ?? "");
    if (field === "method")
      return `the method is the node in Flowise (${node ?? "the node"} sends ${method}): replace the node`;
    if (!EDITED_FIELDS.has(field)) return `--fix does not edit the ${field} of a Flowise request node`;
    if (node && !(field in FLOWISE_REQUEST_NODES[node]))
      return `a ${node} node has no ${field} input to change`;
  }
  return undefined;
}

/**
 * A request tool's changes as edits of its node's inputs, each at the input key Flowise reads (the first
 * with a value, as `inputs.url || inputs.requestsGetUrl`): the URL and name as text (a URL holding HTML
 * edited where its text changes), Max Output Length blanked to remove the limit, and a change inside the
 * Query Params or Body Schema made in the JSON that input holds.
 */
export function requestInputEdits(inputs: unknown, changes: readonly ConfigChange[]): Fixed<JsonEdit[]> {
  if (!isPlainObject(inputs))
    return { ok: false, reason: "the node's inputs are not where the tool was read" };
  const detected = detectFlowiseRequestNode(inputs);
  // Inputs of legacy keys alone (`url`, `description`) do not say the node: every node reads those.
  const keys: Partial<FlowiseRequestNode> =
    detected.kind === "request" ? FLOWISE_REQUEST_NODES[detected.node] : SHARED_KEYS;
  if (detected.kind !== "request" && !changes.every((change) => sharedField(change)))
    return { ok: false, reason: "the node's inputs do not say which Flowise request node it is" };
  const edits: JsonEdit[] = [];
  for (const change of changes) {
    const made = inputEdits(inputs, keys, change);
    if (!made.ok) return made;
    edits.push(...made.value);
  }
  return { ok: true, value: edits };
}

/** The input keys every Flowise request node reads a field from (its legacy key), by field. */
const SHARED_KEYS: Partial<FlowiseRequestNode> = (() => {
  const nodes = Object.values(FLOWISE_REQUEST_NODES) as readonly FlowiseRequestNode[];
  const shared: Record<string, readonly string[]> = {};
  for (const field of ["url", "name", "description", "headers"] as const) {
    const [first] = nodes[0]?.[field] ?? [];
    if (first !== undefined && nodes.every((node) => node[field].includes(first))) shared[field] = [first];
  }
  return shared as Partial<FlowiseRequestNode>;
})();

function sharedField(change: ConfigChange): boolean {
  return String(toKeys(change.path)[0]) in SHARED_KEYS;
}

function inputEdits(
  inputs: Record<string, unknown>,
  keys: Partial<FlowiseRequestNode>,
  change: ConfigChange,
): Fixed<JsonEdit[]> {
  const [field, ...rest] = toKeys(change.path);
  const candidates: readonly string[] = keys[field as Exclude<keyof FlowiseRequestNode, "method">] ?? [];
  const key = candidates.find((candidate) => Boolean(inputs[candidate]));
  if (field === "maxOutputLength" && change.value === undefined) {
    // Flowise reads a blank Max Output Length as no limit.
    const set = candidates.filter((candidate) => Boolean(inputs[candidate]));
    return { ok: true, value: set.map((candidate) => ({ path: [candidate], value: "" })) };
  }
  if (key === undefined) return { ok: false, reason: `the node has no ${String(field)} input to change` };
  if (rest.length > 0) return { ok: true, value: [{ ...change, path: [key, ...rest] }] };
  if (field === "url") return urlEdit(inputs[key], key, change.value);
  return { ok: true, value: [{ path: [key], value: String(change.value) }] };
}

/** The URL as Flowise reads it: its text, HTML stripped; an input holding HTML is edited where its text changes. */
function urlEdit(stored: unknown, key: string, wanted: unknown): Fixed<JsonEdit[]> {
  if (typeof stored !== "string" || typeof wanted !== "string")
    return { ok: false, reason: "the URL input is not text" };
  const spliced = spliceLiteral(stored, wanted, flowiseHtmlToText);
  if (spliced === undefined)
    return {
      ok: false,
      reason: `the URL input ${key} holds HTML --fix cannot edit as text: change it in Flowise`,
    };
  return { ok: true, value: [{ path: [key], value: spliced }] };
}

function nodeOfMethod(method: string): keyof typeof FLOWISE_REQUEST_NODES | undefined {
  const found = Object.entries(FLOWISE_REQUEST_NODES).find(([, keys]) => keys.method === method);
  return found?.[0] as keyof typeof FLOWISE_REQUEST_NODES | undefined;
}
