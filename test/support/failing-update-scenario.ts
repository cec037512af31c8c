import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packagePath } from "../../src/package/package-root.js";

/**
 * A copy of the tutorial's update scenario whose tools are the fixed ones, replaying the tutorial's
 * cassette: the replay sends PATCH …/events/1 where the cassette holds PUT …/events, so it fails with a
 * diff. Its folder and the scenario file (`update.yaml`, cassette `c.json`).
 */
export function fixedConfigOverTutorialCassette(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-run-"));
  copyFileSync(
    packagePath("scenarios", "cassettes", "update-event.standard.cassette.json"),
    join(dir, "c.json"),
  );
  const scenario = readFileSync(packagePath("scenarios", "update-event.yaml"), "utf8")
    .replace(
      "tools: [../tools/]",
      `tools: ["${packagePath("tools")}", "${packagePath("fixtures", "configs", "fixed-update-event.yaml")}"]`,
    )
    .replace("profile: [standard, flowise]", "profile: standard\ncassette: c.json");
  writeFileSync(join(dir, "update.yaml"), scenario);
  return { dir, file: join(dir, "update.yaml") };
}
