/** An unpaired UTF-16 surrogate: in `u` mode a well-formed pair is one code point and never matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a client-chosen event id can be named in a URL at all. Every URL parser turns `/events/.`
 * and `/events/..` (and their `%2e` spellings) into `/events`, and a lone surrogate becomes U+FFFD
 * once percent-encoded as UTF-8, so an event with such an id could be created but never read,
 * updated or deleted.
 */
export function isAddressableId(id: string): boolean {
  return id !== "." && id !== ".." && !LONE_SURROGATE.test(id);
}
