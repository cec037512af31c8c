import type { FetchLike } from "../../net/fetch-like.js";
import { readStreamWithin } from "../../net/read-stream-within.js";
import type { Resource } from "../../openapi/infer-resources.js";
import { jsonBodySchema } from "../spec-helpers.js";
import { clipEvidence } from "./clip-evidence.js";
import { exampleBody, type ProbeHints } from "./example-args.js";
import { type ChangePlan, type CreatePlan, collectionUrl, itemUrl } from "./write-plan.js";

/** An answer larger than this is not read for the id it holds: a create answers with one item. */
const ANSWER_LIMIT_BYTES = 1024 * 1024;

/** How the probe's own requests (make an item, remove one) are sent: as the tool's own were. */
export interface ItemRequests {
  /** Sends through the outbound guard the tools use. */
  fetch: FetchLike;
  /** The headers the write was about to send (its credentials): the service wants them for these too. */
  headers: Headers;
  hints: ProbeHints;
  timeoutMs: number;
}

/**
 * Makes one item of the plan's collection through the spec's create, with a body made from its
 * schema: the id of what was made, or what went wrong (`POST /events answered 400 …`).
 */
export async function makeItem(
  plan: ChangePlan,
  requests: ItemRequests,
): Promise<{ id: string } | { problem: string }> {
  const url = collectionUrl(plan);
  const schema = jsonBodySchema(plan.make);
  const body = schema ? JSON.stringify(exampleBody(schema, requests.hints)) : undefined;
  const answer = await send(requests, plan.make.method, url, body);
  const where = `${plan.make.method} ${pathOf(url)}`;
  if ("problem" in answer) return { problem: `${where} ${answer.problem}` };
  if (!isSuccess(answer.status))
    return { problem: `${where} answered ${answer.status} ${clipEvidence(answer.body)}`.trimEnd() };
  const id = madeId(plan.resource, answer.body, answer.location, url);
  if (id === undefined)
    return {
      problem: `${where} answered ${answer.status} without the id of what it made, so it was not removed`,
    };
  return { id };
}

/**
 * Removes one item through the spec's delete: undefined when it is gone (an item already gone counts),
 * else what went wrong, naming the item so that the user can find it.
 */
export async function removeItem(
  plan: CreatePlan | ChangePlan,
  id: string,
  requests: ItemRequests,
): Promise<string | undefined> {
  const url = itemUrl(plan, id);
  const answer = await send(requests, plan.remove.method, url, undefined);
  const where = `${plan.remove.method} ${pathOf(url)}`;
  if ("problem" in answer) return `${where} ${answer.problem}`;
  if (isSuccess(answer.status) || answer.status === 404 || answer.status === 410) return undefined;
  return `${where} answered ${answer.status} ${clipEvidence(answer.body)}`.trimEnd();
}

/**
 * The id of what a create made: the resource's id field in the answer (`id` when its schema names none),
 * else the last segment of the `Location` the answer points to.
 */
export function madeId(
  resource: Resource,
  body: string,
  location: string | null,
  requestUrl: string,
): string | undefined {
  const item = parseJson(body);
  if (typeof item === "object" && item !== null && !Array.isArray(item)) {
    const value = (item as Record<string, unknown>)[resource.idField ?? "id"];
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  if (location === null) return undefined;
  try {
    const last = new URL(location, requestUrl).pathname.split("/").filter(Boolean).at(-1);
    return last === undefined ? undefined : decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

/** Whether a status says the service did what was asked. */
export function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}

type Answer = { status: number; body: string; location: string | null } | { problem: string };

async function send(
  requests: ItemRequests,
  method: string,
  url: string,
  body: string | undefined,
): Promise<Answer> {
  const headers = new Headers(requests.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  if (body !== undefined) headers.set("content-type", "application/json");
  try {
    const response = await requests.fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(requests.timeoutMs),
    });
    const bytes = response.body ? await readStreamWithin(response.body, ANSWER_LIMIT_BYTES) : Buffer.alloc(0);
    return {
      status: response.status,
      body: bytes?.toString("utf8") ?? "",
      location: response.headers.get("location"),
    };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    return {
      problem: timedOut
        ? `got no answer within ${requests.timeoutMs} ms (--timeout)`
        : `failed: ${(error as Error).message}`,
    };
  }
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return decodeURI(parsed.pathname);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
