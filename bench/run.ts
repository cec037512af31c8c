// Runs every benchmark in bench/, one after another, each in its own process.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith(".js") && file !== "run.js")
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));

let failed = 0;
for (const file of benches) {
  console.log(`\n## ${file.replace(/\.js$/, "")}`);
  // A bench drives the modules as the library does: with every platform loaded (src/platforms/all-platforms.ts).
  const allPlatforms = new URL("../src/platforms/all-platforms.js", import.meta.url).href;
  const result = spawnSync(process.execPath, ["--import", allPlatforms, `${dir}${file}`], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
