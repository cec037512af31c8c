import { writePacts } from "../../contracts/pact/write-pacts.js";
import { loadContractCassettes } from "../../contracts/verify/load-contract-cassettes.js";
import { ToolDeckError } from "../../errors.js";
import { packageVersion } from "../../package/package-version.js";
import { confineNamedPath } from "../../project-files/named-path.js";
import { projectReadOptions, projectRoots } from "../../project-files/project-read-options.js";
import { toLineText } from "../../text/safe-text.js";
import { type Command, EXIT } from "../cli-io.js";
import { EXPORT_INFO } from "../help/export-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { PROJECT_FLAGS } from "../tool-options.js";

export const exportCommand: Command = {
  ...EXPORT_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("export", args, {
      out: { type: "string", default: "pacts/" },
      consumer: { type: "string" },
      provider: { type: "string" },
      force: { type: "boolean", default: false },
      ...PROJECT_FLAGS,
    });
    const [kind, ...named] = positionals;
    if (kind !== "pact")
      throw new ToolDeckError("usage", `expected 'export pact [scenarios…]', got '${kind ?? ""}'`);
    confineNamedPath(values.out, projectRoots(values.root));
    const paths = named.length > 0 ? named : ["scenarios/"];
    const { roots } = projectReadOptions(values.root ? { roots: values.root } : {}, paths);
    const loaded = loadContractCassettes(paths, roots);
    for (const line of loaded.unrecorded) io.stderr(`note: ${toLineText(line)}\n`);
    if (!loaded.cassettes.some(({ cassette }) => cassette.calls.some((call) => call.request)))
      throw new ToolDeckError("usage", `no recorded HTTP call found in ${paths.join(", ")}`);
    const files = writePacts(
      loaded.cassettes,
      values.out,
      {
        ...(values.consumer === undefined ? {} : { consumer: values.consumer }),
        ...(values.provider === undefined ? {} : { provider: values.provider }),
        version: packageVersion(),
      },
      values.force,
    );
    for (const file of files) io.stderr(`${toLineText(`wrote ${file}`)}\n`);
    return EXIT.ok;
  },
};
