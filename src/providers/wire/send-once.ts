import type { RecordedRequest } from "./fake-endpoint.js";

/** A chat model with its tools bound: what `bindTools` returns. */
export interface BoundModel {
  invoke(input: string): Promise<unknown>;
}

/** What one call of a captured client gave: the request it sent, or the error it threw before sending. */
export type SentOnce = { request: RecordedRequest } | { refused: string };

/**
 * Binds the tools and calls the model once, and takes the first request it sent. A client that throws
 * before sending (ChatGoogleGenerativeAI's `bindTools` refuses an empty string in an enum) has refused
 * the tools; one that
 * throws after sending (an answer it cannot read) has still sent its request, which is what counts.
 */
export async function sendOnce(
  bind: () => BoundModel,
  requests: readonly RecordedRequest[],
): Promise<SentOnce> {
  let failure: unknown;
  try {
    await bind().invoke("ping");
  } catch (error) {
    failure = error;
  }
  const [request] = requests;
  if (request) return { request };
  return { refused: failure instanceof Error ? failure.message : String(failure ?? "no request was sent") };
}
