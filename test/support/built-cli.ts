import { readFileSync } from "node:fs";
import { packagePath } from "../../src/package-root.js";

/** The CLI as users run it: package.json's `bin` (the bundle `npm run build` writes, dist/cli/). */
export const SHIPPED_CLI = packagePath(
  (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { bin: { tooldeck: string } }).bin
    .tooldeck,
);

/** tsc's output for src/cli/main.ts, unbundled: what the bundle is made from. */
export const UNBUNDLED_CLI = packagePath("dist", "src", "cli", "main.js");
