import type { CallRecord } from "./call-record.js";

/** `HTTP 404` / `no response`: a call's status as failures quote it. */
export function describeStatus(call: Pick<CallRecord, "response">): string {
  return call.response ? `HTTP ${call.response.status}` : "no response";
}

/** `update_event {"body":{…}}`: a call as failures quote it. */
export function describeCall(call: { tool: string; args?: unknown }): string {
  return call.args === undefined ? call.tool : `${call.tool} ${JSON.stringify(call.args)}`;
}
