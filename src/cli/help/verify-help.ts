import type { CommandInfo } from "../cli-io.js";

/** `tooldeck verify`: its name, summary and --help text (static: `--help` loads nothing else). */
export const VERIFY_INFO: CommandInfo = {
  name: "verify",
  summary: "verify the real API against the calls the agent's cassettes recorded",
  help: `Usage: tooldeck verify [scenarios|cassettes|folders…] --provider URL [options]

Provider verification (docs/contracts.md): replays every recorded call of the cassettes against the real
service, cassette by cassette and in recorded order, and judges each answer by what the agent relied on:
its status class (2xx, 4xx…) and the shape of its body (the fields every recorded answer of the same tool,
method and status class carried, with their types), never its bytes: ids, dates and other generated
values may differ, and new fields break nothing. A scenario's providerState ("event 1 exists") is set
up first, as --states FILE says.

Arguments:
  scenarios|cassettes  scenario files (their cassettes), .cassette.json files, or folders of cassettes
                       (default scenarios/)

Options:
  --provider URL       the service to verify (http://127.0.0.1:8080, https://staging.example.com/api):
                       it takes the place of each recorded call's origin; the only host sent to
  --host HOST          the recorded host it stands for (events.example.com), when the calls went to
                       several (the others are left out, and counted on stderr)
  --allow-writes       replay writes (POST, PUT, PATCH, DELETE) too: against a test instance only.
                       Without it, reads only, and the calls after a write that was not replayed
                       are not replayed either (they would meet another state)
  --states FILE        how to set up provider states (YAML or JSON): {states: {NAME: [{method, path,
                       body, headers}]}, setupUrl: URL}; a state without its own calls is posted to
                       setupUrl as {"state", "params", "action": "setup"}, as Pact's verifier does
  --var KEY=VALUE      a secret the recording holds as {{$vars.KEY}} (repeatable)
  --vars FILE          variables from a YAML/JSON file
  --header "N: V"      a header set on every replayed call, e.g. the Authorization the recording
                       redacted (repeatable)
  --format F[=FILE]    stylish (default), json, sarif, junit, github or html; repeatable, one to stdout
  -o, --output-file F  write the stdout report to F instead
  --force              replace a report file tooldeck did not write
  --no-color           never paint the stylish report
  --root DIR           also read files from DIR (repeatable; default: this repository)
  -h, --help           show this help

Examples:
  tooldeck serve --only events --events-port 5599 &
  tooldeck verify scenarios/ --provider http://127.0.0.1:5599
  tooldeck verify scenarios/ --provider https://staging.example.com --header "Authorization: Bearer $TOKEN" --format junit=verify.xml

Exit codes: 0 every replayed call kept its contract, 1 a contract is broken, 2 usage error, unreadable
file, or no call could be replayed.`,
};
