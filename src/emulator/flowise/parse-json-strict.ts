export type StrictJsonParse = { ok: true; value: unknown } | { ok: false; message: string };

const WHITESPACE = /^[ \t\n\r]*([^ \t\n\r])/;

/**
 * JSON as Express's `body-parser` reads it in strict mode: only an object or an array, and the error
 * message is the one `JSON.parse` gives. For any other first character body-parser parses a copy with
 * that character and the rest masked by `#`, then puts the original text back into the message, so
 * `"hi"` fails with `Unexpected token '"', ""hi"" is not valid JSON` (the message Flowise returns).
 */
export function parseJsonStrict(text: string): StrictJsonParse {
  const first = WHITESPACE.exec(text)?.[1];
  if (first !== "{" && first !== "[") return { ok: false, message: strictViolation(text, first) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (cause) {
    return { ok: false, message: (cause as Error).message };
  }
}

function strictViolation(text: string, first: string | undefined): string {
  const index = first === undefined ? -1 : text.indexOf(first);
  const masked = index === -1 ? "" : `${text.slice(0, index)}${"#".repeat(text.length - index)}`;
  try {
    JSON.parse(masked);
    return "strict violation";
  } catch (cause) {
    return (cause as Error).message.replace(/#+/g, (run) => text.slice(index, index + run.length));
  }
}
