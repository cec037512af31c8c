import { relative } from "node:path";
import { ToolDeckError } from "../../errors.js";
import { confineNamedPath } from "../../project-files/named-path.js";
import { projectReadOptions, projectRoots } from "../../project-files/project-read-options.js";
import { type ImportedTraffic, importTraffic, scenarioNameOf } from "../../replay/import/import-traffic.js";
import { loadScenarios } from "../../replay/load-scenarios.js";
import { runScenario } from "../../replay/run-scenario.js";
import { toLineText } from "../../text/safe-text.js";
import { loadTraffic } from "../../traffic/load-traffic.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { IMPORT_INFO } from "../help/import-help.js";
import { parseCommandArgs } from "../parse-command-args.js";

export const importCommand: Command = {
  ...IMPORT_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("import", args, {
      out: { type: "string", default: "scenarios/" },
      name: { type: "string" },
      root: { type: "string", multiple: true },
      force: { type: "boolean", default: false },
    });
    const [kind, ...files] = positionals;
    if (kind !== "har") throw new ToolDeckError("usage", `expected 'import har FILE…', got '${kind ?? ""}'`);
    if (files.length === 0) throw new ToolDeckError("usage", "import har needs the HAR file(s) to import");
    confineNamedPath(values.out, projectRoots(values.root));
    const read = projectReadOptions(values.root ? { roots: values.root } : {}, files);
    const traffic = loadTraffic(files, { roots: read.roots });
    const source = files.join(", ");
    const imported = await importTraffic(traffic.exchanges, {
      out: values.out,
      name: scenarioNameOf(values.name ?? files[0] ?? "imported"),
      source,
      force: values.force,
    });
    for (const [reason, count] of traffic.skipped)
      io.stderr(
        `${toLineText(`note: ${count} HAR ${count === 1 ? "entry" : "entries"} left out: ${reason}`)}\n`,
      );
    for (const [reason, count] of imported.skipped)
      io.stderr(`${toLineText(`note: ${count} ${count === 1 ? "call" : "calls"} left out: ${reason}`)}\n`);
    if (imported.calls === 0) throw new ToolDeckError("usage", `no API calls to import in ${source}`);
    return recordAndReplay(imported, read.roots, io);
  },
};

/** Records the scenario's cassette from the recorded answers, then replays it, as `tooldeck run` will. */
async function recordAndReplay(
  imported: ImportedTraffic,
  roots: readonly string[],
  io: CliIo,
): Promise<number> {
  io.stdout(
    `${toLineText(`imported ${imported.calls} calls: ${imported.scenario}, ${imported.tools}, ${imported.traffic}`)}\n`,
  );
  const [scenario] = loadScenarios(imported.scenario, { roots });
  if (!scenario) return EXIT.usage;
  await runScenario(scenario, { update: true, roots });
  const replayed = await runScenario(scenario, { roots });
  io.stdout(`${toLineText(`recorded ${relative(process.cwd(), scenario.cassette ?? "")}`)}\n`);
  if (replayed.passed) {
    io.stdout(`${toLineText(`it replays green: tooldeck run ${imported.scenario}`)}\n`);
    return EXIT.ok;
  }
  for (const line of [...replayed.failures, ...replayed.diff]) io.stdout(`  ${toLineText(line)}\n`);
  return EXIT.findings;
}
