import { ToolDeckError } from "../../errors.js";
import type { CallRecord } from "../../replay/call-record.js";
import { runAgent } from "../../replay/run-agent.js";
import { createTools } from "../../runtime/create-tools.js";
import {
  DEFAULT_MODEL,
  initModel,
  isUnreachable,
  modelEndpoint,
} from "../../runtime/langchain/init-model.js";
import { resolveVariables } from "../../runtime/variables.js";
import { toTerminalText } from "../../safe-text.js";
import { type Command, EXIT } from "../cli-io.js";
import { secretValues } from "../masked-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { specEmulatorsForRun } from "../spec-emulators-for-run.js";
import {
  loadToolsReporting,
  noteWriteHosts,
  specReadOptions,
  TOOL_FLAGS,
  TOOL_FLAGS_HELP,
  toolRunSetup,
} from "../tool-options.js";

const HELP = `Usage: tooldeck agent "<message>" [options]

Run a LangChain agent (createAgent) with the tools against the embedded event service (in-process,
unless --base-url is given) and print each tool call, its HTTP exchange, and the answer.

Options:
  --tools PATH        config file or folder (repeatable; default tools/); HTTP nodes are not given to the agent
  --model P:M         provider:model for LangChain's initChatModel (default $TOOLDECK_MODEL or ${DEFAULT_MODEL});
                      the provider's package must be installed (npm install @langchain/openai) and its key set
                      (OPENAI_API_KEY); OPENAI_BASE_URL points openai at any OpenAI-compatible server
  --system TEXT       the system prompt; {{current_date_time}} becomes the current time (ISO)
${TOOL_FLAGS_HELP}
  -h, --help          show this help

Exit codes: 0 answered, 1 the model call failed, 2 usage error, a missing provider package or key.`;

export const agentCommand: Command = {
  name: "agent",
  summary: "run a LangChain agent with the tools against the emulator",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("agent", args, {
      ...TOOL_FLAGS,
      tools: { type: "string", multiple: true },
      model: { type: "string" },
      system: { type: "string" },
    });
    const [message, ...extra] = positionals;
    if (message === undefined)
      throw new ToolDeckError("usage", `give the user's message (see 'tooldeck agent --help')`);
    if (extra.length > 0)
      throw new ToolDeckError("usage", `unexpected argument '${extra[0]}' (quote the message)`);
    const read = specReadOptions(values, values.tools ?? []);
    const loaded = loadToolsReporting("agent", values.tools ?? [], read, io);
    if (loaded.errors.length > 0) return EXIT.usage;
    const setup = toolRunSetup(values, io, await specEmulatorsForRun(loaded.tools, values, read));
    io.hideSecrets?.(secretValues(setup.runtime.vars ?? {}));
    const runtime = { ...setup.runtime, question: message };
    const agentConfigs = loaded.tools.map((tool) => tool.config).filter((config) => config.kind !== "http");
    const tools = await createTools(agentConfigs, runtime);
    if (tools.some((tool) => tool.endpoint?.method !== "GET")) noteWriteHosts(values, io);
    const modelSpec = values.model ?? io.env.TOOLDECK_MODEL ?? DEFAULT_MODEL;
    const model = await initModel(modelSpec, io.env);
    const system = values.system
      ? resolveVariables(values.system, runtime, { keepUnknown: true })
      : undefined;
    const snapshot = () => setup.emulator?.snapshot() ?? {};
    try {
      const run = await runAgent({
        model,
        tools,
        messages: [message],
        snapshot,
        signal: io.signal,
        ...(system?.ok ? { system: system.text } : {}),
      });
      for (const call of run.calls) io.stdout(toTerminalText(formatCall(call)));
      io.stdout(`${toTerminalText(run.answer)}\n`);
      return EXIT.ok;
    } catch (error) {
      const message = (error as Error).message.split("\n")[0] ?? "";
      const where = isUnreachable(error) ? ` (cannot reach ${modelEndpoint(modelSpec, io.env)})` : "";
      io.stderr(`tooldeck agent: the model call failed: ${toTerminalText(`${message}${where}`)}\n`);
      return EXIT.findings;
    }
  },
};

/** `→ tool {args}`, the exchange (`>` request, `<` status), and `=` the output the LLM saw. */
export function formatCall(call: CallRecord): string {
  const lines = [`→ ${call.tool} ${JSON.stringify(call.args)}`];
  if (call.request) {
    lines.push(`  > ${call.request.method} ${call.request.url}`);
    if (call.request.body !== undefined) lines.push(`  > ${call.request.body}`);
  }
  if (call.response) lines.push(`  < ${call.response.status} ${call.response.statusText}`.trimEnd());
  lines.push(`  ${call.ok ? "=" : "!"} ${call.output.replace(/\n/g, "\n    ")}`);
  return `${lines.join("\n")}\n`;
}
