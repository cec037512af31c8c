import type { Exchange } from "../../src/traffic/exchange.js";

/** An exchange as a recording would hold it: JSON in and out unless said otherwise. */
export function exchange(
  method: string,
  url: string,
  status: number,
  answer?: unknown,
  body?: unknown,
): Exchange {
  return {
    request: {
      method,
      url,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    },
    response: {
      status,
      statusText: "",
      headers: answer === undefined ? {} : { "content-type": "application/json" },
      body: answer === undefined ? "" : JSON.stringify(answer),
    },
  };
}
