import { randomBytes } from "node:crypto";
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Where a write in progress lies: beside the file (a rename across file systems is no rename), hidden
 * and with an extension no loader reads (folder walks skip dotfiles and read only .json/.yaml/.yml),
 * named after the file and the writing process so that a later write knows a dead writer's leftovers.
 */
const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** Whether a process of this id runs (EPERM: it does, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the temporary files of earlier writes of `path` whose writer died (killed mid-write). */
function removeDeadWritersTemps(path: string): void {
  const name = basename(path);
  for (const entry of readdirSync(dirname(path))) {
    const match = TEMP_NAME.exec(entry);
    if (match?.[1] === name && !isRunning(Number(match[2])))
      rmSync(join(dirname(path), entry), { force: true });
  }
}

/** The permission bits a new file gets: the existing regular file's, so a rewrite keeps them. */
function modeToKeep(path: string): number | undefined {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  return stats?.isFile() ? stats.mode & 0o7777 : undefined;
}

/**
 * Writes `text` to `path` so that the file is at every moment either its old content or the complete
 * new one, even if the process is killed mid-write: the text goes to a temporary file in the same folder,
 * is flushed to disk, and is renamed into place. The rename replaces the directory entry, so a symlink
 * in the file's place is replaced, never written through; a regular file keeps its permissions. Leftover
 * temporary files of writers that died are removed first.
 * @example
 * writeFileAtomically("scenarios/cassettes/refund.json", `${JSON.stringify(cassette, null, 2)}\n`);
 */
export function writeFileAtomically(path: string, text: string): void {
  removeDeadWritersTemps(path);
  const mode = modeToKeep(path);
  const temp = tempPathFor(path);
  // wx: created here, never opened through something planted under its name.
  const file = openSync(temp, "wx", 0o644);
  try {
    try {
      if (mode !== undefined) fchmodSync(file, mode);
      writeFileSync(file, text);
      fsyncSync(file);
    } finally {
      closeSync(file);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
