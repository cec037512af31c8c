import { STDIN_FILE } from "../config/load-tool-configs.js";
import { readProjectFile } from "../project-files/read-project-file.js";

/**
 * How a report reads the files its findings name (to place them at line:column): only inside the
 * project's roots, as the loaders read. A finding may name a file nobody may read — a `$ref` target
 * that was refused — and the report must not read it either.
 */
export function reportedFileReader(roots: readonly string[]): (file: string) => string | undefined {
  return (file) => {
    if (file === STDIN_FILE || file.startsWith("flowise:")) return undefined;
    try {
      return readProjectFile(file, { roots });
    } catch {
      return undefined;
    }
  };
}
