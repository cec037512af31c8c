import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
// A context made after the flag is set has `gc`: no --expose-gc on vitest's workers needed.
const gc = runInNewContext("gc") as () => void;

/** The heap in use after a full collection, in bytes: what is still reachable, garbage aside. */
export function reachableHeapBytes(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
