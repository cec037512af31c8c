import { ToolDeckError } from "../../errors.js";
import { isValueSegment } from "../../infer/segment-kind.js";
import { readStreamWithin } from "../../net/read-stream-within.js";
import type { Cassette } from "../../replay/cassette.js";
import { OutboundRefusedError } from "../../runtime/outbound/outbound-policy.js";
import { type RequestFill, toProviderRequest } from "./provider-request.js";
import { type ProviderStates, setupRequests } from "./provider-states.js";
import { createReliedShape, type ReliedShape } from "./relied-shape.js";

/** A cassette to verify, with the file it was read from. */
export interface ContractCassette {
  file: string;
  cassette: Cassette;
}

/** How `verifyCassettes` reaches the provider and what it may send. */
export interface VerifyOptions {
  /** The provider's base URL: it takes the place of each recorded call's origin. */
  provider: string;
  /** The recorded host it stands for (`events.tooldeck.internal`); needed when calls went to several. */
  host?: string;
  /** Sends a replayed call (the CLI's: the outbound guard, to the provider's host only). */
  send: (request: Request) => Promise<Response>;
  /** Sends a provider-state setup call; default `send`. */
  setup?: (request: Request) => Promise<Response>;
  /** Replay writes (POST, PUT, PATCH, DELETE) too; without it, reads only. */
  allowWrites: boolean;
  fill: RequestFill;
  states?: ProviderStates;
}

/** What became of one recorded call. */
export type Verdict =
  | { kind: "kept"; status: number }
  | { kind: "broken"; why: "status" | "shape" | "unreachable"; message: string }
  | { kind: "not-verified"; message: string };

/** One recorded call, verified (or not) against the provider. */
export interface VerifiedCall {
  file: string;
  scenario: string;
  /** Its index among the cassette's calls. */
  index: number;
  tool: string;
  /** `GET /events/1`, as the provider was sent it. */
  call: string;
  verdict: Verdict;
}

/** Every recorded call to the provider's host, in order, and how many went to other hosts. */
export interface VerifyResult {
  calls: VerifiedCall[];
  /** Calls left out because they went to another host, by host. */
  otherHosts: Map<string, number>;
}

/** Answers larger than this are judged by their status only. */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Provider verification of agent tools (docs/contracts.md): replays every recorded call of the cassettes
 * against the real service, cassette by cassette and in recorded order, after setting up each cassette's
 * provider states, and judges each answer by what the agent relied on — its status class, and the shape
 * of its body merged over every recorded answer of the same tool, method and status class — never by its
 * bytes (ids, dates and other generated values differ).
 * @example
 * const result = await verifyCassettes(cassettes, { provider: "http://127.0.0.1:5599", send: fetch, allowWrites: false, fill: { vars: {}, headers: {} } });
 */
export async function verifyCassettes(
  cassettes: readonly ContractCassette[],
  options: VerifyOptions,
): Promise<VerifyResult> {
  const host = providerHost(cassettes, options.host);
  const context = { host, shapes: reliedShapes(cassettes), otherHosts: new Map<string, number>() };
  const calls: VerifiedCall[] = [];
  for (const entry of cassettes) calls.push(...(await verifyCassette(entry, context, options)));
  return { calls, otherHosts: context.otherHosts };
}

interface VerifyContext {
  host: string;
  shapes: Map<string, ReliedShape>;
  otherHosts: Map<string, number>;
}

/** One cassette's calls to the provider's host, in order, after its provider states are set up. */
async function verifyCassette(
  entry: ContractCassette,
  { host, shapes, otherHosts }: VerifyContext,
  options: VerifyOptions,
): Promise<VerifiedCall[]> {
  const mine = recordedCalls(entry.cassette).filter((call) => {
    const callHost = hostOf(call.request.url);
    if (callHost !== host) otherHosts.set(callHost, (otherHosts.get(callHost) ?? 0) + 1);
    return callHost === host;
  });
  if (mine.length === 0) return [];
  // Why the calls from here on cannot be verified: a state not set up, a write not replayed.
  let blocked = await setUpStates(entry.cassette.providerStates ?? [], options);
  const verified: VerifiedCall[] = [];
  for (const call of mine) {
    const sent = toProviderRequest(call.request, options.provider, options.fill);
    const name = `${call.request.method} ${pathOf(sent.ok ? sent.request.url : call.request.url)}`;
    let verdict: Verdict;
    if (blocked) verdict = notVerified(name, blocked);
    else if (!READS.has(call.request.method.toUpperCase()) && !options.allowWrites) {
      verdict = notVerified(name, "a write, not replayed without --allow-writes");
      blocked = `it follows ${name}, a write not replayed`;
    } else if (!sent.ok) verdict = notVerified(name, sent.missing);
    else {
      const shape = shapes.get(
        shapeKey(call.tool, call.request.method, call.request.url, call.response.status),
      );
      verdict = judge(name, call.response.status, await send(sent.request, options.send), shape);
    }
    const { file } = entry;
    verified.push({
      file,
      scenario: entry.cassette.scenario,
      index: call.index,
      tool: call.tool,
      call: name,
      verdict,
    });
  }
  return verified;
}

/** The cassette's calls that reached HTTP (a call refused before sending has nothing to verify), with their index. */
function recordedCalls(cassette: Cassette) {
  return cassette.calls.flatMap((call, index) =>
    call.request && call.response ? [{ ...call, request: call.request, response: call.response, index }] : [],
  );
}

const notVerified = (name: string, why: string): Verdict => ({
  kind: "not-verified",
  message: `${name}: ${why}`,
});

/** The answer, or why none came: a refusal of the outbound guard is the user's to fix, not the provider's. */
type Sent =
  | { ok: true; status: number; statusText: string; body: string | undefined }
  | { ok: false; message: string; refused: boolean };

async function send(request: Request, sendRequest: VerifyOptions["send"]): Promise<Sent> {
  try {
    const response = await sendRequest(request);
    const bytes = response.body ? await readStreamWithin(response.body, BODY_LIMIT_BYTES) : Buffer.alloc(0);
    return {
      ok: true,
      status: response.status,
      statusText: response.statusText,
      body: bytes?.toString("utf8"),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, refused: error instanceof OutboundRefusedError };
  }
}

function judge(name: string, recordedStatus: number, sent: Sent, shape: ReliedShape | undefined): Verdict {
  if (!sent.ok) {
    return sent.refused
      ? { kind: "not-verified", message: `${name}: ${sent.message}` }
      : {
          kind: "broken",
          why: "unreachable",
          message: `${name}: the provider did not answer (${sent.message})`,
        };
  }
  const answered = `${sent.status}${sent.statusText ? ` ${sent.statusText}` : ""}`;
  if (statusClass(sent.status) !== statusClass(recordedStatus)) {
    const message = `${name} answered ${answered} where the agent relied on ${statusClass(recordedStatus)}xx (recorded ${recordedStatus})`;
    return { kind: "broken", why: "status", message };
  }
  const problem = sent.body === undefined ? undefined : shape?.problem(sent.body);
  if (problem) {
    const message = `${name} answered ${answered}, but ${problem}: every recorded answer had it as the agent read it`;
    return { kind: "broken", why: "shape", message };
  }
  return { kind: "kept", status: sent.status };
}

/** Sets up each state in order; why the calls cannot be verified when one has no setup or fails. */
async function setUpStates(states: readonly string[], options: VerifyOptions): Promise<string | undefined> {
  for (const state of states) {
    const requests = setupRequests(state, options.states ?? { states: {} }, options.provider);
    if (!requests)
      return `the provider state "${state}" has no setup: give its calls or a setupUrl in --states FILE`;
    for (const { request } of requests) {
      const answer = await send(request, options.setup ?? options.send);
      if (!answer.ok) return `setting up "${state}" failed: ${answer.message}`;
      if (answer.status >= 300)
        return `setting up "${state}" failed: ${request.method} ${pathOf(request.url)} answered ${answer.status}`;
    }
  }
  return undefined;
}

/** The shape each kind of call's answers had: by tool, method and status class, over every cassette. */
function reliedShapes(cassettes: readonly ContractCassette[]): Map<string, ReliedShape> {
  const shapes = new Map<string, ReliedShape>();
  for (const { cassette } of cassettes) {
    for (const call of recordedCalls(cassette)) {
      const key = shapeKey(call.tool, call.request.method, call.request.url, call.response.status);
      let shape = shapes.get(key);
      if (!shape) {
        shape = createReliedShape();
        shapes.set(key, shape);
      }
      shape.add(call.response.body);
    }
  }
  return shapes;
}

/** The recorded host the provider stands for: the one named, else the only one the calls went to. */
function providerHost(cassettes: readonly ContractCassette[], named: string | undefined): string {
  const counts = new Map<string, number>();
  for (const { cassette } of cassettes)
    for (const call of cassette.calls)
      if (call.request) counts.set(hostOf(call.request.url), (counts.get(hostOf(call.request.url)) ?? 0) + 1);
  if (named !== undefined) return named.toLowerCase();
  if (counts.size === 0)
    throw new ToolDeckError("usage", "the cassettes hold no recorded HTTP call to verify");
  if (counts.size > 1) {
    const hosts = [...counts].map(([host, count]) => `${host} (${count})`).join(", ");
    throw new ToolDeckError(
      "usage",
      `the calls went to ${counts.size} hosts: say which one --provider stands for with --host (${hosts})`,
    );
  }
  return [...counts.keys()][0] as string;
}

/**
 * Calls whose answers share a shape: one tool, method, status class and path, its ids and other values
 * (`/events/1`, `/events/2`) taken as one — an item's answers apart from its list's.
 */
function shapeKey(tool: string, method: string, url: string, status: number): string {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  const shape = path
    .split("/")
    .map((segment) => (isValueSegment(safeDecode(segment)) ? "{}" : segment))
    .join("/");
  return `${tool}\u0000${method.toUpperCase()}\u0000${shape}\u0000${statusClass(status)}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const statusClass = (status: number) => Math.floor(status / 100);
/** A URL's `host:port`; a cassette's URL that is none stands for itself, matching no provider. */
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host.toLowerCase() : url);
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
