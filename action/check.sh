#!/usr/bin/env bash
# The check step of tooldeck's GitHub Action (action.yml): installs the published tooldeck outside the
# workspace and runs `tooldeck check` from there, in the checkout. The inputs arrive as INPUT_*
# environment variables, never spliced into this script: a path named `"; curl …` stays a value.
#
# Why the install: the checkout is the pull request's. `npx tooldeck` there runs its
# node_modules/.bin/tooldeck, the "bin" of its package.json or a committed node_modules/tooldeck, and npm
# run there reads its .npmrc (a registry of the PR's choosing). So npm runs in a folder of the runner's,
# into a prefix of the runner's, and tooldeck is started by that prefix's path.
set -u

fail() {
  printf '::error title=tooldeck::%s\n' "$1" >&2
  exit 2
}

# A version, a range or a dist-tag of the registry's tooldeck; no `file:`, git or URL spec.
if [[ ! "$INPUT_VERSION" =~ ^[~^]?[0-9A-Za-z][0-9A-Za-z.+-]*$ ]]; then
  fail "the version input must be a tooldeck version or dist-tag of the registry (like 0.1.0 or latest)"
fi
# The report's file name and the step's output line are made of it.
if [[ ! "$INPUT_FORMAT" =~ ^[a-z]+$ ]]; then
  fail "the format input must be one of sarif, stylish, json, junit or github"
fi

temp="${RUNNER_TEMP:-$(mktemp -d)}"
prefix="$temp/tooldeck-bin"
mkdir -p "$prefix" || fail "cannot make $prefix"
(cd "$prefix" && npm install --prefix "$prefix" --ignore-scripts --no-audit --no-fund \
  "tooldeck@$INPUT_VERSION" >&2) ||
  fail "npm could not install tooldeck@$INPUT_VERSION into $prefix"
tooldeck="$prefix/node_modules/.bin/tooldeck"
[ -x "$tooldeck" ] || fail "tooldeck@$INPUT_VERSION installed no $tooldeck"

read -r -a paths <<< "$INPUT_PATHS"
args=(check "${paths[@]}" --format "$INPUT_FORMAT" --fail-on "$INPUT_FAIL_ON")
if [ -n "$INPUT_SPEC" ]; then args+=(--spec "$INPUT_SPEC"); fi
if [ -n "$INPUT_PROFILE" ]; then args+=(--profile "$INPUT_PROFILE"); fi
if [ -n "$INPUT_CONFIG" ]; then args+=(--config "$INPUT_CONFIG"); fi
if [ -n "$INPUT_BASELINE" ]; then args+=(--baseline "$INPUT_BASELINE"); fi

report="$temp/tooldeck.$INPUT_FORMAT"
echo "report=$report" >> "${GITHUB_OUTPUT:-/dev/null}"
status=0
"$tooldeck" "${args[@]}" > "$report" || status=$?
if [ "$INPUT_FORMAT" != sarif ]; then cat "$report"; fi
echo "status=$status" >> "${GITHUB_OUTPUT:-/dev/null}"
