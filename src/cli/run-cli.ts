import { isToolDeckError } from "../errors.js";
import { toTerminalText } from "../safe-text.js";
import { type CliIo, type Command, EXIT, signalExitCode } from "./cli-io.js";
import { agentCommand } from "./commands/agent.js";
import { callCommand } from "./commands/call.js";
import { checkCommand, lintCommand } from "./commands/check.js";
import { mcpCommand } from "./commands/mcp.js";
import { runCommand } from "./commands/run.js";
import { serveCommand } from "./commands/serve.js";
import { toolsCommand } from "./commands/tools.js";
import { withSecretsMasked } from "./masked-io.js";

const COMMANDS: readonly Command[] = [
  checkCommand,
  lintCommand,
  toolsCommand,
  callCommand,
  agentCommand,
  runCommand,
  serveCommand,
  mcpCommand,
];

const HELP = `Usage: tooldeck <command> [options]

Model, lint, emulate, run and replay the HTTP tools LLM agents are given.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)}${command.summary}`).join("\n")}

Run 'tooldeck <command> --help' for a command's options.`;

/**
 * Runs one tooldeck command line and returns its exit code: 0 ok, 1 findings or failed call,
 * 2 usage or load error, 130/143 when SIGINT/SIGTERM cut it short (serve excepted: that is its end). Errors are printed as one line, never a stack trace.
 */
export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  // One masking io for the whole command, so its error line below is masked like its reports.
  const io = withSecretsMasked(rawIo);
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(`${HELP}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`tooldeck: unknown command '${name}' (see 'tooldeck --help')\n`);
    return EXIT.usage;
  }
  // Every command's --help is answered here, before its own arguments are parsed.
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(`${command.help}\n`);
    return EXIT.ok;
  }
  try {
    const code = await command.run(args, io);
    return (!command.endsOnSignal && signalExitCode(io.signal)) || code;
  } catch (error) {
    const interrupted = signalExitCode(io.signal);
    if (interrupted) return interrupted;
    if (isToolDeckError(error)) {
      io.stderr(`tooldeck ${command.name}: ${toTerminalText(error.message)}\n`);
      return EXIT.usage;
    }
    const message = (error as Error).message ?? String(error);
    io.stderr(`tooldeck ${command.name}: internal error: ${toTerminalText(message)}\n`);
    return EXIT.findings;
  }
}
