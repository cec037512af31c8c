import { readFileSync } from "node:fs";
import { packagePath } from "./package-root.js";

/** tooldeck's own version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string }).version;
}
