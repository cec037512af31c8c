import type { CommandInfo } from "../cli-io.js";
import { PROJECT_FLAGS_HELP } from "./flag-help.js";

/** `tooldeck merge-reports`: its name, summary and --help text (static: `--help` loads nothing else). */
export const MERGE_REPORTS_INFO: CommandInfo = {
  name: "merge-reports",
  summary: "join the run reports of shards (run --shard i/n) into one",
  help: `Usage: tooldeck merge-reports <reports…> [options]

Join the reports of 'tooldeck run --shard i/n' (one per CI machine) into the report of the whole suite,
its scenarios ordered by file. JSON reports (run --format json) carry every call: merged, they can be
written as json, junit, html or text. JUnit reports (run --format junit) are merged as junit.

Arguments:
  reports             report files of run --format json, or all of run --format junit

Options:
  --format F          json (default for JSON reports), junit (default for JUnit reports), html or text
${PROJECT_FLAGS_HELP}
  -h, --help          show this help

Prints the merged report, and "N passed, M failed" on stderr (text: last on stdout).
Exit codes: 0 every scenario passed, 1 one failed, 2 a usage error or a report that cannot be read.`,
};
