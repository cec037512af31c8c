/**
 * How Flowise 3.1.4's `SecureZodSchemaParser` reads a method's arguments from their text `(…)`:
 * `[a, 'b']` is one array of its items, quotes stripped; digits are a number; a text in double quotes is
 * that text; anything else is split at commas, each piece a number (digits), a double-quoted text, or
 * kept as written. So `'x'` keeps its quotes, `true` is the text `"true"`, `-1` the text `"-1"`.
 */
export function flowiseArguments(text: string): unknown[] {
  const inner = text.slice(1, -1).trim();
  if (inner === "") return [];
  if (inner.startsWith("[") && inner.endsWith("]")) return [arrayItems(inner.slice(1, -1))];
  if (/^\d+$/.test(inner)) return [Number.parseInt(inner, 10)];
  if (inner.startsWith('"') && inner.endsWith('"')) return [inner.slice(1, -1)];
  return inner.split(",").map((piece) => {
    const value = piece.trim();
    if (/^\d+$/.test(value)) return Number.parseInt(value, 10);
    if (value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1);
    return value;
  });
}

/** The arguments of an object's modifier: an object literal (a `.default({…})`) is read key by key. */
export function flowiseComplexArguments(text: string): unknown[] {
  const inner = text.slice(1, -1).trim();
  if (inner.startsWith("{") && inner.endsWith("}")) return [objectLiteral(inner.slice(1, -1).trim())];
  return flowiseArguments(text);
}

/**
 * Flowise reads a primitive's chain by splitting its text at every `.`: a `.` inside an argument
 * (`describe("e.g. Paris")`, `default(1.5)`) leaves a piece that is no call, and the init fails. The
 * reason Flowise gives, or undefined when the split reads.
 */
export function flowiseSplitError(chain: string): string | undefined {
  const parts = chain.split(".");
  for (let i = 1; i < parts.length; i++) {
    const part = (parts[i] as string).trim();
    if (!/^(\w+)(\(.*\))?$/.test(part))
      return `${i === 1 ? "Invalid base type" : "Invalid modifier"}: ${part}`;
  }
  return undefined;
}

/** The modifiers after `z.array(…)`, which Flowise splits at every `.` without trimming the pieces. */
export function flowiseArrayModifiersError(modifiers: string): string | undefined {
  for (const part of modifiers.slice(1).split("."))
    if (!/^(\w+)(\(.*\))?$/.test(part)) return `Invalid modifier: ${part}`;
  return undefined;
}

function arrayItems(content: string): string[] {
  const items: string[] = [];
  let current = "";
  let quote = "";
  for (let i = 0; i < content.length; i++) {
    const char = content[i] as string;
    if (quote === "" && (char === '"' || char === "'")) quote = char;
    else if (quote !== "" && char === quote && content[i - 1] !== "\\") quote = "";
    else if (quote === "" && char === ",") {
      items.push(unquoted(current));
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim() !== "") items.push(unquoted(current));
  return items;
}

/** One leading and one trailing quote dropped, as Flowise's `replace(/^["']|["']$/g, '')` does. */
function unquoted(item: string): string {
  return item.trim().replace(/^["']|["']$/g, "");
}

function objectLiteral(content: string): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  if (content === "") return object;
  for (const property of splitTopLevel(content)) {
    const colon = property.indexOf(":");
    if (colon === -1) continue;
    const key = property.slice(0, colon).trim().replace(/['"]/g, "");
    const value = property.slice(colon + 1).trim();
    if (value.startsWith("[") && value.endsWith("]")) object[key] = arrayItems(value.slice(1, -1));
    else if (value.startsWith('"') && value.endsWith('"')) object[key] = value.slice(1, -1);
    else if (/^\d+$/.test(value)) object[key] = Number.parseInt(value, 10);
    else object[key] = value;
  }
  return object;
}

/** Split at commas outside quotes and brackets. */
function splitTopLevel(content: string): string[] {
  const pieces: string[] = [];
  let current = "";
  let depth = 0;
  let quote = "";
  for (let i = 0; i < content.length; i++) {
    const char = content[i] as string;
    if (quote === "" && (char === '"' || char === "'")) quote = char;
    else if (quote !== "" && char === quote && content[i - 1] !== "\\") quote = "";
    else if (quote === "" && "([{".includes(char)) depth++;
    else if (quote === "" && ")]}".includes(char)) depth--;
    else if (quote === "" && char === "," && depth === 0) {
      pieces.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim() !== "") pieces.push(current.trim());
  return pieces;
}
