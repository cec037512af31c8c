import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type LineAppender, openLineAppender } from "../project-files/append-lines.js";
import { MAX_FILE_BYTES } from "../project-files/read-project-file.js";
import type { Exchange } from "./exchange.js";
import { TRAFFIC_JOURNAL_SUFFIX, toJournalLine } from "./traffic-journal.js";

/**
 * Where a journal continues in a new file (`<host>_part002.traffic.ndjson`, …): every file stays readable
 * by `infer` and the others, which read at most 50 MB a file.
 */
const PART_BYTES = Math.floor(MAX_FILE_BYTES * 0.8);

export interface TrafficRecorderOptions {
  /** Exchanges this run records at most; past it `add` keeps nothing. Default: no limit. */
  limit?: number | undefined;
  /** Bytes past which the journal goes on in a new file. Default 40 MB (the readers take 50 MB a file). */
  partBytes?: number;
}

export interface TrafficRecorder {
  /** The journal written now, as named (relative to the working directory the run began in). */
  readonly file: string;
  /** Exchanges recorded in this run, failed ones included. */
  readonly recorded: number;
  /**
   * Appends one exchange (with `failure`, one whose answer never came whole): one line, written at once,
   * at the same cost however many came before. False once `limit` exchanges were recorded.
   */
  add(exchange: Exchange, failure?: string): boolean;
  /** Closes the journal (at the end of a run); later exchanges are not kept. */
  close(): void;
}

/**
 * Records a proxy's exchanges in `<dir>/<host>.traffic.ndjson`, appended a line each as they come (a
 * journal there already is continued, so a capture may be made in several runs); past 40 MB the journal
 * goes on in `<host>_part002.traffic.ndjson`, then `_part003`, and so on.
 */
export function createTrafficRecorder(
  dir: string,
  target: string,
  options: TrafficRecorderOptions = {},
): TrafficRecorder {
  const stem = join(dir, new URL(target).host.replace(/[^A-Za-z0-9.-]/g, "_"));
  const header = toJournalLine({ version: 1, kind: "traffic", source: `tooldeck proxy to ${target}` });
  // Written where it was named when the run began, whatever the working directory is by then.
  mkdirSync(resolve(dir), { recursive: true });
  let part = lastPart(stem);
  let journal = openJournal(journalName(stem, part), header);
  let recorded = 0;
  let closed = false;
  const partBytes = options.partBytes ?? PART_BYTES;
  return {
    get file() {
      return journal.name;
    },
    get recorded() {
      return recorded;
    },
    add(exchange, failure) {
      if (closed || (options.limit !== undefined && recorded >= options.limit)) return false;
      const line = Buffer.from(toJournalLine(failure === undefined ? exchange : { ...exchange, failure }));
      const { bytes } = journal.file;
      if (bytes > header.length && bytes + line.length > partBytes) {
        journal.file.close();
        part += 1;
        journal = openJournal(journalName(stem, part), header);
      }
      journal.file.append(line);
      recorded++;
      return true;
    },
    close() {
      closed = true;
      journal.file.close();
    },
  };
}

function journalName(stem: string, part: number): string {
  // Zero-padded after the first, so the parts list in the order they were written.
  return `${stem}${part === 1 ? "" : `_part${String(part).padStart(3, "0")}`}${TRAFFIC_JOURNAL_SUFFIX}`;
}

/** The journal a new run continues: the last of `<host>.traffic.ndjson`, `<host>_part002…`, … there is. */
function lastPart(stem: string): number {
  let part = 1;
  while (existsSync(resolve(journalName(stem, part + 1)))) part++;
  return part;
}

interface OpenJournal {
  name: string;
  file: LineAppender;
}

/** Opens a journal to append to: a new one starts with its header, one cut mid-line loses that line. */
function openJournal(name: string, header: string): OpenJournal {
  return { name, file: openLineAppender(resolve(name), header) };
}
