import { ToolDeckError } from "../../errors.js";
import { RunEndingFailure } from "../../runtime/run-ending-failure.js";
import type { ExecutableTool, ToolRequest, ToolResponse, ToolResult } from "../../runtime/tool-result.js";
import { isCredentialName } from "../../secrets/credential-names.js";
import { secretValues } from "../../secrets/secret-vars.js";
import { toLineText, toTerminalText } from "../../text/safe-text.js";
import { type Command, EXIT } from "../cli-io.js";
import { CALL_INFO } from "../help/call-help.js";
import { MASK } from "../masked-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { buildRunTools, pickTool, toolsOfFlow } from "../run-tools.js";
import { specEmulatorsForRun } from "../spec-emulators-for-run.js";
import { loadToolsReporting, noteWriteHosts, TOOL_FLAGS, useSandboxWorkers } from "../tool-options.js";
import { toolRunSetup } from "../tool-run-setup.js";

export const callCommand: Command = {
  ...CALL_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("call", args, {
      ...TOOL_FLAGS,
      args: { type: "string", default: "{}" },
      tools: { type: "string", multiple: true },
      verbose: { type: "boolean", default: false },
    });
    const [name, ...extra] = positionals;
    if (name === undefined)
      throw new ToolDeckError("usage", "name the tool to call (see 'tooldeck call --help')");
    if (extra.length > 0) throw new ToolDeckError("usage", `unexpected argument '${extra[0]}'`);
    const toolArgs = parseJsonArgs(values.args);
    const { loaded, read } = loadToolsReporting("call", values.tools, values, io);
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
    const built = await buildRunTools(loaded.tools, setup.runtime, setup.profileOf);
    const { tool } = pickTool(toolsOfFlow(built, values.flow), name);
    if (tool.endpoint?.method !== "GET") noteWriteHosts(values, io);
    const result = await invokeForCall(tool, toolArgs, io.signal);
    if (values.verbose) io.stderr(formatExchange(result));
    // A server's escape sequences are shown, not obeyed, piped too: a CI log viewer obeys them as well.
    io.stdout(`${toTerminalText(result.output)}\n`);
    if (!result.ok) {
      const error = result.error && result.error !== result.output ? `: ${result.error}` : "";
      io.stderr(`tooldeck call: ${toLineText(`${name} failed${error}`)}\n`);
    }
    return result.ok ? EXIT.ok : EXIT.findings;
  },
};

/** The call's result; a failure that would end the agent's run on its platform is the call's failure, said so. */
async function invokeForCall(tool: ExecutableTool, args: unknown, signal: AbortSignal): Promise<ToolResult> {
  try {
    return await tool.invoke(args, { signal });
  } catch (error) {
    if (!(error instanceof RunEndingFailure)) throw error;
    const output = `${error.message} (on its platform this failure ends the agent's run)`;
    return { ok: false, output, error: output };
  }
}

function parseJsonArgs(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ToolDeckError("usage", `--args is not valid JSON: ${(cause as Error).message}`);
  }
}

/**
 * The exchange as `> ` request and `< ` response lines, like curl -v: each line's text from the
 * config or the server on one line, the bodies as blocks, none of it obeyed by a terminal or a CI log.
 */
export function formatExchange(result: Pick<ToolResult, "request" | "response">): string {
  const lines: string[] = [];
  if (result.request) lines.push(...requestLines(result.request));
  if (result.response) lines.push(...responseLines(result.response));
  else if (result.request) lines.push("< (no response)");
  else lines.push("(nothing was sent)");
  return `${lines.join("\n")}\n`;
}

function requestLines(request: ToolRequest): string[] {
  const headers = Object.entries(request.headers).map(
    ([key, value]) => `> ${toLineText(`${key}: ${isCredentialName(key) ? MASK : value}`)}`,
  );
  return [
    `> ${toLineText(`${request.method} ${request.url}`)}`,
    ...headers,
    ...(request.body === undefined ? [] : [">", `> ${toTerminalText(request.body)}`]),
  ];
}

function responseLines(response: ToolResponse): string[] {
  const headers = Object.entries(response.headers).map(
    ([key, value]) => `< ${toLineText(`${key}: ${isCredentialName(key) ? MASK : value}`)}`,
  );
  return [
    `< ${toLineText(`${response.status} ${response.statusText}`)}`,
    ...headers,
    ...(response.body === "" ? [] : ["<", `< ${toTerminalText(response.body)}`]),
  ];
}
