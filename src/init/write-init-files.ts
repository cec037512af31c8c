import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import type { InitFile } from "./init-files.js";

/** What happened to each file: written, or left as it was because it exists. */
export interface InitOutcome {
  file: InitFile;
  written: boolean;
}

/**
 * Writes the files under `dir` (folders made as needed), each atomically; a file that exists is left
 * as it is unless `force`.
 */
export function writeInitFiles(dir: string, files: readonly InitFile[], force: boolean): InitOutcome[] {
  return files.map((file) => {
    const path = join(dir, file.path);
    if (existsSync(path) && !force) return { file, written: false };
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomically(path, file.text);
    return { file, written: true };
  });
}
