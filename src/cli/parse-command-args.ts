import { type ParseArgsConfig, parseArgs } from "node:util";
import { ToolDeckError } from "../errors.js";

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
    return parseArgs({ args, options: { ...options, ...HELP_FLAG }, allowPositionals: true, strict: true });
  } catch (cause) {
    const reason = (cause as Error).message.split("\n")[0]?.replace(/\. To specify a positional.*$/, "");
    throw new ToolDeckError("usage", `${reason} (see 'tooldeck ${command} --help')`, {
      cause,
    });
  }
}

/** A TCP port from a flag value: an integer from 0 to 65535. */
export function parsePort(flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ToolDeckError("usage", `--${flag} must be a port number from 0 to 65535, got '${value}'`);
  }
  return port;
}
