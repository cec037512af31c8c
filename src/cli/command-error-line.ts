import { isToolDeckError } from "../errors.js";
import { describeFsError } from "../project-files/fs-error-text.js";
import { toLineText } from "../text/safe-text.js";

/**
 * The one line a command's error is printed as: `tooldeck check: <what and where>` for a usage, load or
 * file-system error, `tooldeck check: internal error: <first line>` for a bug of tooldeck's.
 */
export function commandErrorLine(command: string, error: unknown): string {
  const known = isToolDeckError(error) ? error.message : describeFsError(error);
  if (known !== undefined) return `tooldeck ${command}: ${toLineText(known)}\n`;
  const message = ((error as Error).message ?? String(error)).split("\n")[0] ?? "";
  return `tooldeck ${command}: internal error: ${toLineText(message)}\n`;
}
