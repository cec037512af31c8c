import type { CommandInfo } from "../cli-io.js";

/** `tooldeck init`: its name, summary and --help text (static: `--help` loads nothing else). */
export const INIT_INFO: CommandInfo = {
  name: "init",
  summary: "set tooldeck up in a repository: settings, a first scenario, a GitHub Actions workflow",
  help: `Usage: tooldeck init [folder] [options]

Look at a repository (default: here) for tool configs, Flowise exports and OpenAPI descriptions, and
write tooldeck's files for it, printing each:
  tooldeck.config.yaml             settings: a preset (tooldeck:flowise when only Flowise exports were
                                   found, else tooldeck:recommended), rules, overrides
  scenarios/first-call.yaml        a scripted agent calling one of the tools (a GET when there is one)
  .github/workflows/tooldeck.yml   check on every pull request, its SARIF uploaded to code scanning
                                   (github/codeql-action/upload-sarif), then run --ci; it runs
                                   the published tooldeck of this version, installed in $RUNNER_TEMP,
                                   never one the checkout's node_modules or package.json names

A file that exists is kept (said so). A folder to write in that is a symlink out of the repository
(.github, scenarios) is refused, and nothing is written.

It asks nothing in CI (the CI variable set) or when stdin is not a terminal; on a terminal it shows
what it would write and asks once.

Options:
  --force             rewrite files that exist (by default they are left as they are, and said so)
  --yes               ask nothing, on a terminal too
  -h, --help          show this help

Exit codes: 0 done (or nothing to do), 2 usage error or a refused folder or name.`,
};
