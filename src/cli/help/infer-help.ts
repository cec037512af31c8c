import type { CommandInfo } from "../cli-io.js";

/** `tooldeck infer`: its name, summary and --help text (static: `--help` loads nothing else). */
export const INFER_INFO: CommandInfo = {
  name: "infer",
  summary: "infer an OpenAPI description from recorded traffic",
  help: `Usage: tooldeck infer [paths…] [options]

Infer an OpenAPI 3.1 description of one host from its recorded exchanges: paths generalised into
templates (ids, numbers, UUIDs and recurring values become {param}s), methods, query parameters with
their types, request and response bodies as JSON Schemas merged over every example (required = present
in all), the statuses seen, and the host as its server (docs/traffic.md).

Arguments:
  paths               HAR captures (.har), traffic journals (.traffic.ndjson, from tooldeck proxy
                      --record), traffic files (.traffic.json, from tooldeck import har and earlier
                      proxies), scenario cassettes (.cassette.json), or folders of them (default
                      scenarios/)

Options:
  --out FILE          write the description to FILE (.yaml, .yml or .json; default: YAML on stdout);
                      a FILE that exists is refused unless --force
  --force             replace --out's FILE when it exists
  --host ORIGIN       the host to describe (https://api.example.com; default the one with the most
                      exchanges, the others are named on stderr)
  --root DIR          also read files from DIR (repeatable; default: this repository and the folders of
                      the paths given)
  -h, --help          show this help

Then: tooldeck check --spec FILE lints and probes tools against it; tooldeck serve --spec FILE emulates it.
Exit codes: 0 written, 2 usage error, unreadable file or no exchange to infer from.`,
};
