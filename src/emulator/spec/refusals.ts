import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { RequestProblem } from "./read-request.js";
import { errorAnswer } from "./spec-answers.js";
import type { SpecContext } from "./spec-context.js";

/** The answer to a request the emulator refuses: 413, 415, or the status of an invalid request. */
export function refuse(context: SpecContext, operation: IndexedOperation, problem: RequestProblem): Response {
  const status =
    problem.problem === "too-large" ? 413 : problem.problem === "media-type" ? 415 : invalidStatus(operation);
  return errorAnswer(operation, status, problem.message, context.checkerFor);
}

/** An invalid request's answer: `message` with the status of an invalid request. */
export function refuseInvalid(context: SpecContext, operation: IndexedOperation, message: string): Response {
  return refuse(context, operation, { ok: false, problem: "invalid", message });
}

/** 400 for an invalid request; 422 where the spec declares 422 and no 400. */
export function invalidStatus(operation: IndexedOperation): number {
  return !("400" in operation.responses) && "422" in operation.responses ? 422 : 400;
}

/** 409 for an id taken, where declared; else the status of an invalid request. */
export function conflictStatus(operation: IndexedOperation): number {
  return "409" in operation.responses ? 409 : invalidStatus(operation);
}
