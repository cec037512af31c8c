import type { CommandInfo } from "../cli-io.js";
import { MCP_FLAGS_HELP, PLATFORM_FLAGS_HELP, PROJECT_FLAGS_HELP, SETTINGS_FLAG_HELP } from "./flag-help.js";

/** `tooldeck tools`: its name, summary and --help text (static: `--help` loads nothing else). */
export const TOOLS_INFO: CommandInfo = {
  name: "tools",
  summary: "list tools and the JSON schema the LLM is given",
  help: `Usage: tooldeck tools [paths…] [options]

List each tool with its method, URL and the JSON schema the LLM is given.

Arguments:
  paths               config files or folders (default tools/); always paths, a file named mcp:… too

Options:
  --profile P         standard, n8n, flowise or dify: the schema differs (Flowise shows every param
                      as a string; an n8n node's schema is n8n's under every profile); default, as
                      check: a platform's export under its platform's profile, anything else under
                      standard
  --provider P        list the tools as the provider P's client sends them, one request per agent
                      (an Agent node's or n8n agent's tools, else a file's): openai, openai-strict,
                      anthropic, anthropic-strict, gemini, vertex, bedrock or mcp. The body LangChain's provider class builds (ChatOpenAI's Chat
                      Completions, ChatAnthropic, ChatGoogleGenerativeAI, which vertex uses too,
                      ChatBedrockConverse; for mcp tooldeck's MCP server's tools/list), captured at a
                      fake endpoint on 127.0.0.1: nothing leaves the machine. Each tool's entry is
                      printed exactly as sent (Gemini's without $schema and additionalProperties;
                      docs/providers.md); with --json: name, agent, file, path, its place in its agent's
                      request body (at), sent
  --json              print a JSON array instead of text
  --allow-host HOST   an --mcp-url server may be on this host (host or host:port; repeatable)
${PLATFORM_FLAGS_HELP}
${MCP_FLAGS_HELP}
${SETTINGS_FLAG_HELP}
${PROJECT_FLAGS_HELP}
  -h, --help          show this help

Exit codes: 0 listed, 1 the --provider client refuses the tools or leaves one out (said on stderr),
2 a config could not be loaded (the others are still listed) or no tool was found.`,
};
