import { isPlainObject } from "../../../json/json-value.js";
import type { ToolRequest, ToolResponse, ToolResult } from "../../../runtime/tool-result.js";
import { pythonJsonDumps } from "./python-text.js";

/** Dify's text for an empty answer (facts 72–73). */
export const EMPTY_RESPONSE_TEXT =
  "Empty response from the tool, please check your parameters and try again.";

/** Whether the tool is given to an Agent node (what the model sees) or is a workflow Tool node. */
export interface ResultSetting {
  underAgent: boolean;
}

/**
 * A returned answer as Dify gives it on (facts 71–74, 86–87): status ≥ 400 → the error `Request failed
 * with status code <N> and <body>`; an empty body → Dify's empty-response text; a JSON **object** under a
 * Content-Type holding `application/json` → a JSON message and the raw text, which an Agent shows the
 * model as `tool response: <json>.` then the raw body (the answer twice); anything else → the raw text.
 * A Tool node's output is its `text` (the raw body).
 */
export function answerResult(
  request: ToolRequest,
  response: ToolResponse,
  setting: ResultSetting,
): ToolResult {
  if (response.status >= 400)
    return failure(
      `Request failed with status code ${response.status} and ${response.body}`,
      setting,
      request,
      response,
    );
  if (response.body === "") return success(EMPTY_RESPONSE_TEXT, request, response);
  const json = jsonObjectOf(response);
  const output =
    json !== undefined && setting.underAgent
      ? `tool response: ${pythonJsonDumps(json, false)}.${response.body}`
      : response.body;
  return success(output, request, response);
}

function jsonObjectOf(response: ToolResponse): Record<string, unknown> | undefined {
  const type =
    Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  if (!type.includes("application/json")) return undefined;
  try {
    const value: unknown = JSON.parse(response.body);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function success(output: string, request: ToolRequest, response: ToolResponse): ToolResult {
  return { ok: true, output, request, response };
}

/**
 * A call that raised in Dify: an Agent's model sees `tool invoke error: <text>` (fact 86), a Tool node
 * fails with the text.
 */
export function failure(
  message: string,
  setting: ResultSetting,
  request?: ToolRequest,
  response?: ToolResponse,
): ToolResult {
  return {
    ok: false,
    output: setting.underAgent ? `tool invoke error: ${message}` : message,
    error: message,
    ...(request ? { request } : {}),
    ...(response ? { response } : {}),
  };
}

/** A call tooldeck cannot make or read as Dify would: said, never guessed. */
export function notReproduced(reason: string, request?: ToolRequest, response?: ToolResponse): ToolResult {
  return {
    ok: false,
    output: `not reproduced: ${reason}`,
    error: `tooldeck cannot call this tool as Dify would: ${reason}`,
    notReproduced: reason,
    ...(request ? { request } : {}),
    ...(response ? { response } : {}),
  };
}
