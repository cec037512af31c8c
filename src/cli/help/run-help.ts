import { type CommandInfo, watches } from "../cli-io.js";
import { ALLOW_CODE_HELP, PROJECT_FLAGS_HELP, SANDBOX_WORKERS_HELP } from "./flag-help.js";

/** `tooldeck run`: its name, summary and --help text (static: `--help` loads nothing else). */
export const RUN_INFO: CommandInfo = {
  name: "run",
  endsOnSignal: watches,
  summary: "run regression scenarios and replay their cassettes",
  help: `Usage: tooldeck run [files…] [options]

Run regression scenarios against the embedded emulator. A scenario with a cassette is replayed through the
current configs and runtime (no model) and every difference is shown as a diff; one without a cassette
runs its model (scripted, or provider:model) and records one if it passes, except in CI: there it fails.
A cassette is stale when what produced it changed: the messages, the model, the expectations, the vars,
or the config of a tool it calls (a tool it never calls may change).

Arguments:
  files               scenario files (.yaml, .yml, .json), folders of .yaml/.yml files (node_modules and
                      hidden folders skipped) or quoted patterns ('scenarios/**/*.yaml') (default scenarios/)

Options:
  --update            run the models again and re-record every cassette
  --record-failing    record a first run's cassette even when the scenario fails (default: not written)
  --allow-empty       finding no scenario is no error (default: exit 2, 'no scenarios found in <paths>')
  --ci                never record: a missing cassette fails the scenario (the default when $CI is set)
  --format F          text (default), json, junit or html (one self-contained page: each scenario's calls
                      as a timeline, a changed call's diff side by side; filters and search work offline)
  --spec FILE         report recorded calls that no longer fit this OpenAPI description (drift);
                      default the description found in tools/, if any
  --shard I/N         run the I-th of N parts of the suite (split by scenario file, the same on every
                      machine); 'tooldeck merge-reports' joins the parts' json or junit reports
  --watch             run again whenever a scenario, its cassette, a tool config or the spec changes:
                      only the scenarios the change touches (the screen cleared on a terminal); Ctrl+C
                      ends it with exit code 0
  --jobs N            run N scenario files at once, on worker threads (default: the CPU count); the
                      report is the same whatever N
${ALLOW_CODE_HELP}
${SANDBOX_WORKERS_HELP}
${PROJECT_FLAGS_HELP}
  -h, --help          show this help

Prints one line per scenario and ends with "N passed, M failed".
Exit codes: 0 all passed, 1 a scenario failed, 2 usage error or a scenario file that cannot be loaded.`,
};
