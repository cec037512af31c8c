import { readConfigFile } from "../../config/read-config-file.js";
import { ToolDeckError } from "../../errors.js";
import { loadSpec } from "../../openapi/load-spec.js";
import type { SpecReadOptions } from "../../openapi/spec-read-options.js";
import { createSpecEmulator, type SpecEmulator } from "./spec-emulator.js";
import type { SeedData } from "./spec-seed.js";

/**
 * A spec emulator from files: the description (YAML or JSON, `$ref`s as `loadSpec` reads them) and an
 * optional seed file, JSON or YAML `{ "<collection path>": [items] }`; `log` as `createSpecEmulator`'s. With `roots`, the seed file must
 * be inside them (docs/security.md). A bad file is one `load` error naming it.
 * @example
 * const emulator = await loadSpecEmulator("petstore.yaml", { seed: "seed.json" });
 */
export async function loadSpecEmulator(
  spec: string,
  options: SpecReadOptions & {
    seed?: string | undefined;
    fillEmpty?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<SpecEmulator> {
  const { seed, fillEmpty, log, ...read } = options;
  const loaded = await loadSpec(spec, read);
  return createSpecEmulator(loaded, {
    ...(seed === undefined ? {} : { seed: readSeed(seed, read.roots), seedLabel: seed }),
    ...(fillEmpty ? { fillEmpty } : {}),
    ...(log ? { log } : {}),
  });
}

function readSeed(path: string, roots: readonly string[] | undefined): SeedData {
  const content = readConfigFile(path, roots ? { roots } : {});
  if (!content.ok) throw new ToolDeckError("load", `${path}: ${content.message}`);
  const value = content.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ToolDeckError(
      "load",
      `${path}: expected an object of collection paths, such as { "/pets": [] }`,
    );
  }
  return value as SeedData;
}
