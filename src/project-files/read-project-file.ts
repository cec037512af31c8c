import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { fsErrorText } from "./fs-error-text.js";
import { isInsideRoots, realRoots } from "./project-root.js";

/** The largest file tooldeck reads: GitHub's whole REST description is 13 MB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

const CHUNK_BYTES = 1024 * 1024;

/** Why a file was not read; the message is a short reason, never the file's content. */
export class ProjectFileError extends Error {
  override readonly name = "ProjectFileError";
}

export interface ReadProjectFileOptions {
  /** When given, the file's real path (symlinks followed) must be inside one of these folders. */
  roots?: readonly string[];
}

/**
 * Reads a text file that a config, spec or scenario named, as hostile input (docs/security.md): inside
 * the roots once symlinks are followed, a regular file (no device, FIFO or /proc pseudo-file outside the
 * project), at most 50 MB counted while reading (a size of 0 in `stat` proves nothing). Throws a
 * `ProjectFileError` saying why not.
 */
export function readProjectFile(path: string, options: ReadProjectFileOptions = {}): string {
  const real = realPathOf(path);
  if (options.roots) {
    const roots = realRoots(options.roots);
    if (!isInsideRoots(real, roots)) {
      throw new ProjectFileError(`is outside the project (${roots.join(", ")}); widen it with --root`);
    }
  }
  return readRegularFile(real);
}

function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch (cause) {
    throw cannotRead(cause);
  }
}

function cannotRead(cause: unknown): ProjectFileError {
  const code = (cause as NodeJS.ErrnoException).code;
  return new ProjectFileError(`cannot read file: ${fsErrorText(code) ?? code ?? "unknown error"}`, { cause });
}

function readRegularFile(real: string): string {
  let fd: number;
  try {
    // Judged before opening: opening a FIFO waits for a writer, forever.
    if (!statSync(real).isFile()) throw new ProjectFileError("is not a regular file");
    // O_NONBLOCK: should the path become a FIFO after the check, the open still returns at once.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    if (cause instanceof ProjectFileError) throw cause;
    throw cannotRead(cause);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new ProjectFileError("is not a regular file");
    return readWithin(fd, stat.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads into one buffer of the size `stat` gave, with a byte to spare to see a file that grew: chunks
 * and a concat would hold the text twice as external memory, and V8 then collects sooner during the
 * `JSON.parse` that follows (~15 ms on GitHub's 13 MB description). The limit is counted as bytes
 * arrive, since a size from `stat` proves nothing.
 */
function readWithin(fd: number, statSize: number): string {
  let buffer: Buffer = Buffer.allocUnsafe(Math.min(statSize, MAX_FILE_BYTES) + 1);
  let total = 0;
  for (;;) {
    if (total === buffer.length) buffer = grown(buffer, total);
    const read = readSync(fd, buffer, total, buffer.length - total, null);
    if (read === 0) break;
    total += read;
    if (total > MAX_FILE_BYTES) throw new ProjectFileError("is larger than 50 MB");
  }
  return buffer.toString("utf8", 0, total);
}

/** A larger buffer holding the `used` bytes of `buffer`: never past one byte over the limit. */
function grown(buffer: Buffer, used: number): Buffer {
  const larger = Buffer.allocUnsafe(Math.min(Math.max(buffer.length * 2, CHUNK_BYTES), MAX_FILE_BYTES + 1));
  buffer.copy(larger, 0, 0, used);
  return larger;
}
