import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { ToolDeckError } from "../../errors.js";
import { loadJsonFile } from "../../json/load-json-file.js";
import { packagePath } from "../../package/package-root.js";
import { confineNamedPath } from "../../project-files/named-path.js";
import type { ChatflowSeed } from "./chatflows/chatflow-seed.js";
import { chatflowSeedFromExport, FlowExportSchema } from "./chatflows/flow-export.js";
import {
  type DocumentStoreSeed,
  DocumentStoreSeedSchema,
} from "./document-store/model/document-store-seed.js";

/** What the emulator starts with and returns to on `reset()`. */
export interface FlowiseSeed {
  chatflows: readonly ChatflowSeed[];
  /** Document stores, really upserted when the emulator starts; default none. */
  documentStores?: readonly DocumentStoreSeed[];
}

/** tooldeck's own seed folder: `seeds/flowise/`. */
export const DEFAULT_FLOWISE_SEED_DIR = packagePath("seeds", "flowise");

/** Options of `loadFlowiseSeed`. */
export interface LoadFlowiseSeedOptions {
  /**
   * Folders every seed file must be inside, symlinks followed (docs/security.md); `serve --seed` passes
   * the project and the seed folder. Default anywhere.
   */
  roots?: readonly string[];
}

/**
 * The emulator's preloaded data from a seed folder: `chatflows/<name>.json`, each a Flowise flow
 * export whose file name (without `.json`) is the chatflow's name, and `document-stores/<name>.json`
 * (optional), each a document store seed upserted at start. Files load in name order; any
 * unreadable or invalid file is one `load` error naming it and the JSON path.
 * @example
 * const flowise = createFlowiseEmulator({ seed: loadFlowiseSeed("seeds/flowise") });
 */
export function loadFlowiseSeed(
  dir = DEFAULT_FLOWISE_SEED_DIR,
  options: LoadFlowiseSeedOptions = {},
): FlowiseSeed {
  const read = options.roots ? { roots: options.roots } : {};
  const chatflowDir = join(dir, "chatflows");
  const files = listJsonFiles(chatflowDir, options.roots);
  const chatflows = files.map((file) =>
    chatflowSeedFromExport(
      basename(file, ".json"),
      loadJsonFile(join(chatflowDir, file), FlowExportSchema, read),
    ),
  );
  const storeDir = join(dir, "document-stores");
  const documentStores = existsSync(storeDir)
    ? listJsonFiles(storeDir, options.roots).map((file) =>
        loadJsonFile(join(storeDir, file), DocumentStoreSeedSchema, read),
      )
    : [];
  return { chatflows, documentStores };
}

/** The folder's .json files; with roots, a folder that is a symlink out of them is not even listed. */
function listJsonFiles(dir: string, roots: readonly string[] | undefined): string[] {
  if (roots) confineNamedPath(dir, roots);
  try {
    return readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort();
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    throw new ToolDeckError("load", `${dir}: cannot read seed folder (${code})`, { cause });
  }
}
