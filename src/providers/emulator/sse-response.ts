/** One server-sent event: its `event:` name where the provider sends one, and its JSON data. */
export interface SseEvent {
  event?: string;
  data: unknown;
}

/**
 * A `text/event-stream` answer of the given events, all at once (a scripted turn has nothing to wait for);
 * `done` ends it with OpenAI's `data: [DONE]`.
 */
export function sseResponse(
  events: readonly SseEvent[],
  headers: Record<string, string> = {},
  done = false,
): Response {
  const lines = events.map(
    ({ event, data }) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`,
  );
  if (done) lines.push("data: [DONE]\n\n");
  return new Response(lines.join(""), {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...headers },
  });
}
