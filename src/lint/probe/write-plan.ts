import {
  type CrudAction,
  inferResources,
  type Resource,
  type SpecModel,
} from "../../openapi/infer-resources.js";
import { matchOperation } from "../../openapi/match-operation.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import { parseToolUrl } from "../../openapi/tool-url.js";

/** Where a write's items live on the service: the URL its spec paths hang under, and the parents' ids. */
interface ItemPlace {
  /** `http://127.0.0.1:5566/api`: the origin and the base path before the spec's path. */
  base: string;
  /** The path parameters the write was sent with (parents' ids, and its own item's). */
  params: Record<string, string>;
  resource: Resource;
  /** The spec's operation that removes an item of the resource. */
  remove: IndexedOperation;
}

/** A create: what it makes is removed after. */
export interface CreatePlan extends ItemPlace {
  kind: "create";
}

/** An update, replace or delete of one item: the probe makes that item first. */
export interface ChangePlan extends ItemPlace {
  kind: "change";
  /** The operation the write is. */
  operation: IndexedOperation;
  /** The spec's operation that makes an item of the resource. */
  make: IndexedOperation;
}

/** How a write to a real service is probed, so that the service is left as it was; or why it is not. */
export type WritePlan = CreatePlan | ChangePlan | { kind: "skip"; reason: string };

/** What a write about to be sent looks like. */
export interface WriteRequest {
  method: string;
  url: string;
}

/**
 * How to probe a write to a real service and leave no trace (docs/rules.md, "probe"): a create is
 * followed by the spec's delete of what it made; an update, replace or delete of an item acts on an item
 * made for it by the spec's create (an update's item is removed after). A write the spec cannot undo
 * that way (no spec, no such operation, no create or delete for the collection) is skipped, and the
 * reason says why.
 * @example
 * planWrite({ method: "DELETE", url: "http://127.0.0.1:5566/events/1" }, spec); // { kind: "change", make: POST /events, … }
 */
export function planWrite(
  request: WriteRequest,
  spec: OperationIndex | undefined,
  baseUrl?: string,
): WritePlan {
  if (!spec)
    return skip(
      "no OpenAPI description says how to make the item it acts on or remove what it makes (give --spec)",
    );
  // Under --base-url the service's paths start after the base URL, whatever the spec's servers say.
  const base = baseUrl?.replace(/\/+$/, "");
  const relative =
    base !== undefined && isUnder(request.url, base) ? request.url.slice(base.length) : undefined;
  const match = matchOperation(spec, request.method, relative ?? request.url);
  // The lint finding operation-not-found gives the nearest operations; this says only why nothing was sent.
  if (!match.ok)
    return skip(
      `${match.method} ${match.path} is not an operation of ${spec.title}, so nothing would undo it`,
    );
  const { operation } = match;
  const role = crudOf(spec).model.roles.get(operation);
  const where = `${operation.method} ${operation.path}`;
  if (!role || role.action === "answer") {
    const why = role ? ` (${role.reason})` : "";
    return skip(
      `${where} is no create, update or delete of an item of ${spec.title}${why}, so nothing would undo it`,
    );
  }
  const itemsBase = relative !== undefined ? base : baseOf(request.url, match.path);
  if (itemsBase === undefined) return skip(`its URL ${request.url} does not end in the path of ${where}`);
  return planFor(role.action, {
    spec,
    operation,
    resource: role.resource,
    base: itemsBase,
    params: match.params,
  });
}

/** Whether a URL is the base URL or below it (`http://host/api/x` is under `http://host/api`, `…/apix` is not). */
function isUnder(url: string, base: string): boolean {
  return url === base || (/^[/?#]/.test(url.slice(base.length, base.length + 1)) && url.startsWith(base));
}

function planFor(
  action: CrudAction,
  found: {
    spec: OperationIndex;
    operation: IndexedOperation;
    resource: Resource;
    base: string;
    params: Record<string, string>;
  },
): WritePlan {
  const { spec, operation, resource } = found;
  const operations = crudOf(spec).byResource.get(resource);
  const make = operations?.get("create");
  const remove = operations?.get("delete");
  const place = { base: found.base, params: found.params, resource };
  if (action === "create") {
    if (!remove) return skip(`${spec.title} has no DELETE ${resource.itemPath} to remove what it would make`);
    return { kind: "create", ...place, remove };
  }
  if (action === "update" || action === "replace" || action === "delete") {
    const verb = action === "delete" ? "delete" : "change";
    if (!make)
      return skip(`${spec.title} has no POST ${resource.collectionPath} to make the item it would ${verb}`);
    if (!remove)
      return skip(`${spec.title} has no DELETE ${resource.itemPath} to remove the item made for it`);
    return { kind: "change", ...place, operation, make, remove };
  }
  return skip(
    `${operation.method} ${operation.path} names its item in the body, and tooldeck makes items only for writes whose path names them`,
  );
}

/** The URL of the plan's collection (parents' ids filled in). */
export function collectionUrl(plan: CreatePlan | ChangePlan): string {
  return plan.base + fillPath(plan.resource.collectionPath, plan.params);
}

/** The URL of one item of the plan's resource: `http://…/events/42`. */
export function itemUrl(plan: CreatePlan | ChangePlan, id: string): string {
  return plan.base + fillPath(plan.resource.itemPath, { ...plan.params, [plan.resource.idParam]: id });
}

/** The URL of the plan's items with the item's own parameter kept: `http://…/events/{id}`. */
export function itemTemplateUrl(plan: CreatePlan | ChangePlan): string {
  const parents = Object.entries(plan.params).filter(([name]) => name !== plan.resource.idParam);
  return plan.base + fillPath(plan.resource.itemPath, Object.fromEntries(parents));
}

function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

/** `http://host/api` for `http://host/api/events/1?x=1` sent to `/events/1`; undefined when it does not end so. */
function baseOf(url: string, specPath: string): string | undefined {
  const { origin, path } = parseToolUrl(url);
  const tail = specPath === "/" ? "" : specPath;
  if (origin === undefined || !path.endsWith(tail)) return undefined;
  return `${new URL(url).origin}${path.slice(0, path.length - tail.length).replace(/\/+$/, "")}`;
}

function skip(reason: string): WritePlan {
  return { kind: "skip", reason };
}

interface SpecCrud {
  model: SpecModel;
  byResource: Map<Resource, Map<CrudAction, IndexedOperation>>;
}

const crudBySpec = new WeakMap<OperationIndex, SpecCrud>();

/** The spec's resources and, for each, its operation per CRUD action (read once per spec). */
function crudOf(spec: OperationIndex): SpecCrud {
  const cached = crudBySpec.get(spec);
  if (cached) return cached;
  const model = inferResources(spec);
  const byResource = new Map<Resource, Map<CrudAction, IndexedOperation>>();
  for (const [operation, role] of model.roles) {
    if (role.action === "answer") continue;
    const actions = byResource.get(role.resource) ?? new Map<CrudAction, IndexedOperation>();
    actions.set(role.action, operation);
    byResource.set(role.resource, actions);
  }
  const crud = { model, byResource };
  crudBySpec.set(spec, crud);
  return crud;
}
