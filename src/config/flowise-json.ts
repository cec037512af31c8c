import JSON5 from "json5";

/** The parsed value, or the error of each of Flowise's four attempts, in its order. */
export type FlowiseJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: string; attempts: [string, string, string, string]; text: string };

/**
 * Parses a JSON value the way Flowise 3.1 parses Headers, Body and the schemas: JSON5 first (single quotes,
 * trailing commas, comments), then JSON5 after Flowise's clean-ups (backslashes before brackets dropped,
 * single quotes made double, trailing commas and comments removed), then strict JSON after lighter ones. `reason` is the first parser error,
 * the one Flowise puts first in its message.
 */
export function parseFlowiseJson(text: string): FlowiseJsonResult {
  // The last attempt, JSON.parse of the original text, can only succeed where JSON5 already did; it is
  // made for its message, which Flowise reports.
  const attempts: Array<[(text: string) => unknown, string]> = [
    [JSON5.parse, text],
    [JSON5.parse, cleanUpFully(text)],
    [JSON.parse, cleanUpLightly(text)],
    [JSON.parse, text],
  ];
  const reasons: string[] = [];
  for (const [parse, attempt] of attempts) {
    try {
      return { ok: true, value: parse(attempt) };
    } catch (error) {
      reasons.push((error as Error).message);
    }
  }
  const [first = "", second = "", third = "", fourth = ""] = reasons;
  return { ok: false, reason: first, attempts: [first, second, third, fourth], text };
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

/**
 * Flowise 3.1.4's message for a fixed Body or Headers it cannot parse, whole (reference/flowise-tools.md,
 * section 6): the four attempts' errors, its "Common fixes" and the text received. It says "body" for
 * Headers too, as Flowise does.
 */
export function invalidJsonMessage(failed: Extract<FlowiseJsonResult, { ok: false }>): string {
  const [original, cleaned, third, final] = failed.attempts;
  return [
    `Invalid JSON format in body. Original error: ${original}. After cleanup attempts: ${cleaned}. 3rd attempt: ${third}. Final attempt: ${final}.`,
    "",
    "Common fixes:",
    "• Ensure all strings are enclosed in double quotes",
    "• Remove trailing commas",
    "• Remove comments (// or /* */)",
    '• Escape special characters properly (\\n for newlines, \\" for quotes)',
    "• Use double quotes instead of single quotes",
    "• Remove unnecessary backslashes before brackets [ ] { }",
    "",
    `Received body: ${failed.text}`,
  ].join("\n");
}
