import { statSync } from "node:fs";
import { resolve } from "node:path";
import { listConfigFiles } from "../config/list-config-files.js";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { isPlainObject } from "../json/json-value.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { realRoots } from "../project-files/project-root.js";
import { readProjectFile } from "../project-files/read-project-file.js";
import { type Cassette, CassetteSchema } from "../replay/cassette.js";
import type { Exchange } from "./exchange.js";
import { maskExchange } from "./mask-exchange.js";
import { readHar } from "./read-har.js";
import { TRAFFIC_FILE_SUFFIX, TrafficFileSchema } from "./traffic-file.js";
import { parseTrafficJournal, TRAFFIC_JOURNAL_SUFFIX } from "./traffic-journal.js";

/** The files a folder of recorded traffic is read for. */
export const TRAFFIC_ENDINGS = [
  ".har",
  TRAFFIC_FILE_SUFFIX,
  TRAFFIC_JOURNAL_SUFFIX,
  ".cassette.json",
] as const;

export interface LoadTrafficOptions {
  /** Folders the files must be inside, symlinks followed (docs/security.md); default anywhere. */
  roots?: readonly string[];
  /** Relative paths are read from here; default the working directory. */
  cwd?: string;
}

/** Every exchange recorded in some files, and what was read and left out. */
export interface LoadedTraffic {
  exchanges: Exchange[];
  /** The files that held exchanges. */
  files: string[];
  /** Entries of HAR files left out, by reason. */
  skipped: Map<string, number>;
  /** Exchanges of traffic journals left out: their answer never came whole (a reset, a timeout). */
  failed: number;
  /** Files found in a folder that could not be read, one line each (`x.har: invalid JSON (…)`). */
  unreadable: string[];
}

/**
 * The exchanges recorded in HAR captures (`.har`), traffic files (`.traffic.json`, from `tooldeck import
 * har` and earlier proxies), traffic journals (`.traffic.ndjson`, from `tooldeck proxy --record`) and scenario cassettes (`.cassette.json`): each path a file or a folder searched for them
 * (hidden folders and node_modules skipped). Every exchange is masked (`maskExchange`), whatever masked
 * it before. A file named directly that cannot be read is a `load` error; one found in a folder is
 * listed in `unreadable` and the rest is read.
 * @example
 * const { exchanges } = loadTraffic(["scenarios/", "capture.har"]);
 */
export function loadTraffic(paths: readonly string[], options: LoadTrafficOptions = {}): LoadedTraffic {
  const cwd = options.cwd ?? process.cwd();
  const roots = options.roots ? realRoots(options.roots) : undefined;
  const loaded: LoadedTraffic = { exchanges: [], files: [], skipped: new Map(), failed: 0, unreadable: [] };
  for (const path of paths) {
    if (!statSync(resolve(cwd, path), { throwIfNoEntry: false })?.isDirectory()) {
      addFile(loaded, path, readTrafficExchanges(path, cwd, roots));
      continue;
    }
    const listing = { endings: TRAFFIC_ENDINGS, ...(roots ? { roots } : {}) };
    for (const file of listConfigFiles(path, cwd, listing)) {
      try {
        addFile(loaded, file, readTrafficExchanges(file, cwd, roots));
      } catch (error) {
        loaded.unreadable.push((error as Error).message);
      }
    }
  }
  return loaded;
}

function addFile(loaded: LoadedTraffic, file: string, read: FileTraffic): void {
  if (read.exchanges.length > 0) loaded.files.push(file);
  loaded.exchanges.push(...read.exchanges);
  loaded.failed += read.failed ?? 0;
  for (const [reason, count] of read.skipped)
    loaded.skipped.set(reason, (loaded.skipped.get(reason) ?? 0) + count);
}

interface FileTraffic {
  exchanges: Exchange[];
  skipped: Map<string, number>;
  failed?: number;
}

/** The exchanges of one file, whichever of the three kinds it is; a `load` error naming it otherwise. */
export function readTrafficExchanges(
  file: string,
  cwd: string,
  roots: readonly string[] | undefined,
): FileTraffic {
  let text: string;
  let value: unknown;
  try {
    text = readProjectFile(resolve(cwd, file), roots ? { roots } : {});
    value = file.endsWith(TRAFFIC_JOURNAL_SUFFIX) ? undefined : parseBounded(text, "json");
  } catch (cause) {
    throw new ToolDeckError("load", `${file}: ${(cause as Error).message}`, { cause });
  }
  if (file.endsWith(TRAFFIC_JOURNAL_SUFFIX)) return readJournal(text, file);
  if (isPlainObject(value) && "log" in value) return readHar(value, file);
  const kind = isPlainObject(value) && value.kind === "traffic" ? TrafficFileSchema : CassetteSchema;
  const parsed = kind.safeParse(value);
  if (!parsed.success) {
    const what = isPlainObject(value) && ("calls" in value || "exchanges" in value);
    const issue = parsed.error.issues[0];
    throw new ToolDeckError(
      "load",
      what && issue
        ? `${file}: ${formatZodIssue(issue)}`
        : `${file}: not a HAR capture, a traffic file or a cassette`,
    );
  }
  const exchanges = "exchanges" in parsed.data ? parsed.data.exchanges : cassetteExchanges(parsed.data.calls);
  return { exchanges: exchanges.map(maskExchange), skipped: new Map() };
}

/** A journal of `tooldeck proxy --record`, its exchanges masked again as every file's are. */
function readJournal(text: string, file: string): FileTraffic {
  const { exchanges, failed } = parseTrafficJournal(text, file);
  return { exchanges: exchanges.map(maskExchange), skipped: new Map(), failed };
}

/** A cassette's calls that reached a server, as exchanges named after their tools. */
function cassetteExchanges(calls: readonly Cassette["calls"][number][]): Exchange[] {
  return calls.flatMap(({ tool, request, response }) =>
    request && response ? [{ request, response, tool }] : [],
  );
}
