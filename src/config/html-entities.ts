/**
 * The named character references HTML decodes even without a closing `;` (the "legacy" ones: the
 * Latin-1 names from U+00A0 to U+00FF, plus AMP, COPY, GT, LT, QUOT, REG), in code-point order.
 */
const LATIN1_NAMES = [
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn",
  "sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave",
  "Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml",
  "ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN",
  "szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute",
  "icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml",
  "yacute thorn yuml",
]
  .join(" ")
  .split(" ");

const LEGACY: ReadonlyMap<string, string> = new Map([
  ...LATIN1_NAMES.map((name, index) => [name, String.fromCodePoint(0xa0 + index)] as const),
  ...(["amp", "AMP"] as const).map((name) => [name, "&"] as const),
  ...(["lt", "LT"] as const).map((name) => [name, "<"] as const),
  ...(["gt", "GT"] as const).map((name) => [name, ">"] as const),
  ...(["quot", "QUOT"] as const).map((name) => [name, '"'] as const),
  ["COPY", "\u00a9"],
  ["REG", "\u00ae"],
]);

/** A few references that need their `;`, common in typed text. */
const WITH_SEMICOLON: ReadonlyMap<string, string> = new Map([
  ["apos", "'"],
  ["hellip", "\u2026"],
  ["ndash", "\u2013"],
  ["mdash", "\u2014"],
  ["lsquo", "\u2018"],
  ["rsquo", "\u2019"],
  ["ldquo", "\u201c"],
  ["rdquo", "\u201d"],
]);

const LONGEST_LEGACY = Math.max(...[...LEGACY.keys()].map((name) => name.length));

/**
 * Decodes character references in HTML text as a browser's parser does: `&amp;` → `&`, `&#33;` → `!`,
 * and, in text, a legacy name without `;` as the longest prefix it starts with: `&param=1` → `¶m=1`
 * (the classic mangling of query strings pasted into HTML). Unknown references stay as they are.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(?:#([xX][0-9a-fA-F]+|[0-9]+);?|([a-zA-Z][a-zA-Z0-9]*)(;?))/g,
    (reference, number, name, semi) =>
      number !== undefined ? decodeNumber(number) : decodeName(reference, name, semi),
  );
}

function decodeNumber(number: string): string {
  const hex = number.startsWith("x") || number.startsWith("X");
  const code = hex ? Number.parseInt(number.slice(1), 16) : Number(number);
  // HTML turns NUL, surrogates and out-of-range code points into the replacement character.
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return valid ? String.fromCodePoint(code) : "\ufffd";
}

function decodeName(reference: string, name: string, semicolon: string): string {
  const exact = semicolon ? (LEGACY.get(name) ?? WITH_SEMICOLON.get(name)) : undefined;
  if (exact !== undefined) return exact;
  for (let length = Math.min(name.length, LONGEST_LEGACY); length > 1; length--) {
    const decoded = LEGACY.get(name.slice(0, length));
    if (decoded !== undefined) return decoded + reference.slice(1 + length);
  }
  return reference;
}
