// After the bundles (`npm run build`): tsc's dist/src/ keeps only the declarations the package's entries
// reach. The package ships dist/src/**/*.d.ts for its types; the CLI's, the emulators' internals' and
// every other module's declarations describe nothing a user can import (the entries are the library), and
// they were three quarters of the declarations' weight in a tarball held under 1 MB.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const package_ = JSON.parse(readFileSync("package.json", "utf8"));
const entries = Object.values(package_.exports).map((entry) => resolve(entry.types));

/** Every declaration file an entry's declarations import, directly or not (relative imports only). */
function reached(roots) {
  const seen = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(
      /(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g,
    ))
      pending.push(resolve(dirname(file), specifier).replace(/\.js$/, ".d.ts"));
  }
  return seen;
}

function declarationsUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith(".d.ts"))
    .map((file) => resolve(join(dir, file)));
}

const kept = reached(entries);
for (const file of declarationsUnder("dist/src")) if (!kept.has(file)) rmSync(file);
