/**
 * The message of an error thrown while sending, as Flowise's HTTP node words it: the response's `message`
 * or `error` field when the error carries a response (axios puts it in `response.data`, ofetch in `data`),
 * else the error's own message.
 */
export function describeHttpNodeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return error.message || "timed out";
  const carried = error as Error & { data?: unknown; response?: { data?: unknown } };
  const data = carried.response?.data ?? carried.data;
  const field = pickMessage(data);
  return field ?? (error.message || "An error occurred during the HTTP request");
}

function pickMessage(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === "string" && message !== "") return message;
  if (typeof error === "string" && error !== "") return error;
  return undefined;
}
