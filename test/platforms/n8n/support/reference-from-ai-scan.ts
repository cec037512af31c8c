// n8n 2.41's own $fromAI scan (n8n-workflow from-ai-parse-utils), as tooldeck wrote it before issue 37: a
// scan per call, quadratic on nested calls. Kept as the oracle the linear scan is checked against.
import {
  FROM_AI_TYPES,
  type FromAiCall,
  type FromAiScan,
  type FromAiType,
} from "../../../../src/platforms/n8n/expression/from-ai-calls.js";

const CALL_START = /\$fromAI\s*\(\s*/gi;
const QUOTES = new Set(["'", '"', "`"]);

/**
 * Every `$fromAI(…)` call in a text, as n8n 2.41 finds them to build a tool's schema: a text scan, not
 * an evaluation, so calls count wherever they are, in a parameter that is not an expression too
 * (reference fact 6), and `$fromai` as well (fact 11). Arguments are split at commas outside quotes;
 * quotes and backslashes are removed, commas kept (fact 8). A call n8n cannot read fails with n8n's
 * message (`n8n-workflow`'s from-ai-parse-utils).
 * @example
 * scanFromAiCalls("={{ $fromAI('id', 'The item id', 'number', 5) }}");
 * // { ok: true, calls: [{ key: "id", description: "The item id", type: "number", defaultValue: 5 }] }
 */
export function referenceScanFromAiCalls(text: string): FromAiScan {
  const calls: FromAiCall[] = [];
  for (const match of text.matchAll(CALL_START)) {
    const start = match.index + match[0].length;
    const inside = argumentsText(text, start);
    if (inside === undefined) {
      return {
        ok: false,
        message: `Unbalanced parentheses while parsing $fromAI call: ${text.slice(start)}`,
      };
    }
    const call = readCall(splitArguments(inside));
    if (typeof call === "string") {
      return { ok: false, message: `Failed to parse $fromAI arguments: ${inside}: Error: ${call}` };
    }
    calls.push(call);
  }
  return { ok: true, calls };
}

/** The text between a call's parentheses (nested ones and quoted ones kept), or undefined when unclosed. */
function argumentsText(text: string, start: number): string | undefined {
  let depth = 1;
  let quote = "";
  let inside = "";
  for (let index = start; index < text.length; index++) {
    const char = text[index] as string;
    if (quote !== "") {
      if (char === "\\" && index + 1 < text.length) {
        inside += char + text[++index];
        continue;
      }
      if (char === quote) quote = "";
      inside += char;
      continue;
    }
    if (QUOTES.has(char)) quote = char;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return inside;
    inside += char;
  }
  return undefined;
}

/** Splits at commas outside quotes; a backslash is dropped and the character after it kept as it is. */
function splitArguments(inside: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote = "";
  for (let index = 0; index < inside.length; index++) {
    const char = inside[index] as string;
    if (char === "\\") {
      current += inside[++index] ?? "";
      continue;
    }
    if (QUOTES.has(char)) {
      if (quote === "") quote = char;
      else if (char === quote) quote = "";
    } else if (char === "," && quote === "") {
      parts.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current !== "") parts.push(current.trim());
  return parts.map(unquote);
}

function unquote(part: string): string {
  const quoted = [...QUOTES].some((quote) => part.startsWith(quote) && part.endsWith(quote));
  if (!quoted) return part;
  return part
    .slice(1, -1)
    .replace(/\\'/g, "'")
    .replace(/\\`/g, "`")
    .replace(/\\"/g, '"')
    .replace(/\\\\/g, "\\");
}

/** The call the arguments describe, or why n8n refuses it. */
function readCall(args: readonly string[]): FromAiCall | string {
  const rawType = args[2] ?? "string";
  const type = rawType.toLowerCase();
  if (!isFromAiType(type)) return `Invalid type: ${rawType}`;
  const call: FromAiCall = { key: args[0] || "", type };
  if (args[1] !== undefined) call.description = args[1];
  if (args[3] !== undefined) call.defaultValue = parseDefault(args[3], type);
  return call;
}

function isFromAiType(type: string): type is FromAiType {
  return (FROM_AI_TYPES as readonly string[]).includes(type);
}

/** The default as n8n types it for the schema: a number or boolean when it reads as one, else JSON, else text. */
function parseDefault(value: string, type: FromAiType): unknown {
  if (type === "string") return value;
  const lower = value.toLowerCase();
  if (type === "boolean" && (lower === "true" || lower === "false")) return lower === "true";
  if (type === "number" && !Number.isNaN(Number(value))) return Number(value);
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
