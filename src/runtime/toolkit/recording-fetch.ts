import type { FetchLike } from "../../net/fetch-like.js";
import type { ToolRequest, ToolResponse } from "../tool-result.js";
import { toToolResponse } from "./send-request.js";

export interface RecordingFetch {
  fetch: FetchLike;
  /** The last request sent and its answer, for the tool result; empty when nothing was sent. */
  lastExchange(): Promise<{ request?: ToolRequest; response?: ToolResponse }>;
}

/** Wraps a fetch so the tool result can show what Custom Code sent and got, without disturbing it. */
export function createRecordingFetch(fetch: FetchLike): RecordingFetch {
  let request: ToolRequest | undefined;
  let response: Promise<ToolResponse | undefined> = Promise.resolve(undefined);
  return {
    fetch: async (input, init = {}) => {
      const url = input instanceof Request ? input.url : String(input);
      request = {
        method: (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase(),
        url,
        headers: Object.fromEntries(new Headers(init.headers)),
        ...(typeof init.body === "string" ? { body: init.body } : {}),
      };
      const answer = await fetch(input, init);
      response = toToolResponse(answer.clone()).catch(() => undefined);
      return answer;
    },
    async lastExchange() {
      const got = await response;
      return { ...(request ? { request } : {}), ...(got ? { response: got } : {}) };
    },
  };
}
