import { DRAIN_GRACE_MS } from "../../net/drain-grace.js";
import type { CommandInfo } from "../cli-io.js";
import { TOOL_FLAGS_HELP } from "./flag-help.js";

export const DEFAULT_MCP_PORT = 4020;

/** `tooldeck mcp`: its name, summary and --help text (static: `--help` loads nothing else). */
export const MCP_INFO: CommandInfo = {
  drainMs: DRAIN_GRACE_MS,
  name: "mcp",
  summary: "serve the tools to MCP clients (stdio or Streamable HTTP)",
  help: `Usage: tooldeck mcp [paths…] [options]

Serve the tools to any MCP client (Model Context Protocol): every request tool and OpenAPI toolkit
operation is an MCP tool with its name, description and the JSON schema the profile gives the LLM, and
a call runs it as 'tooldeck call' does. Against the embedded emulators, in-process (nothing leaves the
machine), unless --base-url is given. HTTP nodes are not LLM tools: they are left out.

Arguments:
  paths               config files or folders (default tools/)

Options:
  --transport T       stdio (default: what desktop clients launch) or http (Streamable HTTP)
  --host HOST         with --transport http: the address to listen on (default 127.0.0.1)
  --port PORT         with --transport http: the port (default ${DEFAULT_MCP_PORT}; 0 picks a free port)
  --list              print the tools it would serve and exit
${TOOL_FLAGS_HELP}
  -h, --help          show this help

A desktop client's config (claude_desktop_config.json and alike), run from the project folder:
  { "mcpServers": { "tooldeck": { "command": "npx", "args": ["tooldeck", "mcp"] } } }

When stdin closes, or on SIGINT or SIGTERM, the calls in flight are answered (for at most ${DRAIN_GRACE_MS / 1000} s) before it
exits; a second signal stops it at once (exit 130 or 143).

Exit codes: 0 served until stdin closed, SIGINT or SIGTERM (or listed), 2 usage or load error.`,
};
