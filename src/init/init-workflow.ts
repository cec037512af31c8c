import type { InitFile } from "./init-files.js";

export interface WorkflowChoices {
  /** What `check` is given: paths, and `--spec FILE` when a description was found. */
  checkArgs: string[];
  /** Whether scenarios exist (or were written): the workflow then runs them with `run --ci`. */
  scenarios: boolean;
  /** The project has a package.json: tooldeck is installed with it (npm ci) rather than fetched by npx. */
  hasPackageJson: boolean;
  /** The tooldeck version npx fetches when the project does not install it. */
  version: string;
}

/**
 * `.github/workflows/tooldeck.yml`: `tooldeck check` on every pull request and push to main, its SARIF
 * uploaded to code scanning (github/codeql-action/upload-sarif, even when the check fails: that is
 * when it matters), then `tooldeck run --ci` (no cassette is recorded in CI: a missing one fails).
 */
export function workflowFile(choices: WorkflowChoices): InitFile {
  const tooldeck = choices.hasPackageJson ? "npx tooldeck" : `npx --yes tooldeck@${choices.version}`;
  const install = choices.hasPackageJson ? "      - run: npm ci\n" : "";
  const run = choices.scenarios
    ? `      - name: Run the scenarios
        run: ${tooldeck} run --ci
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
${install}      - name: Check the tools
        run: ${tooldeck} check ${choices.checkArgs.join(" ")} --format sarif > tooldeck.sarif
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
