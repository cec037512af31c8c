/** A call's time limit and the caller's AbortSignal, as one send sees them. */
export interface CallDeadline {
  /** The signal to send with: a controller linked to the caller's over the network, else the caller's own. */
  readonly signal: AbortSignal | undefined;
  /** The work, or the limit's TimeoutError once the time is up. */
  race<T>(work: Promise<T>): Promise<T>;
  timedOut(): boolean;
  /** Stops the timer and unlinks the caller's signal. */
  clear(): void;
}

/**
 * The call's time limit, as cheap as its target allows. Over the network the request is aborted at the
 * limit (one AbortController, linked to the caller's signal). In-process there is no socket to cancel:
 * the answer is raced against a timer and the caller's signal goes through as it is, since an
 * AbortSignal per call, and the linked one `new Request` makes of it, cost more than the in-process call
 * itself (bench/tool-calls). Without a limit nothing is made at all.
 */
export function startDeadline(
  timeoutMs: number | undefined,
  outer: AbortSignal | undefined,
  inProcess: boolean,
): CallDeadline {
  if (timeoutMs === undefined) return new NoDeadline(outer);
  return new TimedDeadline(timeoutMs, outer, inProcess ? undefined : new AbortController());
}

class NoDeadline implements CallDeadline {
  constructor(readonly signal: AbortSignal | undefined) {}
  race<T>(work: Promise<T>): Promise<T> {
    return work;
  }
  timedOut(): boolean {
    return false;
  }
  clear(): void {}
}

/** One per call: a timer for the limit, and over the network the request's own signal. */
class TimedDeadline implements CallDeadline {
  readonly signal: AbortSignal | undefined;
  readonly #controller: AbortController | undefined;
  readonly #outer: AbortSignal | undefined;
  readonly #forward: (() => void) | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  #reason: DOMException | undefined;
  #expire: ((reason: unknown) => void) | undefined;

  constructor(timeoutMs: number, outer: AbortSignal | undefined, controller: AbortController | undefined) {
    this.#controller = controller;
    this.#outer = outer;
    this.signal = controller?.signal ?? outer;
    this.#timer = setTimeout(() => this.#timeOut(), timeoutMs);
    if (!controller || !outer) return;
    this.#forward = () => controller.abort(outer.reason);
    if (outer.aborted) this.#forward();
    else outer.addEventListener("abort", this.#forward, { once: true });
  }

  race<T>(work: Promise<T>): Promise<T> {
    if (this.#reason) return Promise.reject(this.#reason);
    return new Promise<T>((resolve, reject) => {
      this.#expire = reject;
      work.then(resolve, reject);
    });
  }

  timedOut(): boolean {
    return this.#reason !== undefined;
  }

  clear(): void {
    clearTimeout(this.#timer);
    if (this.#forward) this.#outer?.removeEventListener("abort", this.#forward);
  }

  #timeOut(): void {
    // The reason AbortSignal.timeout() gives, so a failure reads the same however the limit was kept.
    this.#reason = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    this.#controller?.abort(this.#reason);
    this.#expire?.(this.#reason);
  }
}
