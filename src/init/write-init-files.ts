import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { ToolDeckError } from "../errors.js";
import { linkOutOfProject } from "../project-files/named-path.js";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import type { InitFile } from "./init-files.js";

/** What happened to each file: written, or left as it was because it exists. */
export interface InitOutcome {
  file: InitFile;
  written: boolean;
}

/**
 * Refuses files whose folder leaves `dir` through a symlink: a cloned repository can make `.github` or
 * `scenarios` a link to any folder of the machine, and `init` would make folders and write files there.
 * The file itself may be a symlink: the atomic write replaces it, never writes through it.
 */
export function confineInitFiles(dir: string, files: readonly InitFile[]): void {
  for (const file of files) {
    const outside = linkOutOfProject(dirname(file.path), [dir], dir);
    if (outside)
      throw new ToolDeckError(
        "load",
        `${outside.link} is a symlink to ${outside.target} outside ${dir}; init writes only inside the folder it sets up`,
      );
  }
}

/**
 * Writes the files under `dir` (folders made as needed), each atomically; a file that exists is left
 * as it is unless `force`. Nothing is written when a file's folder leaves `dir` through a symlink.
 */
export function writeInitFiles(dir: string, files: readonly InitFile[], force: boolean): InitOutcome[] {
  confineInitFiles(dir, files);
  return files.map((file) => {
    const path = join(dir, file.path);
    if (existsSync(path) && !force) return { file, written: false };
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomically(path, file.text);
    return { file, written: true };
  });
}
