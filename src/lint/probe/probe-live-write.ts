import type { FetchLike } from "../../net/fetch-like.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { ToolResult } from "../../runtime/tool-result.js";
import { escapeRegExp } from "../../text/escape-reg-exp.js";
import type { Finding } from "../rule.js";
import type { CaughtRequest } from "./dry-run-fetch.js";
import type { ProbeHints } from "./example-args.js";
import type { ProbeFinding } from "./judge-exchange.js";
import { type ItemRequests, isSuccess, madeId, makeItem, removeItem } from "./probe-items.js";
import { type ChangePlan, type CreatePlan, itemTemplateUrl, itemUrl, planWrite } from "./write-plan.js";

/** A probe's call and what its exchange shows. */
export interface JudgedCall {
  result: ToolResult;
  findings: ProbeFinding[];
}

/** What a write probe to a real service needs: the write as a dry run caught it, and ways to call the tool. */
export interface LiveWriteContext {
  request: CaughtRequest;
  /** The description the write's operations are looked up in (a toolkit's own, else the checked one). */
  spec: OperationIndex | undefined;
  /** --base-url: the service's paths start after it. */
  baseUrl?: string;
  hints: ProbeHints;
  timeoutMs: number;
  /** Sends the probe's own requests through the outbound guard the tools use. */
  fetch: FetchLike;
  /** The tool's arguments for these hints. */
  argsFor(hints: ProbeHints): unknown;
  /** The request the tool would send with these arguments, sending nothing. */
  dryRun(args: unknown): Promise<CaughtRequest | undefined>;
  /** Calls the tool for real and judges the exchange. */
  call(args: unknown): Promise<JudgedCall>;
}

/** How a write probe to a real service went. */
export interface LiveWriteOutcome {
  /** The tool's call, when it was made. */
  call?: JudgedCall;
  /** Why it was not made, as the report's "sent" column says it (`DELETE not probed (…)`). */
  notSent?: string;
  /** The probe's own findings: why the write was not sent, what it could not remove. */
  findings: Finding[];
  /** Said after where the call went: `{id} made by POST /events`. */
  note?: string;
  /**
   * A text as the report shows it: the id of the item made for the probe is replaced by its parameter
   * (`/events/{id}`), so that the same tools give the same report on every run.
   */
  show: (text: string) => string;
}

const SHOWN_AS_IS = (text: string) => text;

/**
 * Probes a write to a real service and leaves the service as it was (docs/rules.md, "probe"): a create
 * is followed by the spec's delete of what it made; an update, replace or delete acts on an item the
 * spec's create makes for it, never on the service's own data (an update's item is removed after); a
 * write that cannot be undone so is not sent, and an info finding says why. An item that could not be
 * removed is a warning naming it.
 * @example
 * const outcome = await probeLiveWrite({ request, spec, hints, timeoutMs, fetch, argsFor, dryRun, call });
 */
export async function probeLiveWrite(context: LiveWriteContext): Promise<LiveWriteOutcome> {
  const plan = planWrite(context.request, context.spec, context.baseUrl);
  if (plan.kind === "skip")
    return notProbed(context, "nothing would undo it on a real service", info(plan.reason));
  const requests: ItemRequests = {
    fetch: context.fetch,
    headers: context.request.headers,
    hints: context.hints,
    timeoutMs: context.timeoutMs,
  };
  return plan.kind === "create" ? probeCreate(context, plan, requests) : probeChange(context, plan, requests);
}

async function probeCreate(
  context: LiveWriteContext,
  plan: CreatePlan,
  requests: ItemRequests,
): Promise<LiveWriteOutcome> {
  const call = await context.call(context.argsFor(context.hints));
  const left = await removeWhatWasMade(context.request.method, plan, call.result, requests);
  return {
    call,
    findings: left === undefined ? [] : [leftBehind(left)],
    note: `removed after by ${plan.remove.method} ${plan.resource.itemPath}`,
    show: SHOWN_AS_IS,
  };
}

/** Why what a create made is still there, if it is. */
async function removeWhatWasMade(
  method: string,
  plan: CreatePlan,
  result: ToolResult,
  requests: ItemRequests,
): Promise<string | undefined> {
  const { request, response } = result;
  if (!request) return undefined;
  if (!response) return `${method} got no answer, so what it may have made was not removed`;
  if (!isSuccess(response.status)) return undefined;
  const id = madeId(plan.resource, response.body, response.headers.location ?? null, request.url);
  if (id === undefined)
    return `${method} answered ${response.status} without the id of what it made, so it was not removed`;
  return removeItem(plan, id, requests);
}

async function probeChange(
  context: LiveWriteContext,
  plan: ChangePlan,
  requests: ItemRequests,
): Promise<LiveWriteOutcome> {
  const { method } = context.request;
  const made = await makeItem(plan, requests);
  if ("problem" in made) {
    const finding = {
      severity: "warning" as const,
      message: `write not probed on a real service: making the item it acts on failed: ${made.problem}`,
    };
    return notProbed(context, "the item it acts on could not be made", finding);
  }
  const args = context.argsFor({ ...context.hints, existingId: made.id });
  const target = itemUrl(plan, made.id);
  const aimed = await context.dryRun(args);
  if (aimed?.method !== method || !sameResource(aimed.url, target)) {
    const left = await removeItem(plan, made.id, requests);
    const would = aimed ? `${aimed.method} ${aimed.url}` : "nothing";
    const skipped = info(
      `its arguments do not lead to the item made for it at ${plan.resource.itemPath}: it would call ${would}`,
    );
    return {
      ...notProbed(context, "its arguments miss the item made for it", skipped),
      findings: [skipped, ...(left ? [leftBehind(left)] : [])],
    };
  }
  const call = await context.call(args);
  const removedByCall =
    plan.operation === plan.remove &&
    call.result.response !== undefined &&
    isSuccess(call.result.response.status);
  const left = removedByCall ? undefined : await removeItem(plan, made.id, requests);
  const by = `${plan.make.method} ${plan.resource.collectionPath}`;
  return {
    call,
    findings: left === undefined ? [] : [leftBehind(left)],
    note: `{${plan.resource.idParam}} made by ${by}${removedByCall ? "" : " and removed after"}`,
    show: showingTemplate(target, itemTemplateUrl(plan)),
  };
}

function notProbed(context: LiveWriteContext, why: string, finding: Finding): LiveWriteOutcome {
  return { notSent: `${context.request.method} not probed (${why})`, findings: [finding], show: SHOWN_AS_IS };
}

function info(reason: string): Finding {
  return { severity: "info", message: `write not probed on a real service: ${reason}` };
}

function leftBehind(problem: string): Finding {
  return { severity: "warning", message: `the probe left an item on the service: ${problem}` };
}

/** Same origin and path, the query aside. */
function sameResource(url: string, target: string): boolean {
  try {
    const [a, b] = [new URL(url), new URL(target)];
    return a.origin === b.origin && a.pathname.replace(/\/+$/, "") === b.pathname.replace(/\/+$/, "");
  } catch {
    return false;
  }
}

/** Replaces the made item's URL, and its path (findings quote paths, decoded), by the template's. */
function showingTemplate(concrete: string, template: string): (text: string) => string {
  const origin = new URL(concrete).origin;
  const pairs: [string, string][] = [
    [concrete, template],
    [concrete.slice(origin.length), template.slice(origin.length)],
    [safeDecodeUri(concrete.slice(origin.length)), template.slice(origin.length)],
  ];
  // Only where the path ends: the item `/events/6` is not the start of `/events/60`.
  const patterns = pairs.map(
    ([from, to]) => [new RegExp(`${escapeRegExp(from)}(?![\\w%.~-])`, "g"), to] as const,
  );
  return (text) => patterns.reduce((shown, [from, to]) => shown.replace(from, () => to), text);
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
