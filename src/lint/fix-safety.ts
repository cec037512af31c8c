import { toKeys } from "../config/json-path.js";
import type { ToolConfig } from "../config/tool-config.js";
import { isPlainObject, setOwn } from "../json/json-value.js";
import { methodFamily } from "../openapi/method-family.js";
import { parseToolUrl, toUrlSegments } from "../openapi/tool-url.js";
import type { ConfigChange, Fix } from "./diagnostic.js";

/** The fields of a config a fix is judged on: what it calls, and the arguments the model may send. */
interface ToolShape {
  method?: string;
  url?: string;
  arguments: Set<string>;
}

/**
 * Why applying `fix` to `config` would change what the tool does, or undefined when it keeps it: the
 * same method family, the same resource (origin and literal path segments; a placeholder may be added or
 * renamed), and every argument the model could send carried over (a renamed param is carried over, a
 * removed one is dropped). `--fix` applies only fixes that keep it; the others are suggestions (ESLint's
 * line between a fix and a suggestion). A fix may move an update between PUT and PATCH, but a write never
 * becomes a read, nor a create a delete.
 * @example
 * whyFixChangesTool(createEvent, { description: "GET …", changes: [{ path: "method", value: "GET" }] });
 * // "it turns a create (POST) into a read (GET)"
 */
export function whyFixChangesTool(config: ToolConfig, fix: Fix): string | undefined {
  const before = shapeOf(config);
  const after = shapeOf(appliedTo(config, fix));
  return methodChange(before, after) ?? resourceChange(before, after) ?? droppedArguments(before, after, fix);
}

/**
 * The config as the fix leaves it, on a copy: what `--fix` writes into the file (edit-config-document.ts),
 * without loading yaml, which linting never needs. Keys come from the config (a param named
 * `__proto__`): only own properties are walked, and values are defined, never assigned.
 */
function appliedTo(config: ToolConfig, fix: Fix): unknown {
  const copy: unknown = structuredClone(config);
  for (const change of fix.changes) applyPlainChange(copy, change);
  return copy;
}

function applyPlainChange(root: unknown, change: ConfigChange): void {
  const keys = toKeys(change.path);
  const last = keys.pop();
  let parent = root;
  for (const key of keys)
    parent = isPlainObject(parent) && Object.hasOwn(parent, key) ? parent[key] : undefined;
  if (!isPlainObject(parent) || last === undefined) return;
  const key = String(last);
  if (change.renameTo !== undefined) {
    if (!Object.hasOwn(parent, key)) return;
    setOwn(parent, change.renameTo, parent[key]);
    delete parent[key];
  } else if (change.value === undefined) {
    delete parent[key];
  } else {
    setOwn(parent, key, change.value);
  }
}

function shapeOf(config: unknown): ToolShape {
  const record = isPlainObject(config) ? config : {};
  const shape: ToolShape = { arguments: new Set() };
  if (typeof record.method === "string") shape.method = record.method.toUpperCase();
  if (typeof record.url === "string") shape.url = record.url;
  for (const key of ["queryParamsSchema", "bodySchema"]) {
    const fields = record[key];
    if (isPlainObject(fields)) for (const name of Object.keys(fields)) shape.arguments.add(`${key}.${name}`);
  }
  return shape;
}

function methodChange(before: ToolShape, after: ToolShape): string | undefined {
  if (before.method === after.method) return undefined;
  const from = methodFamily(before.method);
  const to = methodFamily(after.method);
  if (from !== undefined && from === to) return undefined;
  return `it turns ${article(from ?? "call")} (${before.method ?? "no method"}) into ${article(to ?? "call")} (${after.method ?? "no method"})`;
}

function resourceChange(before: ToolShape, after: ToolShape): string | undefined {
  if (before.url === after.url || before.url === undefined) return undefined;
  const from = resourceOf(before.url);
  const to = resourceOf(after.url ?? "");
  if (from.origin !== to.origin) return `it sends the tool to ${to.origin || "another host"}`;
  if (from.segments.join("/") === to.segments.join("/")) return undefined;
  return `it points the tool at another resource (/${to.segments.join("/")} instead of /${from.segments.join("/")})`;
}

function droppedArguments(before: ToolShape, after: ToolShape, fix: Fix): string | undefined {
  const renamed = new Set(
    fix.changes.filter((change) => change.renameTo !== undefined).map((change) => change.path),
  );
  const dropped = [...before.arguments].filter((name) => !after.arguments.has(name) && !renamed.has(name));
  if (dropped.length === 0) return undefined;
  const names = dropped.map((name) => name.slice(name.indexOf(".") + 1));
  return `it drops ${names.length === 1 ? "the argument" : "the arguments"} ${names.join(", ")} the model could send`;
}

/**
 * The origin (or the leading `{{$vars.base_url}}`) and the literal path segments: placeholders (`:id`,
 * `{id}`, `{{…}}`) do not name the resource, they pick an item of it.
 */
function resourceOf(url: string): { origin: string; segments: string[] } {
  const origin = /^(\{\{[^{}]*\}\}|[a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url)?.[0]?.toLowerCase() ?? "";
  const segments = toUrlSegments(parseToolUrl(url).path).flatMap((segment) =>
    segment.kind === "literal" ? [segment.value] : [],
  );
  return { origin, segments };
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
