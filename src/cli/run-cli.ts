import { isToolDeckError } from "../errors.js";
import { packageVersion } from "../package/package-version.js";
import { describeFsError } from "../project-files/fs-error-text.js";
import { toLineText } from "../text/safe-text.js";
import { type CliIo, EXIT, signalExitCode } from "./cli-io.js";
import { COMMAND_CATALOG } from "./command-catalog.js";
import { withSecretsMasked } from "./masked-io.js";

const HELP = `Usage: tooldeck <command> [options]

Model, lint, emulate, run and replay the HTTP tools LLM agents are given.

Commands:
${COMMAND_CATALOG.map((command) => `  ${command.name.padEnd(10)}${command.summary}`).join("\n")}

Options:
  -v, --version       print tooldeck's version
  -h, --help          show this help

Run 'tooldeck <command> --help' (or 'tooldeck help <command>') for a command's options.
Exit codes: 0 ok, 1 findings or a failed call, 2 usage or load error.`;

/**
 * Runs one tooldeck command line and returns its exit code: 0 ok, 1 findings or failed call,
 * 2 usage or load error (and tooldeck's own bugs: never 1), 130/143 when SIGINT/SIGTERM cut it short (serve excepted: that is its end). Errors are printed as one line, never a stack trace.
 */
export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  // One masking io for the whole command, so its error line below is masked like its reports.
  const io = withSecretsMasked(rawIo);
  const [name, ...args] = argv;
  if (name === "--version" || name === "-v") {
    io.stdout(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  // `tooldeck help check` is `tooldeck check --help`.
  if (name === "help" && args[0] !== undefined) return runCli([args[0], "--help"], rawIo);
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(`${HELP}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const entry = COMMAND_CATALOG.find((candidate) => candidate.name === name);
  if (!entry) {
    io.stderr(`tooldeck: unknown command '${toLineText(name)}' (see 'tooldeck --help')\n`);
    return EXIT.usage;
  }
  // Every command's --help is answered here, before its own arguments are parsed.
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(`${entry.help}\n`);
    return EXIT.ok;
  }
  try {
    const command = await entry.load();
    const code = await command.run(args, io);
    return (!command.endsOnSignal && signalExitCode(io.signal)) || code;
  } catch (error) {
    const interrupted = signalExitCode(io.signal);
    if (interrupted) return interrupted;
    const known = isToolDeckError(error) ? error.message : describeFsError(error);
    if (known !== undefined) {
      io.stderr(`tooldeck ${entry.name}: ${toLineText(known)}\n`);
      return EXIT.usage;
    }
    // A bug of tooldeck's is no finding: exit 1 would read as one in CI.
    const message = ((error as Error).message ?? String(error)).split("\n")[0] ?? "";
    io.stderr(`tooldeck ${entry.name}: internal error: ${toLineText(message)}\n`);
    return EXIT.usage;
  }
}
