/** A list of callbacks for one kind of emulator event; `on` returns the function that unsubscribes. */
export interface Listeners<T> {
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
}

/** An empty listener list; listeners run in subscription order. */
export function createListeners<T>(): Listeners<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value) {
      for (const listener of [...listeners]) listener(value);
    },
  };
}
