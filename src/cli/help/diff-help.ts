import type { CommandInfo } from "../cli-io.js";

/** `tooldeck diff`: its name, summary and --help text (static: `--help` loads nothing else). */
export const DIFF_INFO: CommandInfo = {
  name: "diff",
  summary: "what a new version of an OpenAPI description breaks for the tools and recorded calls that use it",
  help: `Usage: tooldeck diff OLD NEW [tools…] [options]

Compare two versions of an OpenAPI description for the tools that use the old one and the calls recorded
against it (docs/contracts.md#diff). Only the operations they use are compared: a change elsewhere
reports nothing. Each finding names the tool (or the cassette call) it breaks, and the fix when one exists:
  errors     an operation removed, moved or given another method; a parameter or body field now required
             that the tool does not send; a narrower type or a removed enum value it sends; a response
             field recorded answers carried; another security requirement; an OpenAPI toolkit's tool
             renamed by a new operationId
  warnings   what the model reads of a toolkit's tool: its description (the operation's), its arguments'
             descriptions and types, new required arguments
  infos      new optional fields the tools could send; descriptions changed under a request tool's own

Arguments:
  OLD NEW             the two descriptions (YAML or JSON files, OpenAPI 3.0 or 3.1)
  tools               config files, folders or quoted patterns (default tools/, when it exists);
                      request tools and HTTP nodes are matched to OLD by their URL's host as check
                      matches them, OpenAPI toolkits by their spec (OLD's or NEW's file)

Options:
  --cassettes PATH    scenario cassettes (.cassette.json) or folders of them: their recorded calls are
                      checked too (repeatable)
  --profile NAME      the profile of tools in tooldeck's format (standard, flowise, n8n, dify; default standard)
  --var KEY=VALUE     a {{$vars.KEY}} value the tools' URLs are read with (repeatable)
  --format NAME[=FILE]
                      stylish (default), json, sarif, junit, github or html; =FILE writes it to FILE
                      (repeatable: one format to stdout at most)
  -o, --output-file FILE
                      write the report without =FILE to FILE
  --fix               rewrite the tools' configs with the fixes that keep what they do
  --fix-suggestions   also apply the fixes that change a tool (a new required field, another method)
  --fix-dry-run       print the diff --fix would apply, write nothing
  --no-color          no colour in the stylish report
  --force             replace a report file that is not one of tooldeck's
  --root DIR          also read files from DIR (repeatable; default: this repository)
  --allow-remote-refs read http(s) $refs of the descriptions
  -h, --help          show this help

Exit codes: 0 nothing breaks (warnings and infos may be listed), 1 a change breaks a tool or a recorded
call, 2 usage error or an unreadable description, config or cassette.`,
};
