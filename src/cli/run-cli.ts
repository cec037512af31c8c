import { packageVersion } from "../package/package-version.js";
import { nearestName } from "../text/nearest-name.js";
import { toLineText } from "../text/safe-text.js";
import { type CliIo, EXIT, endsOnSignal, signalExitCode } from "./cli-io.js";
import { COMMAND_CATALOG, findCommand } from "./command-catalog.js";
import { commandErrorLine } from "./command-error-line.js";
import { withSecretsMasked } from "./masked-io.js";

const COMMAND_NAMES = [...COMMAND_CATALOG.map((command) => command.name), "help"];
const NAME_WIDTH = Math.max(...COMMAND_NAMES.map((name) => name.length)) + 2;

const HELP = `Usage: tooldeck <command> [options]

Model, lint, emulate, run and replay the HTTP tools LLM agents are given.

Commands:
${COMMAND_CATALOG.map((command) => `  ${command.name.padEnd(NAME_WIDTH)}${command.summary}`).join("\n")}

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
  const entry = findCommand(name);
  if (!entry) {
    const nearest = nearestName(name, COMMAND_NAMES);
    const hint = nearest ? `, did you mean ${nearest}?` : "";
    io.stderr(`tooldeck: unknown command '${toLineText(name)}'${hint} (see 'tooldeck --help')\n`);
    return EXIT.usage;
  }
  // Every command's --help is answered here, before its own arguments are parsed.
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(`${entry.help}\n`);
    return EXIT.ok;
  }
  try {
    const command = await entry.load();
    // import()ed: --help needs no platform, not even the registry's entries.
    if (!entry.loadsPlatforms) await (await import("../platforms/registry.js")).preparePlatforms();
    const code = await command.run(args, io);
    return (!endsOnSignal(command, args) && signalExitCode(io.signal)) || code;
  } catch (error) {
    const interrupted = signalExitCode(io.signal);
    if (interrupted) return interrupted;
    io.stderr(commandErrorLine(entry.name, error));
    // A bug of tooldeck's is no finding either: exit 1 would read as one in CI.
    return EXIT.usage;
  }
}
