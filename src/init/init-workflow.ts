import { ToolDeckError } from "../errors.js";
import { toLineText } from "../text/safe-text.js";
import { toShellWord } from "../text/shell-word.js";
import type { InitFile } from "./init-files.js";

export interface WorkflowChoices {
  /** What `check` is given: paths, and `--spec FILE` when a description was found. */
  checkArgs: string[];
  /** Whether scenarios exist (or were written): the workflow then runs them with `run --ci`. */
  scenarios: boolean;
  /** The tooldeck version the workflow installs: the one `init` runs as. */
  version: string;
}

/** Where the workflow installs tooldeck, and the program it runs: the runner's folder, not the checkout. */
const PREFIX = '"$RUNNER_TEMP/tooldeck"';
const TOOLDECK = '"$RUNNER_TEMP/tooldeck/node_modules/.bin/tooldeck"';

/**
 * Characters a `run:` line cannot hold as a value: a line break (or a control character) would end the
 * YAML block and start a step of the text's, and `${{` starts an expression GitHub Actions evaluates
 * before the shell sees the line (`${{ github.event.pull_request.title }}` is the pull request's).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_IN_RUN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\$\{\{/;

/** A path the workflow names, as one shell word; a path no quoting makes safe there is refused. */
function runLineWord(path: string): string {
  if (NOT_IN_RUN_LINE.test(path))
    throw new ToolDeckError(
      "unsupported",
      `cannot name ${toLineText(path)} in the workflow's run: line (a line break, control character or \${{ in it would be read as workflow text); rename it`,
    );
  return toShellWord(path);
}

/**
 * `.github/workflows/tooldeck.yml`: `tooldeck check` on every pull request and push to main, its SARIF
 * uploaded to code scanning (github/codeql-action/upload-sarif, even when the check fails: that is
 * when it matters), then `tooldeck run --ci` (no cassette is recorded in CI: a missing one fails).
 * tooldeck is the published one of `init`'s version, installed outside the checkout and run by its path:
 * `npx tooldeck` in the checkout would run a pull request's node_modules/.bin, package.json `bin` or
 * committed node_modules/tooldeck, and npm there would read its .npmrc. Paths are quoted shell words.
 */
export function workflowFile(choices: WorkflowChoices): InitFile {
  const checkArgs = choices.checkArgs.map(runLineWord).join(" ");
  const run = choices.scenarios
    ? `      - name: Run the scenarios
        run: |
          ${TOOLDECK} run --ci
`
    : "";
  const text = `name: tooldeck
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
  security-events: write
jobs:
  tooldeck:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      # The published tooldeck, installed outside the checkout and run by its path: a pull request's
      # node_modules, package.json "bin" or .npmrc cannot put another program in its place.
      - name: Install tooldeck
        run: |
          cd "$RUNNER_TEMP"
          npm install --prefix ${PREFIX} --ignore-scripts --no-audit --no-fund tooldeck@${choices.version}
      - name: Check the tools
        run: |
          ${TOOLDECK} check ${checkArgs} --format sarif > tooldeck.sarif
      - name: Upload the findings to code scanning
        if: \${{ !cancelled() }}
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: tooldeck.sarif
          category: tooldeck
${run}`;
  return {
    path: ".github/workflows/tooldeck.yml",
    text,
    what: `CI: check${choices.scenarios ? " and run --ci" : ""}, SARIF to code scanning`,
  };
}
