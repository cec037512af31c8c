import type { ToolResponse } from "../../../../runtime/tool-result.js";
import { type OptimizeSettings, optimizeHtml, optimizeJson, optimizeText } from "../optimize-response.js";

const BODY_LIMIT = 2000;
const REDACTED_KEYS = new Set(["token", "password", "apiKey"]);

/**
 * What the model sees of an answer to the legacy node (reference facts 52, 53, 55, 56): a text body as
 * it is, a JSON body pretty-printed, 204 as `""`, or with *Optimize Response* the selected records as a
 * pretty JSON array, or the text cut at its limit; a non-2xx answer as its status and its body, secrets
 * redacted, the body cut at 2,000 characters.
 */
export function legacyText(response: ToolResponse, optimize?: OptimizeSettings): string {
  const json = parseJson(response.body);
  if (response.status >= 200 && response.status < 300) {
    if (optimize?.responseType === "json")
      return JSON.stringify(optimizeJson(json ?? response.body, optimize), null, 2);
    if (optimize?.responseType === "html") optimizeHtml();
    if (optimize) return optimizeText(response.body, optimize);
    return json === undefined ? response.body : JSON.stringify(json, null, 2);
  }
  const shown = json === undefined ? redactBearer(response.body) : JSON.stringify(redact(json), null, 2);
  const body = shown.length > BODY_LIMIT ? `${shown.slice(0, BODY_LIMIT)}... [truncated]` : shown;
  return `HTTP ${response.status} There was an error: "Request failed with status code ${response.status}"\nResponse body: ${body}`;
}

/** The legacy node's text for a failure without an answer (fact 54). */
export function legacyNetworkText(message: string): string {
  return `There was an error: "${message}"`;
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function redact(value: unknown): unknown {
  if (typeof value === "string") return redactBearer(value);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, key, {
      value: REDACTED_KEYS.has(key) ? "[REDACTED]" : redact(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function redactBearer(text: string): string {
  return /^Bearer\s+\S+/i.test(text) ? "[REDACTED]" : text;
}
