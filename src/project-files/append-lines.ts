import { closeSync, existsSync, fstatSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";

/** A file opened to have whole lines appended to it: its size, and how to add a line and close it. */
export interface LineAppender {
  /** Bytes in the file now. */
  readonly bytes: number;
  /** Appends one line (its newline included) in one write, at once. */
  append(line: Buffer): void;
  close(): void;
}

/**
 * The one other writer beside writeFileAtomically: a journal (`proxy --record`) grows a line at a time,
 * at a constant cost each, where rewriting it whole grew with its size (issue 41). A line is written in
 * one call; one cut short by a killed process is cut off here when the file is opened again, and left
 * out by its readers meanwhile. `first` is written when the file is new or empty.
 */
export function openLineAppender(path: string, first: string): LineAppender {
  cutToLastLine(path);
  const fd = openSync(path, "a");
  let bytes = fstatSync(fd).size;
  if (bytes === 0) bytes += writeSync(fd, first);
  let open = true;
  return {
    get bytes() {
      return bytes;
    },
    append(line) {
      bytes += writeSync(fd, line);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** A file whose last append was cut short ends at its last whole line. */
function cutToLastLine(path: string): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path);
  if (text.length === 0 || text[text.length - 1] === 0x0a) return;
  truncateSync(path, text.lastIndexOf(0x0a) + 1);
}
