import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { emptyLoadResult } from "../../config/load-result.js";
import { recordedCalls } from "../../contracts/spec-diff/cassette-calls.js";
import { DIFF_RULES } from "../../contracts/spec-diff/diff-rules.js";
import { diffSpecs } from "../../contracts/spec-diff/diff-specs.js";
import { ToolDeckError } from "../../errors.js";
import { applyFixes } from "../../lint/apply-fixes.js";
import { formatReport } from "../../lint/format/format-report.js";
import type { CheckReport } from "../../lint/report.js";
import { loadSpec } from "../../openapi/load-spec.js";
import { createOperationIndex } from "../../openapi/operation-index.js";
import { packageVersion } from "../../package/package-version.js";
import { toApi } from "../../pipeline/load-api-map.js";
import { configPathsToRead, loadToolSources } from "../../pipeline/load-tool-sources.js";
import { projectRoot } from "../../project-files/project-root.js";
import { writeFileAtomically } from "../../project-files/write-file-atomically.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { DIFF_INFO } from "../help/diff-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { type ReportOutput, refuseForeignReportFiles, reportOutputs } from "../report-outputs.js";
import { reportedFileReader } from "../reported-file-reader.js";
import {
  PROJECT_FLAGS,
  parseProfile,
  parseVars,
  reportLoadIssues,
  specReadOptions,
} from "../tool-options.js";
import { commandLineSources, TOOL_SOURCE_FLAGS } from "../tool-source-flags.js";
import { wantsColor } from "../wants-color.js";

export const diffCommand: Command = {
  ...DIFF_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("diff", args, {
      cassettes: { type: "string", multiple: true },
      profile: { type: "string" },
      var: { type: "string", multiple: true },
      format: { type: "string", multiple: true },
      "output-file": { type: "string", short: "o" },
      "no-color": { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      fix: { type: "boolean", default: false },
      "fix-suggestions": { type: "boolean", default: false },
      "fix-dry-run": { type: "boolean", default: false },
      ...PROJECT_FLAGS,
      ...TOOL_SOURCE_FLAGS,
    });
    const [oldSpec, newSpec, ...toolPaths] = positionals;
    if (oldSpec === undefined || newSpec === undefined)
      throw new ToolDeckError(
        "usage",
        "give the two descriptions to compare: tooldeck diff OLD NEW [tools…]",
      );
    const outputs = reportOutputs(values.format, values["output-file"]);
    refuseForeignReportFiles(outputs, values.force);
    const profile = values.profile === undefined ? "standard" : parseProfile(values.profile);
    const { vars } = parseVars(undefined, values.var);
    const sources = await commandLineSources(toolPaths, values, io);
    const read = specReadOptions(values, [oldSpec, newSpec, ...configPathsToRead(sources)]);
    // Responses are resolved when read: only the operations recorded calls reached compare theirs.
    const before = createOperationIndex(await loadSpec(oldSpec, { ...read, lazyRefs: true }));
    const after = createOperationIndex(await loadSpec(newSpec, { ...read, lazyRefs: true }));
    // Without tools named and without tools/, the recorded calls alone are diffed.
    const noTools = configPathsToRead(sources).join() === "tools/" && !existsSync("tools");
    const found = noTools
      ? { ...emptyLoadResult(), mcpTools: [] }
      : await loadToolSources({ ...sources, roots: read.roots });
    const loaded = reportLoadIssues("diff", found, io);
    const calls = recordedCalls(values.cassettes ?? [], before, { roots: read.roots });
    const { diagnostics } = diffSpecs({
      before,
      after,
      tools: loaded.tools,
      calls,
      api: toApi(before, oldSpec),
      vars,
      profile,
      afterName: newSpec,
    });
    const report: CheckReport = {
      profile,
      tools: loaded.tools.map(({ config, source }) => ({
        name: config.name ?? source.file,
        file: source.file,
        path: source.path,
      })),
      diagnostics,
      customRules: [...DIFF_RULES],
    };
    for (const output of outputs)
      writeReport(report, output, { noColor: values["no-color"], roots: read.roots }, io);
    if (values.fix || values["fix-suggestions"] || values["fix-dry-run"]) fix(report, values, io);
    if (loaded.errors.length > 0) return EXIT.usage;
    return diagnostics.some((d) => d.severity === "error") ? EXIT.findings : EXIT.ok;
  },
};

/** `--fix`: the fixes applied to the tools' files as `check --fix` applies them, what was done on stderr. */
function fix(
  report: CheckReport,
  values: { "fix-suggestions": boolean; "fix-dry-run": boolean },
  io: CliIo,
): void {
  const outcome = applyFixes(report.diagnostics, {
    suggestions: values["fix-suggestions"],
    dryRun: values["fix-dry-run"],
  });
  for (const { diff } of outcome.diffs) io.stderr(diff.endsWith("\n") ? diff : `${diff}\n`);
  for (const { file, fixes } of outcome.fixed)
    io.stderr(
      `${toLineText(`${values["fix-dry-run"] ? "would fix" : "fixed"} ${file}: ${fixes.join("; ")}`)}\n`,
    );
  for (const { diagnostic, reason } of outcome.skipped)
    io.stderr(`${toLineText(`not fixed: ${diagnostic.file}: ${diagnostic.tool}: ${reason}`)}\n`);
}

/** One report: to stdout (painted where wanted, unless --no-color), or to its file, never painted. */
function writeReport(
  report: CheckReport,
  output: ReportOutput,
  options: { noColor: boolean; roots: readonly string[] },
  io: CliIo,
): void {
  const text = formatReport(report, output.format, {
    color: output.file === undefined && !options.noColor && wantsColor(io),
    version: packageVersion(),
    readFile: reportedFileReader(options.roots),
    title: "tooldeck diff",
    root: projectRoot(),
    ...(io.maskSecrets ? { mask: io.maskSecrets } : {}),
  });
  if (output.file === undefined) {
    io.stdout(text);
    return;
  }
  mkdirSync(dirname(resolve(output.file)), { recursive: true });
  writeFileAtomically(output.file, io.maskSecrets ? io.maskSecrets(text) : text);
  io.stderr(`${toLineText(`wrote the ${output.format} report to ${output.file}`)}\n`);
}
