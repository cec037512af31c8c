import { type ParseArgsConfig, parseArgs } from "node:util";
import { ToolDeckError } from "../errors.js";
import { nearestName } from "../text/nearest-name.js";

type Options = NonNullable<ParseArgsConfig["options"]>;
const HELP_FLAG = { help: { type: "boolean", short: "h" } } as const;

type ParsedArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & typeof HELP_FLAG; allowPositionals: true; strict: true }>
>;

/**
 * `node:util` parseArgs with tooldeck's error style: an unknown or malformed flag is a one-line
 * usage error that points at the command's --help (runCli prefixes `tooldeck <command>:`). Every command gets `-h, --help`.
 */
export function parseCommandArgs<const O extends Options>(
  command: string,
  args: string[],
  options: O,
): ParsedArgs<O> {
  try {
    return parseArgs({
      args: joinNegativeNumbers(args, options),
      options: { ...options, ...HELP_FLAG },
      allowPositionals: true,
      strict: true,
    });
  } catch (cause) {
    const reason = (cause as Error).message.split("\n")[0]?.replace(/\. To specify a positional.*$/, "");
    throw new ToolDeckError(
      "usage",
      `${reason}${hintFor(reason, options)} (see 'tooldeck ${command} --help')`,
      {
        cause,
      },
    );
  }
}

/** `, did you mean --update?` after `Unknown option '--updat'`, when a flag is that close. */
function hintFor(reason: string | undefined, options: Options): string {
  const unknown = /^Unknown option '(--[^']+)'/.exec(reason ?? "")?.[1];
  if (unknown === undefined) return "";
  const flags = Object.keys({ ...options, ...HELP_FLAG }).map((name) => `--${name}`);
  const nearest = nearestName(unknown, flags);
  return nearest ? `, did you mean ${nearest}?` : "";
}

const NEGATIVE_NUMBER = /^-\d/;

/**
 * `--port -1` as `--port=-1`: parseArgs refuses a value that starts with a dash as "ambiguous" (it could
 * be a flag), but no flag starts with a digit, so a negative number is the value. The flag's own check
 * then says what it takes (`--port must be a port number from 0 to 65535, got '-1'`).
 */
function joinNegativeNumbers(args: readonly string[], options: Options): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const next = args[index + 1];
    if (arg === "--") return [...joined, ...args.slice(index)];
    if (next !== undefined && NEGATIVE_NUMBER.test(next) && takesValue(arg, options)) {
      joined.push(`${arg}=${next}`);
      index++;
    } else joined.push(arg);
  }
  return joined;
}

function takesValue(arg: string, options: Options): boolean {
  if (!arg.startsWith("--") || arg.includes("=")) return false;
  return options[arg.slice(2)]?.type === "string";
}

/** A TCP port from a flag value: an integer from 0 to 65535. */
export function parsePort(flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ToolDeckError("usage", `--${flag} must be a port number from 0 to 65535, got '${value}'`);
  }
  return port;
}
