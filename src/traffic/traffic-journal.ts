import { z } from "zod";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { type Exchange, ExchangeSchema } from "./exchange.js";

/** How a traffic journal ends: what `tooldeck proxy --record` appends to, one exchange a line. */
export const TRAFFIC_JOURNAL_SUFFIX = ".traffic.ndjson";

/** The journal's first line: what it holds and where that came from (`tooldeck proxy to https://…`). */
export const TrafficJournalHeaderSchema = z.object({
  version: z.literal(1),
  kind: z.literal("traffic"),
  source: z.string(),
});
export type TrafficJournalHeader = z.infer<typeof TrafficJournalHeaderSchema>;

/**
 * Every other line: one exchange, masked; `failure` says why the target's answer never came whole (a
 * reset, `--upstream-timeout`), the answer then being the proxy's own 502 or 504.
 */
export const JournalEntrySchema = ExchangeSchema.extend({ failure: z.string().optional() });
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** One journal line (newline included) of a header or an entry. */
export function toJournalLine(value: TrafficJournalHeader | JournalEntry): string {
  return `${JSON.stringify(value)}\n`;
}

/** What a journal holds: the exchanges that were answered, and how many failed (left out). */
export interface JournalTraffic {
  exchanges: Exchange[];
  failed: number;
}

/**
 * Reads a traffic journal (NDJSON: a header line, then an exchange a line). A last line without its
 * newline is an append cut short (the process was killed mid-write): left out. Any other bad line is a
 * `load` error naming the file and the line.
 */
export function parseTrafficJournal(text: string, file: string): JournalTraffic {
  const lines = text.split("\n");
  // Ends with "\n" when whole: the last piece is empty, or an append cut short.
  lines.pop();
  const [head, ...entries] = lines;
  readLine(head ?? "", 1, file, TrafficJournalHeaderSchema);
  const read: JournalTraffic = { exchanges: [], failed: 0 };
  for (const [index, line] of entries.entries()) {
    if (line.trim() === "") continue;
    const { failure, ...exchange } = readLine(line, index + 2, file, JournalEntrySchema);
    if (failure === undefined) read.exchanges.push(exchange);
    else read.failed++;
  }
  return read;
}

function readLine<T>(line: string, number: number, file: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = parseBounded(line, "json");
  } catch (cause) {
    throw new ToolDeckError("load", `${file}: line ${number}: ${(cause as Error).message}`, { cause });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const what = number === 1 ? "not a traffic journal" : "not an exchange";
  throw new ToolDeckError("load", `${file}: line ${number}: ${issue ? formatZodIssue(issue) : what}`);
}
