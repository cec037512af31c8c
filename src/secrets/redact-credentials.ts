import { isCredentialName, isCredentialParam } from "./credential-names.js";

/** What stands in for a credential's value in a record or a report. */
export const REDACTED = "[redacted]";

/** Hears each value that was masked for its name, as it was written (to find its copies elsewhere). */
export type OnSecret = (value: string) => void;

/** Headers whose name looks like a credential's, their values `[redacted]` (`Authorization`, `X-Api-Key`…: see `isCredentialName`), whatever they hold. */
export function redactHeaders(headers: Record<string, string>, onSecret?: OnSecret): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => {
      if (!isCredentialName(key)) return [key, value];
      if (value !== REDACTED) onSecret?.(value);
      return [key, REDACTED];
    }),
  );
}

/** `?key=AIza…&code=x&q=x` → `?key=[redacted]&code=[redacted]&q=x`: the rest of the URL is kept as written. */
export function redactQuery(url: string, onSecret?: OnSecret): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const hash = url.indexOf("#", query);
  const end = hash === -1 ? url.length : hash;
  return `${url.slice(0, query + 1)}${redactFormPairs(url.slice(query + 1, end), onSecret)}${url.slice(end)}`;
}

/**
 * Form-encoded text (`grant_type=authorization_code&code=x&client_secret=y`, a query) with the values
 * of credential-named fields (`isCredentialParam`) `[redacted]`; each pair is read as URLSearchParams
 * reads it (split at `&`, the name percent- and `+`-decoded), and every other pair kept as written.
 */
export function redactFormPairs(text: string, onSecret?: OnSecret): string {
  return text
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (!isCredentialParam(formDecode(name))) return pair;
      const value = equals === -1 ? "" : pair.slice(equals + 1);
      if (value !== "" && value !== REDACTED) onSecret?.(formDecode(value));
      return `${name}=${REDACTED}`;
    })
    .join("&");
}

/** A form field's name or value as URLSearchParams reads it: `+` a space, `%xx` decoded. */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
