import { DRAIN_GRACE_MS } from "../../net/drain-grace.js";
import type { CommandInfo } from "../cli-io.js";

/** `tooldeck proxy`: its name, summary and --help text (static: `--help` loads nothing else). */
export const PROXY_INFO: CommandInfo = {
  name: "proxy",
  summary: "record and check the calls an agent makes to a real API",
  drainMs: DRAIN_GRACE_MS,
  help: `Usage: tooldeck proxy --target URL [paths…] [options]

A recording and validating proxy to put between an agent (a Flowise instance whose base_url points at
it) and the real API, until Ctrl+C (SIGINT) or SIGTERM. Every call goes to --target and nowhere else;
each is printed with its status and the tool that makes it, checked against --spec when given, and
recorded with --record (docs/traffic.md). On the signal it takes no new connection, answers and
records the calls in flight for up to 5 s, then exits 0; a second signal stops it at once.

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
  --record DIR        append each call to DIR/<host>.traffic.ndjson as it is answered (masked as
                      cassettes are; an existing journal is continued; past 40 MB it goes on in
                      <host>_part002.traffic.ndjson), for tooldeck infer, check --traffic and import;
                      a call the target did not answer whole is recorded as failed
  --record-limit N    record at most N calls in this run, then say so once and go on forwarding
                      (default: no limit)
  --upstream-timeout S
                      seconds the target has to answer a call, body included (default 30); then
                      the proxy answers 504 (a reset or an unreachable target: 502)
  --allow-writes      forward POST, PUT, PATCH and DELETE too (default: answered 403, not sent)
  --root DIR          also read configs and the description from DIR (repeatable)
  -h, --help          show this help

Exit codes: 0 stopped by a signal, 2 usage error (a bad --target, a port in use, a spec that cannot load).`,
};
