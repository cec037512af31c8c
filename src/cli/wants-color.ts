import type { CliIo } from "./cli-io.js";

/**
 * Whether to paint what goes to stdout, by the conventions Node's own `getColorDepth` reads:
 * `FORCE_COLOR` decides when it is set (empty, `1`, `2`, `3` or `true` paint even into a pipe, as a CI log
 * that renders colours wants; any other value, such as `0` or `false`, never paints), then a non-empty
 * `NO_COLOR` (no-color.org) or `TERM=dumb` turns colours off; otherwise only a terminal is painted.
 */
export function wantsColor(io: Pick<CliIo, "env" | "isTTY">): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return ["", "1", "2", "3", "true"].includes(force);
  if (io.env.NO_COLOR || io.env.TERM === "dumb") return false;
  return Boolean(io.isTTY?.stdout);
}
