/** What ends a URL's user-info when it is read out of free text: the host's `@`, or anything a URL or a line ends at. */
const USER_INFO_END = /[@\s/?#"'<>`\\]/g;

/**
 * Every URL's user-info in a text masked (`https://ci:glpat-…@gitlab.example/x` →
 * `https://***@gitlab.example/x`), wherever the URL sits in the line: an `--n8n URL` or `--flowise URL`
 * in an error, a proxy's target, a config's address in a finding. A user-info made only of variable
 * placeholders (`https://{{$vars.user}}:{{$vars.pw}}@host`) holds no secret and is kept. One pass: each
 * `://` is looked at once, up to the first character that ends a user-info.
 * @example
 * maskUrlCredentials("cannot reach https://admin:pw@n8n.internal/api"); // "cannot reach https://***@n8n.internal/api"
 */
export function maskUrlCredentials(text: string, replacement = "***"): string {
  if (!text.includes("@")) return text;
  let masked = "";
  let kept = 0;
  for (let at = text.indexOf("://"); at !== -1; at = text.indexOf("://", at + 3)) {
    if (!/[A-Za-z0-9+.-]/.test(text[at - 1] ?? "")) continue;
    const start = at + 3;
    USER_INFO_END.lastIndex = start;
    const end = USER_INFO_END.exec(text)?.index ?? text.length;
    if (text[end] !== "@" || end === start || isPlaceholders(text.slice(start, end))) continue;
    masked += text.slice(kept, start) + replacement;
    kept = end;
  }
  return kept === 0 ? text : masked + text.slice(kept);
}

/** `{{$vars.user}}:{{$vars.pw}}`: nothing but placeholders and the colon between them. */
function isPlaceholders(userInfo: string): boolean {
  return userInfo.replace(/\{\{[^{}]*\}\}/g, "").replace(":", "") === "";
}
