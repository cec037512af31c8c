import { DEFAULT_MODEL } from "../../runtime/langchain/default-model.js";
import type { CommandInfo } from "../cli-io.js";
import { TOOL_FLAGS_HELP } from "./flag-help.js";

/** `tooldeck agent`: its name, summary and --help text (static: `--help` loads nothing else). */
export const AGENT_INFO: CommandInfo = {
  name: "agent",
  summary: "run a LangChain agent with the tools against the emulator",
  help: `Usage: tooldeck agent "<message>" [options]

Run a LangChain agent (createAgent) with the tools against the embedded event service (in-process,
unless --base-url is given) and print each tool call, its HTTP exchange, and the answer.

Options:
  --tools PATH        config file or folder (repeatable; default tools/); HTTP nodes are not given to the agent
  --model P:M         provider:model for LangChain's initChatModel (default $TOOLDECK_MODEL or ${DEFAULT_MODEL});
                      the provider's package must be installed (npm install @langchain/openai) and its key set
                      (OPENAI_API_KEY); OPENAI_BASE_URL, ANTHROPIC_BASE_URL and GOOGLE_GEMINI_BASE_URL point
                      openai, anthropic and google-genai at a compatible server (or tooldeck serve --provider)
  --system TEXT       the system prompt; {{current_date_time}} becomes the current time (ISO)
  --emulate-provider  send --model's requests (openai:, anthropic: or google-genai:) through the provider's
                      real LangChain class to tooldeck's emulator of that provider, offline and with no key:
                      tools the provider would refuse fail the run with the provider's own error
                      (docs/provider-emulators.md)
  --script FILE       with --emulate-provider: the model's turns, JSON or YAML ([{ calls: [{ tool, args }] },
                      { answer: "…" }], as a scenario's model.scripted); default an answer saying the
                      tools were accepted
${TOOL_FLAGS_HELP}
  -h, --help          show this help

Exit codes: 0 answered, 1 the model call failed, 2 usage error, a missing provider package or key.`,
};
