import type { CommandInfo } from "../cli-io.js";

/** `tooldeck proxy`: its name, summary and --help text (static: `--help` loads nothing else). */
export const PROXY_INFO: CommandInfo = {
  name: "proxy",
  summary: "record and check the calls an agent makes to a real API",
  help: `Usage: tooldeck proxy --target URL [paths…] [options]

A recording and validating proxy to put between an agent (a Flowise instance whose base_url points at
it) and the real API, until Ctrl+C (SIGINT) or SIGTERM. Every call goes to --target and nowhere else;
each is printed with its status and the tool that makes it, checked against --spec when given, and
recorded with --record (docs/traffic.md).

Arguments:
  paths               tool configs that name the calls (default tools/, when there is one); the calls
                      recorded in scenarios/'s cassettes name them too

Options:
  --target URL        the API to forward to (http or https; its path is a prefix of every call's)
  --port PORT         port to listen on (default 4030; 0 picks a free port)
  --host HOST         address to listen on (default 127.0.0.1; on loopback a Host other than the
                      proxy's own and a write from another web Origin are refused 403)
  --spec FILE         check every call and answer against this OpenAPI description, with the spec
                      emulator's validators; what departs from it is printed under the call
  --record DIR        write the calls to DIR/<host>.traffic.json (masked as cassettes are; an existing
                      file is continued), for tooldeck infer, check --traffic and import
  --allow-writes      forward POST, PUT, PATCH and DELETE too (default: answered 403, not sent)
  --root DIR          also read configs and the description from DIR (repeatable)
  -h, --help          show this help

Exit codes: 0 stopped by a signal, 2 usage error (a bad --target, a port in use, a spec that cannot load).`,
};
