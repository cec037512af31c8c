/**
 * The path of a request URL exactly as sent (not decoded, trailing slash kept), as Express's
 * `req.path` gives it; hono's `c.req.path` drops the trailing slash when routing is not strict.
 */
export function requestPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}
