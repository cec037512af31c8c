import { ToolDeckError } from "../../errors.js";
import { projectReadOptions } from "../../project-files/project-read-options.js";
import { modelAgainstEmulator } from "../../providers/emulator/agent-model-emulator.js";
import { loadModelScript } from "../../providers/emulator/load-model-script.js";
import type { CallRecord } from "../../replay/call-record.js";
import { runAgent } from "../../replay/run-agent.js";
import { DEFAULT_MODEL } from "../../runtime/langchain/default-model.js";
import { initModel, isUnreachable, modelEndpoint } from "../../runtime/langchain/init-model.js";
import { RunEndingFailure } from "../../runtime/run-ending-failure.js";
import { resolveVariables } from "../../runtime/variables.js";
import { secretValues } from "../../secrets/secret-vars.js";
import { toLineText, toTerminalText } from "../../text/safe-text.js";
import { type Command, EXIT } from "../cli-io.js";
import { AGENT_INFO } from "../help/agent-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { buildRunTools, toolsForOneModel, toolsOfFlow } from "../run-tools.js";
import { specEmulatorsForRun } from "../spec-emulators-for-run.js";
import { loadToolsReporting, noteWriteHosts, TOOL_FLAGS, useSandboxWorkers } from "../tool-options.js";
import { toolRunSetup } from "../tool-run-setup.js";

export const agentCommand: Command = {
  ...AGENT_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("agent", args, {
      ...TOOL_FLAGS,
      tools: { type: "string", multiple: true },
      model: { type: "string" },
      system: { type: "string" },
      "emulate-provider": { type: "boolean", default: false },
      script: { type: "string" },
    });
    const [message, ...extra] = positionals;
    if (message === undefined)
      throw new ToolDeckError("usage", `give the user's message (see 'tooldeck agent --help')`);
    if (extra.length > 0)
      throw new ToolDeckError("usage", `unexpected argument '${extra[0]}' (quote the message)`);
    const { loaded, read } = loadToolsReporting("agent", values.tools, values, io);
    if (loaded.errors.length > 0) return EXIT.usage;
    const setup = toolRunSetup(
      values,
      io,
      await specEmulatorsForRun(loaded.tools, values, read),
      loaded.vars,
    );
    await useSandboxWorkers(values["sandbox-workers"], values["allow-code"]);
    io.hideSecrets?.(
      secretValues(setup.runtime.vars ?? {}, {
        marked: setup.secretVars,
        configs: loaded.tools.map((tool) => tool.config),
      }),
    );
    const runtime = { ...setup.runtime, question: message };
    const given = loaded.tools.filter((tool) => tool.config.kind !== "http");
    const built = await buildRunTools(given, runtime, setup.profileOf);
    const tools = toolsForOneModel(toolsOfFlow(built, values.flow)).map(({ tool }) => tool);
    if (tools.some((tool) => tool.endpoint?.method !== "GET")) noteWriteHosts(values, io);
    const modelSpec = values.model ?? io.env.TOOLDECK_MODEL ?? DEFAULT_MODEL;
    if (values.script !== undefined && !values["emulate-provider"])
      throw new ToolDeckError("usage", "--script needs --emulate-provider");
    const emulated = values["emulate-provider"]
      ? await modelAgainstEmulator(modelSpec, scriptOf(values.script, read.roots))
      : undefined;
    const model = emulated?.model ?? (await initModel(modelSpec, io.env));
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
      if (error instanceof RunEndingFailure) {
        io.stderr(`tooldeck agent: the run ended as its platform ends it: ${toLineText(message)}\n`);
        return EXIT.findings;
      }
      const where = isUnreachable(error) ? ` (cannot reach ${modelEndpoint(modelSpec, io.env)})` : "";
      io.stderr(`tooldeck agent: the model call failed: ${toLineText(`${message}${where}`)}\n`);
      return EXIT.findings;
    } finally {
      await emulated?.close();
    }
  },
};

/** `--script FILE`: read inside the project (and each `--root`) and its own folder. */
function scriptOf(path: string | undefined, roots: readonly string[]) {
  if (path === undefined) return undefined;
  return loadModelScript(path, { roots: projectReadOptions({ roots: [...roots] }, [path]).roots });
}

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
