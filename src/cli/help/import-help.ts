import type { CommandInfo } from "../cli-io.js";

/** `tooldeck import`: its name, summary and --help text (static: `--help` loads nothing else). */
export const IMPORT_INFO: CommandInfo = {
  name: "import",
  summary: "turn a HAR capture into a scenario that replays it",
  help: `Usage: tooldeck import har FILE… [options]

Turn a HAR capture (browser dev tools, Playwright's recordHar, mitmproxy, Charles) into a scenario that
replays its API calls offline (docs/traffic.md): a request tool per operation inferred from the calls,
the calls as the scenario's scripted model, the capture's answers as what its emulator answers with,
and a cassette recorded from them. Secrets are masked as cassettes mask them; the message and the answer
are placeholders to write.

Arguments:
  FILE                HAR files (their API calls: xhr and fetch, JSON and text; pages, scripts, styles,
                      images and fonts are left out), traffic files or cassettes

Options:
  --out DIR           where the scenario goes (default scenarios/): DIR/NAME.yaml, DIR/traffic/NAME.tools.json,
                      DIR/traffic/NAME.traffic.json and DIR/cassettes/NAME.standard.cassette.json
  --name NAME         the scenario's name (default the first file's, without its extension)
  --force             replace the scenario, tools and traffic files when they exist (default: refuse,
                      writing nothing: you may have edited them)
  --root DIR          also read files from DIR (repeatable)
  -h, --help          show this help

Exit codes: 0 imported and replaying green, 1 imported but its replay differs, 2 usage or load error.`,
};
