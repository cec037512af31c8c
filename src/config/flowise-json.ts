import JSON5 from "json5";

/** The parsed value, or the first parser error. */
export type FlowiseJsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Parses a JSON value the way Flowise 3.1 parses Headers, Body and the schemas: JSON5 first (single quotes,
 * trailing commas, comments), then JSON5 after Flowise's clean-ups (backslashes before brackets dropped,
 * single quotes made double, trailing commas and comments removed), then strict JSON after lighter ones. `reason` is the first parser error,
 * the one Flowise puts first in its message.
 */
export function parseFlowiseJson(text: string): FlowiseJsonResult {
  // Flowise's further attempt, JSON.parse of the original text, can only succeed where JSON5 already did.
  const attempts: Array<[(text: string) => unknown, string]> = [
    [JSON5.parse, text],
    [JSON5.parse, cleanUpFully(text)],
    [JSON.parse, cleanUpLightly(text)],
  ];
  let reason = "";
  for (const [parse, attempt] of attempts) {
    try {
      return { ok: true, value: parse(attempt) };
    } catch (error) {
      reason ||= (error as Error).message;
    }
  }
  return { ok: false, reason };
}

function cleanUpFully(text: string): string {
  return text
    .replace(/\\(?=[[\]{}])/g, "")
    .replace(/'/g, '"')
    .replace(/,(\s*[}\]])/g, "$1")
    .replace(/\/\/.*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "");
}

function cleanUpLightly(text: string): string {
  return text
    .replace(/\\(?=[[\]{}])/g, "")
    .replace(/,(\s*[}\]])/g, "$1")
    .trim();
}

/** `Invalid JSON format in body. Original error: JSON5: invalid character 'x' at 1:2.`: Flowise's first line. */
export function invalidJsonMessage(what: "body" | "headers", reason: string): string {
  return `Invalid JSON format in ${what}. Original error: ${reason}.`;
}
