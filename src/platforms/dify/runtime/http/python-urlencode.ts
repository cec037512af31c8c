/** Characters a URL never needs to encode (RFC 3986 unreserved). */
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const VALID_ESCAPE = /%[0-9A-Fa-f]{2}/g;

function percentEncode(char: string): string {
  return [...Buffer.from(char, "utf8")]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
    .join("");
}

/**
 * Python's `urllib.parse.urlencode` (`quote_plus`): what httpx sends for `data=` (an
 * x-www-form-urlencoded body, reference/dify-tools.md fact 31). Spaces as `+`; `~` kept, `*` encoded.
 */
export function pythonUrlencode(pairs: readonly (readonly [string, string])[]): string {
  const quotePlus = (text: string) =>
    [...text]
      .map((char) => (char === " " ? "+" : UNRESERVED.test(char) ? char : percentEncode(char)))
      .join("");
  return pairs.map(([key, value]) => `${quotePlus(key)}=${quotePlus(value)}`).join("&");
}

/**
 * httpx 0.28's `quote(text, safe="")` for query params: a text made only of unreserved characters and
 * valid `%XX` escapes is sent as it is; any other is encoded whole, `%` included (`%25`), spaces as `%20`.
 */
export function httpxQuote(text: string): string {
  const escapes = text.match(VALID_ESCAPE)?.length ?? 0;
  const safe = [...text].every((char) => char === "%" || UNRESERVED.test(char));
  if (safe && escapes === (text.match(/%/g)?.length ?? 0)) return text;
  return [...text].map((char) => (UNRESERVED.test(char) ? char : percentEncode(char))).join("");
}
