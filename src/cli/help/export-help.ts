import type { CommandInfo } from "../cli-io.js";

/** `tooldeck export`: its name, summary and --help text (static: `--help` loads nothing else). */
export const EXPORT_INFO: CommandInfo = {
  name: "export",
  summary: "export the cassettes' recorded calls as Pact contracts",
  help: `Usage: tooldeck export pact [scenarios|cassettes|folders…] [options]

Writes the recorded calls of the cassettes as Pact v4 contracts (docs/contracts.md), one file per
consumer and provider (<consumer>-<provider>.json), for Pact's own verifier or a Pact broker: one
synchronous HTTP interaction per recorded call, in recorded order, with the scenario's provider states;
the request as the tool sent it (headers the recording redacted left out); the answer held to what the
agent relied on: its status class (a statusCode matcher) and its body's shape (type matchers on every
field, any number of items in a list), never its values.

Arguments:
  scenarios|cassettes  scenario files (their cassettes), .cassette.json files, or folders of cassettes
                       (default scenarios/)

Options:
  --out DIR            where to write the pacts (default pacts/)
  --consumer NAME      the consumer of every pact (default: each scenario's name)
  --provider NAME      the provider of every pact (default: each call's host, one pact per host)
  --force              replace a file in DIR that tooldeck did not write (its own pacts are replaced)
  --root DIR           also read files from DIR (repeatable; default: this repository)
  -h, --help           show this help

Example:
  tooldeck export pact scenarios/ --consumer support-agent --provider "Event API"
  pact-broker publish pacts/ …        # or verify with Pact's own verifier

Exit codes: 0 written, 2 usage error, unreadable file, or no recorded call to export.`,
};
