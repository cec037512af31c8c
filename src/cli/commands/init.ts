import { resolve } from "node:path";
import { planInit } from "../../init/plan-init.js";
import { confineInitFiles, writeInitFiles } from "../../init/write-init-files.js";
import { packageVersion } from "../../package/package-version.js";
import { toLineText } from "../../text/safe-text.js";
import { type Command, EXIT } from "../cli-io.js";
import { INIT_INFO } from "../help/init-help.js";
import { isCi } from "../is-ci.js";
import { parseCommandArgs } from "../parse-command-args.js";

export const initCommand: Command = {
  ...INIT_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("init", args, {
      force: { type: "boolean", default: false },
      yes: { type: "boolean", default: false },
    });
    const dir = resolve(positionals[0] ?? ".");
    const plan = await planInit(dir, { version: packageVersion() });
    io.stdout(`${describeFound(plan.found)}\n`);
    confineInitFiles(dir, plan.files);
    const ask = values.yes || isCi(io.env) ? undefined : io.ask;
    if (ask) {
      const listed = plan.files.map((file) => `  ${file.path}  (${file.what})`).join("\n");
      const answer = await ask(`tooldeck init will write:\n${listed}\nWrite them? [Y/n] `);
      if (/^\s*n/i.test(answer)) {
        io.stdout("nothing written\n");
        return EXIT.ok;
      }
    }
    for (const { file, written } of writeInitFiles(dir, plan.files, values.force)) {
      io.stdout(
        written
          ? `wrote ${file.path}  (${file.what})\n`
          : `kept ${file.path}: it exists (--force rewrites it)\n`,
      );
    }
    const scenario = plan.files.some((file) => file.path.startsWith("scenarios/"));
    io.stdout(nextSteps(plan.checkArgs, scenario));
    return EXIT.ok;
  },
};

/**
 * What was found, a line each: `found 4 tool configs in 2 files`, then each file (Flowise exports said
 * so), the OpenAPI descriptions, and each file that could not be loaded with why, so that a file left
 * out is never a silent one.
 */
function describeFound(found: Awaited<ReturnType<typeof planInit>>["found"]): string {
  const lines: string[] = [];
  if (found.toolFiles.length === 0 && found.specs.length === 0)
    lines.push("found no tool configs, Flowise exports or OpenAPI descriptions: put your tools in tools/");
  else {
    const tools = `${found.tools.length} tool config${found.tools.length === 1 ? "" : "s"}`;
    const files = `${found.toolFiles.length} file${found.toolFiles.length === 1 ? "" : "s"}`;
    lines.push(`found ${tools} in ${files}`);
    for (const file of found.toolFiles)
      lines.push(`  ${file}${found.flowiseFiles.includes(file) ? " (a Flowise export)" : ""}`);
    for (const spec of found.specs) lines.push(`  ${spec} (OpenAPI)`);
  }
  if (found.unloaded.length > 0) {
    lines.push(
      `could not load ${found.unloaded.length} file${found.unloaded.length === 1 ? "" : "s"} (left out):`,
    );
    for (const line of found.unloaded) lines.push(`  ${line}`);
  }
  return lines.map(toLineText).join("\n");
}

function nextSteps(checkArgs: readonly string[], scenario: boolean): string {
  const record = scenario ? "; record the scenario's cassette with tooldeck run --update, and commit it" : "";
  return `next: tooldeck check ${checkArgs.join(" ")}${record}\n`;
}
