/** What ends a URL's userinfo when no `@` came first: the host, path, query or fragment begins, or the text's word ends. */
const USERINFO_END = /[\s/?#@]/g;

/**
 * A text with the credentials of every URL in it (`user:password@`, a lone `token@`) replaced by `***`,
 * so that a line naming a server the user gave as `http://admin:s3cret@n8n.local:5678` (an error, a note,
 * a summary) does not print the password. The host is kept: it says which server. One pass: each
 * `scheme://` is read forward up to its first `/`, `?`, `#`, `@` or space, so no text is scanned twice.
 * @example
 * maskUrlCredentials("http://admin:s3cret@n8n.local/api/v1: 401"); // "http://***@n8n.local/api/v1: 401"
 */
export function maskUrlCredentials(text: string): string {
  let masked = "";
  let copied = 0;
  for (let at = text.indexOf("://"); at !== -1; at = text.indexOf("://", at + 3)) {
    if (!/[a-z0-9+.-]/i.test(text[at - 1] ?? "")) continue;
    const start = at + 3;
    USERINFO_END.lastIndex = start;
    const end = USERINFO_END.exec(text)?.index ?? text.length;
    if (text[end] !== "@" || end === start) continue;
    masked += `${text.slice(copied, start)}***`;
    copied = end;
  }
  return masked + text.slice(copied);
}
