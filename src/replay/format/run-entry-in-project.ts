import { projectRelativePath, withoutProjectRoot } from "../../project-files/project-relative-path.js";
import type { RunEntry } from "./run-report.js";

/**
 * A run report's entry with its scenario file and cassette named relative to the project's root
 * (`projectRelativePath`), and the root's absolute path taken out of its failure, diff and drift lines,
 * so text, json, junit and html show no checkout's path. The calls are left as they were recorded.
 * @example
 * runEntryInProject(entry, projectRoot()).result?.cassette; // "scenarios/cassettes/list-events.standard.cassette.json"
 */
export function runEntryInProject(entry: RunEntry, root: string, cwd: string = process.cwd()): RunEntry {
  const file = (name: string) => projectRelativePath(name, root, cwd);
  const lines = (list: readonly string[]) => list.map((line) => withoutProjectRoot(line, root));
  const { result } = entry;
  return {
    ...entry,
    file: file(entry.file),
    lines: lines(entry.lines),
    ...(entry.drift ? { drift: lines(entry.drift) } : {}),
    ...(result
      ? {
          result: {
            ...result,
            ...(result.file === undefined ? {} : { file: file(result.file) }),
            ...(result.cassette === undefined ? {} : { cassette: file(result.cassette) }),
            failures: lines(result.failures),
            diff: lines(result.diff),
            drift: lines(result.drift),
          },
        }
      : {}),
  };
}
