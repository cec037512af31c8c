import { resolve, sep } from "node:path";
import { loadScenarios } from "../../replay/load-scenarios.js";

/** A scenario file and every file or folder its scenarios read (absolute paths). */
export interface ScenarioDependencies {
  file: string;
  /** The file itself, its tools (files or folders), its emulator's spec and seed, its cassettes. */
  reads: string[];
}

/**
 * What each scenario file reads, as `run --watch` needs it to rerun only what a change touches. A file
 * that cannot be loaded reads only itself (its error is the run's to report).
 */
export function scenarioDependencies(
  files: readonly string[],
  roots: readonly string[],
): ScenarioDependencies[] {
  return files.map((file) => {
    const reads = [resolve(file)];
    try {
      for (const scenario of loadScenarios(file, { roots })) {
        reads.push(...scenario.tools.filter((tools) => typeof tools === "string"));
        if (scenario.emulator) reads.push(...Object.values(scenario.emulator));
        if (scenario.cassette) reads.push(scenario.cassette);
      }
    } catch {
      // Reported by the run itself.
    }
    return { file, reads: [...new Set(reads)] };
  });
}

/**
 * The scenario files a change touches: those that read a changed file, or a folder holding it. Undefined
 * when some change is read by no scenario (the drift check's description, a file a scenario's tool
 * reads through its config): then no one knows what it touches, and every file runs.
 */
export function touchedScenarioFiles(
  changed: readonly string[],
  dependencies: readonly ScenarioDependencies[],
): string[] | undefined {
  const touched = new Set<string>();
  for (const path of changed) {
    const readers = dependencies.filter(({ reads }) =>
      reads.some((read) => path === read || path.startsWith(`${read}${sep}`)),
    );
    if (readers.length === 0) return undefined;
    for (const { file } of readers) touched.add(file);
  }
  return dependencies.map(({ file }) => file).filter((file) => touched.has(file));
}
