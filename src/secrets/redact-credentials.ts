import { isCredentialName } from "./credential-names.js";

/** What stands in for a credential's value in a record or a report. */
export const REDACTED = "[redacted]";

/** Headers whose name looks like a credential's, their values `[redacted]` (`Authorization`, `X-Api-Key`…: see `isCredentialName`), whatever they hold. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key, isCredentialName(key) ? REDACTED : value]),
  );
}

/** `?key=AIza…&q=x` → `?key=[redacted]&q=x`: the rest of the URL is kept as written. */
export function redactQuery(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const hash = url.indexOf("#", query);
  const end = hash === -1 ? url.length : hash;
  const params = url
    .slice(query + 1, end)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      return isCredentialName(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query + 1)}${params.join("&")}${url.slice(end)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
