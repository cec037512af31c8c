/** One JSON Pointer token, escaped (`/events/{id}` → `~1events~1{id}`). */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? text.replaceAll("~", "~0").replaceAll("/", "~1") : text;
}

/** `#/paths/~1events/get` for the keys `["paths", "/events", "get"]`. */
export function toPointer(keys: readonly (string | number)[]): string {
  return `#${keys.map((key) => `/${escapePointerToken(key)}`).join("")}`;
}

/**
 * The tokens of a URI-fragment JSON Pointer (`#/components/schemas/Event` or `/a/b`), unescaped and
 * percent-decoded; undefined when the text is not a pointer.
 */
export function parsePointer(fragment: string): string[] | undefined {
  const pointer = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  let decoded = pointer;
  if (pointer.includes("%")) {
    try {
      decoded = decodeURIComponent(pointer);
    } catch {
      return undefined;
    }
  }
  const tokens = decoded.slice(1).split("/");
  if (!decoded.includes("~")) return tokens;
  return tokens.map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}
