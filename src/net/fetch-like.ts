/** A `fetch` as tools call it: the global one, an emulator's in-process one, or a recorder. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch may say which URLs it answers in-process (no socket to cancel), so callers can skip per-call
 * abort plumbing for those: the embedded emulators' fetch does.
 */
export const IN_PROCESS_FETCH = Symbol.for("tooldeck.inProcessFetch");

type InProcessMark = { [IN_PROCESS_FETCH]?: (url: string) => boolean };

export function markInProcess<F extends FetchLike>(fetch: F, answersInProcess: (url: string) => boolean): F {
  return Object.assign(fetch, { [IN_PROCESS_FETCH]: answersInProcess });
}

export function isInProcessFetch(fetch: FetchLike, url: string): boolean {
  return (fetch as InProcessMark)[IN_PROCESS_FETCH]?.(url) ?? false;
}
