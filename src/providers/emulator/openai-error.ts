import type { ProviderViolation, WireTool } from "../wire-tool.js";

/** OpenAI's error body: `{"error":{"message","type","param","code"}}`. */
export interface OpenAIError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/**
 * The codes OpenAI gives its parameter errors, told by their message (as seen in public reports:
 * sentry-mcp #106 `string_above_max_length`, fast-agent #143 `invalid_function_parameters`).
 */
const CODES: ReadonlyArray<[RegExp, string]> = [
  [/^Invalid '[^']*': string too long\./, "string_above_max_length"],
  [/^Invalid '[^']*': string too short\./, "string_below_min_length"],
  [/^Invalid '[^']*': empty string\./, "empty_string"],
  [/^Invalid '[^']*': array too long\./, "array_above_max_length"],
  [/^Invalid '[^']*': string does not match pattern\./, "invalid_value"],
  [/^Invalid type for '[^']*'/, "invalid_type"],
  [/^Invalid schema for function /, "invalid_function_parameters"],
];

/**
 * The error OpenAI answers a refused tool list with: the first violation (OpenAI stops at the first), its
 * parameter the one the message quotes (`Invalid 'tools[13].function.description': …`), or the tool's
 * parameters for a schema it refuses (`Invalid schema for function 'x': …`).
 */
export function openAIErrorOf(violation: ProviderViolation, tools: readonly WireTool[]): OpenAIError {
  const code = CODES.find(([pattern]) => pattern.test(violation.message))?.[1] ?? null;
  return {
    message: violation.message,
    type: "invalid_request_error",
    param: paramOf(violation, tools),
    code,
  };
}

function paramOf(violation: ProviderViolation, tools: readonly WireTool[]): string | null {
  const quoted = /^Invalid (?:type for )?'([^']*)'/.exec(violation.message)?.[1];
  if (quoted !== undefined) return quoted;
  const tool = violation.tool === undefined ? undefined : tools[violation.tool];
  if (/^Invalid schema for function /.test(violation.message) && tool) return `${tool.path}.parameters`;
  return violation.path === "" ? null : violation.path;
}

/** OpenAI's answer to a body that is not JSON (its text as the API gives it). */
export const OPENAI_NOT_JSON: OpenAIError = {
  message:
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
  type: "invalid_request_error",
  param: null,
  code: null,
};

/** An OpenAI error answer: pretty-printed as the API sends it, with its request id. */
export function openAIErrorResponse(status: number, error: OpenAIError, requestId: string): Response {
  return new Response(JSON.stringify({ error }, null, 2), {
    status,
    headers: { "content-type": "application/json", "x-request-id": requestId },
  });
}
