/** The default memory of one run: what the guest's objects, strings and code may take. */
export const DEFAULT_SANDBOX_MEMORY_BYTES = 64 * 1024 * 1024;

/** The largest memory a run may ask for. */
export const MAX_SANDBOX_MEMORY_BYTES = 256 * 1024 * 1024;

/**
 * What the engine itself takes of its WebAssembly memory: its initial 16 MiB (static data, its C
 * stack, the first heap). The memory is capped at this plus the run's memory, and that cap is the
 * limit that holds: QuickJS's own limit, built for WebAssembly, bounds each allocation but does not
 * add their sizes up (its malloc_usable_size is 0 there; quickjs-emscripten issues 255 and 271).
 */
export const ENGINE_BASE_BYTES = 16 * 1024 * 1024;

/**
 * QuickJS's stack limit: about 6,000 frames of a plain recursive function. Every QuickJS frame is
 * also a frame of WebAssembly on the worker's own stack, so that stack is made 16 times larger: at 8
 * times, nested `JSON.stringify` overflowed V8's stack before QuickJS's limit (measured; see
 * docs/security.md), which would end the worker instead of throwing in the guest.
 */
export const SANDBOX_STACK_BYTES = 1024 * 1024;

/** The worker thread's native stack, in MB (see `SANDBOX_STACK_BYTES`). */
export const WORKER_STACK_MB = (16 * SANDBOX_STACK_BYTES) / 1024 / 1024;

/**
 * The worker's own V8 heap, in MB: the engine's glue, and the strings that cross (a 10 MiB fetch
 * answer or result is 20 MB as UTF-16, copied once or twice).
 */
export const WORKER_HEAP_MB = 128;

/** The longest text that crosses in either direction: a host function's argument or answer, a result. */
export const MAX_CROSSING_CHARS = 11 * 1024 * 1024;

/** How much of a thrown value's text is kept. */
export const MAX_ERROR_MESSAGE_CHARS = 4000;

/** Timers one run may have waiting at once. */
export const MAX_GUEST_TIMERS = 1000;

/** Idle workers kept warm for the next runs (within the pool's size). */
export const MAX_IDLE_WORKERS = 2;
