import { z } from "zod";

/** A request as recorded: method, URL, headers, body text. Cassettes and traffic files share it. */
export const RecordedRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
});
export type RecordedRequest = z.infer<typeof RecordedRequestSchema>;

/** A response as recorded: status, reason phrase, headers, body text. */
export const RecordedResponseSchema = z.object({
  status: z.number().int(),
  statusText: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type RecordedResponse = z.infer<typeof RecordedResponseSchema>;

/**
 * One HTTP exchange as tooldeck keeps it, wherever it was seen (a HAR capture, `tooldeck proxy`, a
 * scenario's cassette): the request, its answer, and the tool that made the call when that is known.
 * Secrets are masked before an exchange is kept (see `maskExchange`).
 */
export const ExchangeSchema = z.object({
  request: RecordedRequestSchema,
  response: RecordedResponseSchema,
  tool: z.string().optional(),
});
export type Exchange = z.infer<typeof ExchangeSchema>;
