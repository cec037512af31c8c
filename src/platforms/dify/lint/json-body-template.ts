import { templateParts } from "../template/dify-template.js";

/** A reference in a JSON body template, and whether it stands inside a JSON string (`"{{#a.b#}}"`). */
export interface JsonSlot {
  selector: string;
  /** Inside a string: its value is inserted between the quotes, unescaped (fact 22). */
  quoted: boolean;
  /** Where `{{#…#}}` starts in the template. */
  start: number;
}

/** A JSON body template read as JSON with each reference as a marker, before Dify's repair. */
export interface JsonTemplate {
  slots: JsonSlot[];
  /** The template as JSON: a quoted reference a marker inside its string, an unquoted one a marker string. */
  parsed: { ok: true; value: unknown } | { ok: false; line: number; reason: string };
}

const QUOTED = (index: number) => `\uE000${index}\uE001`;
const UNQUOTED = (index: number) => `"\uE002${index}\uE003"`;

/** The slot a marker string stands for: a quoted reference that is the whole string, or an unquoted one. */
export function slotOfValue(value: unknown, slots: readonly JsonSlot[]): JsonSlot | undefined {
  if (typeof value !== "string") return undefined;
  const marker = /^(?:\uE000(\d+)\uE001|\uE002(\d+)\uE003)$/.exec(value);
  return marker ? slots[Number(marker[1] ?? marker[2])] : undefined;
}

/** Whether a value holds a reference's marker somewhere (a string with a reference among text). */
export function holdsSlot(value: unknown): boolean {
  return JSON.stringify(value).search(/[\uE000\uE002]/) >= 0;
}

/**
 * A JSON body template as Dify's own JSON parser would read it if each reference held a harmless value
 * (fact 29: `json.loads(…, strict=False)`, so raw newlines inside strings are accepted): its references,
 * each quoted or not, and the JSON, or where it is not JSON — which Dify then sends as json_repair
 * rewrites it.
 * @example
 * readJsonTemplate('{"q": "{{#start.q#}}", "n": {{#start.n#}}}').slots;
 * // [{selector: "start.q", quoted: true, start: 7}, {selector: "start.n", quoted: false, start: 30}]
 */
export function readJsonTemplate(template: string): JsonTemplate {
  const slots: JsonSlot[] = [];
  let out = "";
  const sourceOf: number[] = [];
  const state = { inString: false, escaped: false };
  let offset = 0;
  for (const part of templateParts(template)) {
    if ("selector" in part) {
      slots.push({ selector: part.selector, quoted: state.inString, start: part.start });
      const marker = state.inString ? QUOTED(slots.length - 1) : UNQUOTED(slots.length - 1);
      for (let i = 0; i < marker.length; i++) sourceOf.push(part.start);
      out += marker;
      offset = part.end;
      continue;
    }
    for (let i = 0; i < part.text.length; i++) {
      const written = scanChar(part.text[i] as string, state);
      for (let j = 0; j < written.length; j++) sourceOf.push(offset + i);
      out += written;
    }
    offset += part.text.length;
  }
  return { slots, parsed: parseJson(out, template, sourceOf) };
}

/** One character of JSON text, tracking strings; a control character inside a string escaped as Python's strict=False reads it. */
function scanChar(char: string, state: { inString: boolean; escaped: boolean }): string {
  if (!state.inString) {
    if (char === '"') state.inString = true;
    return char;
  }
  if (state.escaped) state.escaped = false;
  else if (char === "\\") state.escaped = true;
  else if (char === '"') state.inString = false;
  const code = char.charCodeAt(0);
  return code < 0x20 ? `\\u${code.toString(16).padStart(4, "0")}` : char;
}

function parseJson(text: string, template: string, sourceOf: readonly number[]): JsonTemplate["parsed"] {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = Number(/at position (\d+)/.exec(message)?.[1] ?? text.length);
    const at = sourceOf[position] ?? template.length;
    const line = template.slice(0, at).split("\n").length;
    const reason = message.replace(/\s*(?:in JSON )?at position \d+.*$/s, "").replace(/ in JSON$/, "");
    return { ok: false, line, reason };
  }
}
