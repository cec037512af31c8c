/**
 * What a probe's failure shows about the request it sent, so that a lint finding which predicted it can
 * claim it: `missed-operation` (404, 405, 501, or no operation of the spec), `rejected-request` (400,
 * 422, or a body off the operation's schema).
 */
export type ProbeSymptom = "missed-operation" | "rejected-request";

const BY_STATUS: Record<number, ProbeSymptom> = {
  400: "rejected-request",
  404: "missed-operation",
  405: "missed-operation",
  422: "rejected-request",
  501: "missed-operation",
};

/** The symptom an HTTP status shows, if any (401, 403, 409 and 5xx say nothing about the request's shape). */
export function symptomOfStatus(status: number): ProbeSymptom | undefined {
  return BY_STATUS[status];
}
