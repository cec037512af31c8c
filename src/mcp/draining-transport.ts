import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * A transport that knows which of its client's requests are still unanswered, so a server can stop
 * without leaving a client waiting for ever: `drain` refuses new requests, lets the ones in flight be
 * answered for at most `graceMs`, and answers those still running then with an error. The SDK's
 * `Server.close()` alone aborts every request in flight and sends nothing.
 */
export class DrainingTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;

  readonly #inner: Transport;
  readonly #unanswered = new Set<RequestId>();
  #draining = false;
  #onSettled: (() => void) | undefined;

  constructor(inner: Transport) {
    this.#inner = inner;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.#receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  /** How many requests of the client's are still unanswered. */
  get inFlight(): number {
    return this.#unanswered.size;
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      // Answered already by `drain` when the grace ran out: the client has its one answer.
      if (message.id !== undefined && !this.#unanswered.delete(message.id)) return;
      if (this.#unanswered.size === 0) this.#onSettled?.();
    }
    return this.#inner.send(message, options);
  }

  /**
   * From now on every new request is answered with an error; resolves once the requests in flight are
   * answered, or after `graceMs`, when those still running are answered with an error.
   */
  async drain(graceMs: number): Promise<void> {
    this.#draining = true;
    if (this.#unanswered.size > 0) await this.#settledWithin(graceMs);
    const late = [...this.#unanswered];
    this.#unanswered.clear();
    const waited = `the server stopped before this request was answered (it waited ${graceMs / 1000} s)`;
    for (const id of late) await this.#refuse(id, waited);
  }

  #receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (isJSONRPCRequest(message)) {
      if (this.#draining) {
        void this.#refuse(message.id, "the server is stopping: no new requests").catch((error: Error) =>
          this.onerror?.(error),
        );
        return;
      }
      this.#unanswered.add(message.id);
    }
    this.onmessage?.(message, extra);
  }

  #settledWithin(graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.#onSettled = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  #refuse(id: RequestId, message: string): Promise<void> {
    return this.#inner.send({ jsonrpc: "2.0", id, error: { code: ErrorCode.ConnectionClosed, message } });
  }
}
