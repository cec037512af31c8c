import type { CommandInfo } from "../cli-io.js";
import { TOOL_FLAGS_HELP } from "./flag-help.js";

/** `tooldeck call`: its name, summary and --help text (static: `--help` loads nothing else). */
export const CALL_INFO: CommandInfo = {
  name: "call",
  summary: "run one tool call and print what the LLM sees",
  help: `Usage: tooldeck call <tool> [options]

Run one tool call, as an LLM would, and print the output the LLM sees. Against the embedded event
service (in-process) unless --base-url is given: then every tool is sent there (request tools,
toolkits and HTTP nodes). When several flows (agents) have a tool of that name, name one as
FILE:NAME (a.json:get_events) or give --flow FILE.

Options:
  --args JSON         the arguments, e.g. '{"queryParams":{"id":"1"}}' (default {})
  --tools PATH        config file or folder (repeatable; default tools/)
${TOOL_FLAGS_HELP}
  --verbose           also print the HTTP exchange (> request, < response) to stderr
  -h, --help          show this help

Exit codes: 0 the call succeeded, 1 it failed (the output is still printed), 2 usage or load error,
130/143 stopped by SIGINT/SIGTERM.`,
};
