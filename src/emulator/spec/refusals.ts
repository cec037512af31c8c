import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { RequestProblem } from "./read-request.js";
import { errorAnswer } from "./spec-answers.js";
import type { SpecContext } from "./spec-context.js";

/** Why the emulator answers with an error: what it would answer where the operation declares it. */
export type ErrorKind = "invalid" | "not-found" | "conflict" | "too-large" | "media-type";

/** The statuses each kind of error is answered with, the best first. */
const WANTED: Record<ErrorKind, readonly number[]> = {
  invalid: [400, 422],
  "not-found": [404],
  conflict: [409, 400, 422],
  "too-large": [413, 400, 422],
  "media-type": [415, 400, 422],
};

/**
 * The status of an error, among those the operation declares: the first of the kind's statuses it
 * declares (`422` where it declares no `400`), else the kind's first where `4XX` or `default` covers it,
 * else the declared 4xx nearest to it (GitHub's `GET …/releases/{release_id}` declares only 401 beside
 * 200), else, with no 4xx declared, the kind's first (answered as problem details).
 */
export function errorStatus(operation: IndexedOperation, kind: ErrorKind): number {
  const wanted = WANTED[kind];
  const { responses } = operation;
  const first = wanted[0] as number;
  const exact = wanted.find((code) => String(code) in responses);
  if (exact !== undefined) return exact;
  if ("4XX" in responses || "default" in responses) return first;
  const declared = Object.keys(responses)
    .filter((code) => /^4\d\d$/.test(code))
    .map(Number)
    .sort((a, b) => Math.abs(a - first) - Math.abs(b - first) || a - b);
  return declared[0] ?? first;
}

/** An error answer of a kind: its declared status (`errorStatus`) and what the operation declares for it. */
export function errorOf(
  context: SpecContext,
  operation: IndexedOperation,
  kind: ErrorKind,
  message: string,
): Response {
  return errorAnswer(operation, errorStatus(operation, kind), message, context.checkerFor);
}

const PROBLEM_KINDS: Record<RequestProblem["problem"], ErrorKind> = {
  invalid: "invalid",
  "too-large": "too-large",
  "media-type": "media-type",
};

/** The answer to a request the emulator refuses: 413, 415, or the status of an invalid request. */
export function refuse(context: SpecContext, operation: IndexedOperation, problem: RequestProblem): Response {
  return errorOf(context, operation, PROBLEM_KINDS[problem.problem], problem.message);
}

/** An invalid request's answer: `message` with the status of an invalid request. */
export function refuseInvalid(context: SpecContext, operation: IndexedOperation, message: string): Response {
  return errorOf(context, operation, "invalid", message);
}

/**
 * What `--explain` adds to an operation's line when its errors are not answered 400 (or 422) and 404:
 * `; invalid requests are answered 401, missing items 401 (the nearest declared 4xx)`. `findsItems`:
 * the operation looks an item up (a read, an update, or anything under a parent item).
 */
export function explainStatuses(operation: IndexedOperation, findsItems: boolean): string {
  const parts: string[] = [];
  const invalid = errorStatus(operation, "invalid");
  if (invalid !== 400 && invalid !== 422) parts.push(`invalid requests are answered ${invalid}`);
  const missing = errorStatus(operation, "not-found");
  if (findsItems && missing !== 404)
    parts.push(parts.length > 0 ? `missing items ${missing}` : `missing items are answered ${missing}`);
  return parts.length > 0 ? `; ${parts.join(", ")} (the nearest declared 4xx)` : "";
}
