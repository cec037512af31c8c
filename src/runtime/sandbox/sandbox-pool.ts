import { availableParallelism } from "node:os";
import { DEFAULT_SANDBOX_MEMORY_BYTES, MAX_IDLE_WORKERS } from "./sandbox-limits.js";
import { type SandboxWorker, startSandboxWorker } from "./start-sandbox-worker.js";

export type { SandboxWorker } from "./start-sandbox-worker.js";

/** How many sandbox workers may be alive at once. */
export interface SandboxPoolOptions {
  /** Workers alive at once, running or idle; default the number of cores (`os.availableParallelism()`). */
  workers?: number;
}

/** What the pool holds now, and the most workers it ever had alive at once (for tests and benches). */
export interface SandboxPoolStats {
  alive: number;
  running: number;
  waiting: number;
  mostAlive: number;
}

/**
 * The sandbox workers of a whole run: at most `workers` threads alive at once, and their guests'
 * memory at most `memoryBytes` in all (`workers` × the 64 MiB of one run). A run beyond them waits its
 * turn, first come first served.
 */
export interface SandboxPool {
  readonly workers: number;
  readonly memoryBytes: number;
  /**
   * A worker for one run with `memoryBytes` for its guest: an idle one, a new one (once its engine is
   * loaded), or, when the pool is full, the next one free; `"aborted"` when `signal` aborts first. A
   * run asking more than the whole bound runs alone. The wait has no limit of its own: every run
   * ahead ends within its own time limit, and the caller's signal ends the wait.
   */
  acquire(memoryBytes: number, signal?: AbortSignal): Promise<SandboxWorker | "aborted">;
  /**
   * The worker back after its run: kept warm for the next when `reusable` (the run ended by itself),
   * else terminated (a limit stopped it, or it failed), and replaced when a run needs one.
   */
  release(taken: SandboxWorker, reusable: boolean): void;
  /** A new size; workers past it end as they come back. */
  resize(workers: number): void;
  stats(): SandboxPoolStats;
}

interface Waiter {
  memoryBytes: number;
  grant(taken: SandboxWorker | Promise<SandboxWorker>): void;
}

/**
 * A pool of sandbox workers (`SandboxPool`). Threads start only when a run needs one, are
 * unreferenced while idle (an idle pool keeps no process alive), and at most 2 are kept idle.
 * @example
 * const pool = createSandboxPool({ workers: 2 });
 * await runInSandbox({ code: "return 1", timeoutMs: 1000, pool });
 */
export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  return new WorkerPool(options.workers ?? availableParallelism());
}

let shared: SandboxPool | undefined;

/** The pool of the process: every run that names no other shares it (the CLI's `--sandbox-workers`). */
export function sharedSandboxPool(): SandboxPool {
  shared ??= createSandboxPool();
  return shared;
}

class WorkerPool implements SandboxPool {
  #workers = 1;
  /** Threads started and not yet exited: running, idle, starting or ending. */
  #alive = 0;
  #running = 0;
  #mostAlive = 0;
  /** Guest memory of the alive threads. */
  #charged = 0;
  /** Threads started and not yet exited. */
  readonly #live = new Set<SandboxWorker>();
  /** Of them, those told to terminate. */
  readonly #ending = new Set<SandboxWorker>();
  readonly #idle: SandboxWorker[] = [];
  readonly #queue: Waiter[] = [];

  constructor(workers: number) {
    this.resize(workers);
  }

  get workers(): number {
    return this.#workers;
  }

  get memoryBytes(): number {
    return this.#workers * DEFAULT_SANDBOX_MEMORY_BYTES;
  }

  resize(workers: number): void {
    if (!Number.isInteger(workers) || workers < 1)
      throw new RangeError(`a sandbox pool needs a whole number of workers of at least 1, not ${workers}`);
    this.#workers = workers;
    while (this.#idle.length > 0 && this.#alive - this.#ending.size > workers) this.#end(this.#idle.pop());
    this.#pump();
  }

  stats(): SandboxPoolStats {
    return {
      alive: this.#alive,
      running: this.#running,
      waiting: this.#queue.length,
      mostAlive: this.#mostAlive,
    };
  }

  acquire(memoryBytes: number, signal?: AbortSignal): Promise<SandboxWorker | "aborted"> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.#queue.indexOf(waiter);
        if (index < 0) return;
        this.#queue.splice(index, 1);
        resolve("aborted");
        // The head may have been what held the others back.
        this.#pump();
      };
      const waiter: Waiter = {
        memoryBytes,
        grant: (taken) => {
          this.#running += 1;
          signal?.removeEventListener("abort", onAbort);
          Promise.resolve(taken).then((worker) => {
            worker.worker.ref();
            resolve(worker);
          }, reject);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  release(taken: SandboxWorker, reusable: boolean): void {
    this.#running -= 1;
    taken.worker.removeAllListeners("message");
    if (!reusable || this.#alive - this.#ending.size > this.#workers) {
      this.#end(taken);
      return;
    }
    taken.worker.unref();
    this.#idle.push(taken);
    this.#pump();
    while (this.#idle.length > MAX_IDLE_WORKERS) this.#end(this.#idle.shift());
  }

  /** Serves the waiting runs in order while a worker is idle or room is left; the first that cannot be served holds the rest. */
  #pump(): void {
    for (let head = this.#queue[0]; head; head = this.#queue[0]) {
      const warm = this.#idle.findIndex((idle) => idle.memoryBytes === head.memoryBytes);
      if (warm >= 0) {
        this.#queue.shift();
        head.grant(this.#idle.splice(warm, 1)[0] as SandboxWorker);
      } else if (this.#fits(head.memoryBytes)) {
        this.#queue.shift();
        head.grant(this.#start(head.memoryBytes));
      } else {
        // Room held by an idle worker of another size: end it; its exit pumps again.
        this.#end(this.#idle.shift());
        return;
      }
    }
  }

  #fits(memoryBytes: number): boolean {
    if (this.#alive >= this.#workers) return false;
    return this.#charged === 0 || this.#charged + memoryBytes <= this.memoryBytes;
  }

  #start(memoryBytes: number): Promise<SandboxWorker> {
    this.#count(1, memoryBytes);
    const started = startSandboxWorker(memoryBytes);
    started.then(
      (taken) => {
        this.#live.add(taken);
        taken.worker.once("exit", () => this.#exited(taken));
      },
      () => {
        this.#running -= 1;
        this.#count(-1, memoryBytes);
        this.#pump();
      },
    );
    return started;
  }

  #exited(taken: SandboxWorker): void {
    const index = this.#idle.indexOf(taken);
    if (index >= 0) this.#idle.splice(index, 1);
    this.#live.delete(taken);
    this.#ending.delete(taken);
    this.#count(-1, taken.memoryBytes);
    this.#pump();
  }

  /** Terminates a worker; it stays counted until it has exited, when its memory is given back. */
  #end(taken: SandboxWorker | undefined): void {
    if (!taken || !this.#live.has(taken) || this.#ending.has(taken)) return;
    this.#ending.add(taken);
    void taken.worker.terminate();
  }

  #count(workers: 1 | -1, memoryBytes: number): void {
    this.#alive += workers;
    this.#charged += workers * memoryBytes;
    this.#mostAlive = Math.max(this.#mostAlive, this.#alive);
  }
}
