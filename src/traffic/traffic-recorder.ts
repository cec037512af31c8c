import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Exchange } from "./exchange.js";
import { MAX_HAR_ENTRIES } from "./read-har.js";
import { readTrafficFile, TRAFFIC_FILE_SUFFIX, writeTrafficFile } from "./traffic-file.js";

/** How long exchanges wait to be written together: a burst of calls is one write, not one each. */
const WRITE_DELAY_MS = 200;

export interface TrafficRecorder {
  /** The traffic file written, as named (relative to the working directory the run began in). */
  file: string;
  /** Exchanges recorded in this run. */
  readonly recorded: number;
  /** Keeps one exchange; false once the file holds as many as one may (50,000). */
  add(exchange: Exchange): boolean;
  /** Writes what is pending now (at the end of a run). */
  flush(): void;
}

/**
 * Records a proxy's exchanges in `<dir>/<host>.traffic.json` (a file there already is continued, so a
 * capture may be made in several runs), written atomically, at most every 200 ms, and once more on
 * `flush`. The file holds at most 50,000 exchanges, as a HAR capture may: past that nothing is added.
 */
export function createTrafficRecorder(dir: string, target: string): TrafficRecorder {
  const url = new URL(target);
  const file = join(dir, `${url.host.replace(/[^A-Za-z0-9.-]/g, "_")}${TRAFFIC_FILE_SUFFIX}`);
  // Written where it was named when the run began, whatever the working directory is by then.
  const absolute = resolve(file);
  const exchanges = existsSync(absolute) ? readTrafficFile(absolute).exchanges : [];
  let recorded = 0;
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    writeTrafficFile(absolute, {
      version: 1,
      kind: "traffic",
      source: `tooldeck proxy to ${target}`,
      exchanges,
    });
  };
  return {
    file,
    get recorded() {
      return recorded;
    },
    add(exchange) {
      if (exchanges.length >= MAX_HAR_ENTRIES) return false;
      exchanges.push(exchange);
      recorded++;
      timer ??= setTimeout(write, WRITE_DELAY_MS);
      return true;
    },
    flush() {
      if (timer) clearTimeout(timer);
      if (timer || recorded > 0) write();
    },
  };
}
