import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { listConfigFiles } from "../../config/list-config-files.js";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { parseBounded } from "../../project-files/parse-bounded.js";
import { realRoots } from "../../project-files/project-root.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { CassetteSchema } from "../../replay/cassette.js";
import { loadScenarios } from "../../replay/load-scenarios.js";
import type { ContractCassette } from "./verify-cassettes.js";

const CASSETTE_ENDING = ".cassette.json";

/** The cassettes found, and a line for each scenario that has none yet. */
export interface LoadedContracts {
  cassettes: ContractCassette[];
  unrecorded: string[];
}

/**
 * The cassettes to verify: cassette files, the cassettes of scenario files (with the scenario's
 * `providerState`, which a cassette recorded before it was written lacks), and every cassette under a
 * folder. Read inside `roots` only, symlinks followed (docs/security.md); a bad cassette is one `load`
 * error naming it and the JSON path.
 */
export function loadContractCassettes(paths: readonly string[], roots: readonly string[]): LoadedContracts {
  const real = realRoots(roots);
  const loaded: LoadedContracts = { cassettes: [], unrecorded: [] };
  for (const path of paths) {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
      for (const file of listConfigFiles(path, process.cwd(), { endings: [CASSETTE_ENDING], roots: real }))
        loaded.cassettes.push(readContractCassette(file, real));
    } else if (path.endsWith(CASSETTE_ENDING)) loaded.cassettes.push(readContractCassette(path, real));
    else addScenario(loaded, path, real);
  }
  return loaded;
}

function addScenario(loaded: LoadedContracts, file: string, roots: readonly string[]): void {
  for (const scenario of loadScenarios(file, { roots })) {
    if (!scenario.cassette || !existsSync(scenario.cassette)) {
      loaded.unrecorded.push(
        `${file} (${scenario.profile}): no cassette yet (record it with tooldeck run --update)`,
      );
      continue;
    }
    const read = readContractCassette(scenario.cassette, roots);
    if (scenario.providerStates) read.cassette.providerStates = [...scenario.providerStates];
    loaded.cassettes.push(read);
  }
}

function readContractCassette(file: string, roots: readonly string[]): ContractCassette {
  let value: unknown;
  try {
    value = parseBounded(readProjectFile(resolve(file), { roots }), "json");
  } catch (cause) {
    throw new ToolDeckError("load", `${file}: ${(cause as Error).message}`, { cause });
  }
  const parsed = CassetteSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolDeckError("load", `${file}: ${issue ? formatZodIssue(issue) : "not a cassette"}`);
  }
  return { file, cassette: parsed.data };
}
