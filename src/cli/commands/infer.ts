import { mkdirSync } from "node:fs";
import { dirname, extname } from "node:path";
import { dump } from "js-yaml";
import { ToolDeckError } from "../../errors.js";
import { type InferredSpec, inferSpec } from "../../infer/infer-spec.js";
import { confineNamedPath } from "../../project-files/named-path.js";
import { projectReadOptions, projectRoots } from "../../project-files/project-read-options.js";
import { refuseOverwrite } from "../../project-files/refuse-overwrite.js";
import { writeFileAtomically } from "../../project-files/write-file-atomically.js";
import { toLineText } from "../../text/safe-text.js";
import { type LoadedTraffic, loadTraffic } from "../../traffic/load-traffic.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { INFER_INFO } from "../help/infer-help.js";
import { parseCommandArgs } from "../parse-command-args.js";

export const inferCommand: Command = {
  ...INFER_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("infer", args, {
      out: { type: "string" },
      host: { type: "string" },
      root: { type: "string", multiple: true },
      force: { type: "boolean", default: false },
    });
    const paths = positionals.length > 0 ? positionals : ["scenarios/"];
    // Written as named, never through a symlinked folder out of the project (a symlink in its place is replaced).
    if (values.out !== undefined) {
      confineNamedPath(values.out, projectRoots(values.root));
      refuseOverwrite([values.out], { force: values.force });
    }
    const read = projectReadOptions(values.root ? { roots: values.root } : {}, paths);
    const traffic = loadTraffic(paths, { roots: read.roots });
    noteTraffic(traffic, io);
    const inferred = inferSpec(traffic.exchanges, values.host === undefined ? {} : { origin: values.host });
    if (!inferred) throw new ToolDeckError("usage", noExchangesMessage(paths, values.host));
    noteInferred(inferred, io);
    const text = toText(inferred.document, values.out);
    if (values.out === undefined) io.stdout(text);
    else {
      mkdirSync(dirname(values.out), { recursive: true });
      writeFileAtomically(values.out, text);
      io.stderr(`${toLineText(`wrote ${values.out}`)}\n`);
    }
    return EXIT.ok;
  },
};

function noExchangesMessage(paths: readonly string[], host: string | undefined): string {
  return host === undefined
    ? `no recorded exchanges found in ${paths.join(", ")}`
    : `no recorded exchanges with ${host} found in ${paths.join(", ")}`;
}

function noteTraffic(traffic: LoadedTraffic, io: CliIo): void {
  for (const line of traffic.unreadable) io.stderr(`note: skipped ${toLineText(line)}\n`);
  for (const [reason, count] of traffic.skipped)
    io.stderr(`note: ${count} HAR ${count === 1 ? "entry" : "entries"} left out: ${toLineText(reason)}\n`);
}

function noteInferred(inferred: InferredSpec, io: CliIo): void {
  const operations = Object.values(inferred.document.paths as Record<string, object>).reduce(
    (sum, item) => sum + Object.keys(item).length,
    0,
  );
  io.stderr(
    `${toLineText(`note: ${operations} operations of ${inferred.origin} inferred from ${inferred.exchanges} recorded exchanges`)}\n`,
  );
  if (inferred.otherOrigins.length > 0) {
    const others = inferred.otherOrigins.map(([origin, count]) => `${origin} (${count})`).join(", ");
    io.stderr(`${toLineText(`note: other hosts left out (choose with --host): ${others}`)}\n`);
  }
}

/** YAML, or JSON for an --out file ending in .json. */
function toText(document: Record<string, unknown>, out: string | undefined): string {
  if (out !== undefined && extname(out).toLowerCase() === ".json")
    return `${JSON.stringify(document, null, 2)}\n`;
  return dump(document, { noRefs: true, lineWidth: 100 });
}
