/** A URL's host name without IPv6 brackets: the name a resolver is asked about, or the address written. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}
