import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  type LoadedContracts,
  loadContractCassettes,
} from "../../contracts/verify/load-contract-cassettes.js";
import { type ProviderStates, ProviderStatesSchema } from "../../contracts/verify/provider-states.js";
import { CONTRACT_RULES, toCheckReport } from "../../contracts/verify/to-check-report.js";
import { type VerifyResult, verifyCassettes } from "../../contracts/verify/verify-cassettes.js";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { formatReport } from "../../lint/format/format-report.js";
import type { CheckReport } from "../../lint/report.js";
import type { FetchLike } from "../../net/fetch-like.js";
import { packageVersion } from "../../package/package-version.js";
import { parseBounded } from "../../project-files/parse-bounded.js";
import { projectReadOptions } from "../../project-files/project-read-options.js";
import { projectRoot } from "../../project-files/project-root.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { writeFileAtomically } from "../../project-files/write-file-atomically.js";
import { createOutboundGuard } from "../../runtime/outbound/outbound-guard.js";
import { baseUrlHost } from "../../runtime/outbound/outbound-policy.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { VERIFY_INFO } from "../help/verify-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { type ReportOutput, refuseForeignReportFiles, reportOutputs } from "../report-outputs.js";
import { PROJECT_FLAGS, parseVars } from "../tool-options.js";
import { wantsColor } from "../wants-color.js";

export const verifyCommand: Command = {
  ...VERIFY_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("verify", args, {
      provider: { type: "string" },
      host: { type: "string" },
      "allow-writes": { type: "boolean", default: false },
      states: { type: "string" },
      var: { type: "string", multiple: true },
      vars: { type: "string" },
      header: { type: "string", multiple: true },
      format: { type: "string", multiple: true },
      "output-file": { type: "string", short: "o" },
      force: { type: "boolean", default: false },
      "no-color": { type: "boolean", default: false },
      ...PROJECT_FLAGS,
    });
    const provider = providerUrl(values.provider);
    const outputs = reportOutputs(values.format, values["output-file"]);
    refuseForeignReportFiles(outputs, values.force);
    const paths = positionals.length > 0 ? positionals : ["scenarios/"];
    const { roots } = projectReadOptions(values.root ? { roots: values.root } : {}, paths);
    const loaded = loadContractCassettes(paths, roots);
    for (const line of loaded.unrecorded) io.stderr(`note: ${toLineText(line)}\n`);
    const providerStates = readStates(values.states, roots);
    const result = await verifyCassettes(loaded.cassettes, {
      provider: provider.href,
      ...(values.host === undefined ? {} : { host: values.host }),
      send: guardedSend(provider, values["allow-writes"]),
      // Setup calls are the user's own (--states), not replayed ones: they may write.
      setup: guardedSend(provider, true, providerStates.setupUrl),
      allowWrites: values["allow-writes"],
      fill: { vars: parseVars(values.vars, values.var).vars, headers: parseHeaders(values.header ?? []) },
      states: providerStates,
    });
    noteResult(result, loaded, io);
    const report = toCheckReport(result);
    for (const output of outputs) writeReport(report, output, !values["no-color"], io);
    if (!result.calls.some((call) => call.verdict.kind !== "not-verified"))
      throw new ToolDeckError("usage", "no recorded call could be replayed (see the report for why)");
    return report.diagnostics.some((finding) => finding.severity === "error") ? EXIT.findings : EXIT.ok;
  },
};

function providerUrl(value: string | undefined): URL {
  if (value === undefined)
    throw new ToolDeckError(
      "usage",
      "name the service to verify with --provider URL (see 'tooldeck verify --help')",
    );
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new ToolDeckError("usage", `--provider must be an http(s) URL, got '${value}'`);
  return new URL(value);
}

/**
 * The outbound guard of `check`, with the provider's host (and a setup URL's) the only ones named: a
 * cassette cannot send the replay elsewhere, nor a redirect carry it away.
 */
function guardedSend(
  provider: URL,
  allowWrites: boolean,
  setupUrl?: string,
): (request: Request) => Promise<Response> {
  const hosts = [baseUrlHost(provider)];
  if (setupUrl) hosts.push(baseUrlHost(new URL(setupUrl)));
  const inner: FetchLike = (input, init) => fetch(input, init);
  const guarded = createOutboundGuard(inner, { allowedHosts: hosts, allowWrites });
  return (request) => guarded(request);
}

/** The --states file, read inside the project; no state set up when none is given. */
function readStates(file: string | undefined, roots: readonly string[]): ProviderStates {
  if (file === undefined) return { states: {} };
  let value: unknown;
  try {
    const text = readProjectFile(resolve(file), { roots });
    value = parseBounded(text, /\.json$/i.test(file) ? "json" : "yaml");
  } catch (cause) {
    throw new ToolDeckError("load", `${file}: ${(cause as Error).message}`, { cause });
  }
  const parsed = ProviderStatesSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolDeckError(
      "load",
      `${file}: ${issue ? formatZodIssue(issue) : "not a provider-states file"}`,
    );
  }
  return parsed.data;
}

function parseHeaders(pairs: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf(":");
    const name = at > 0 ? pair.slice(0, at).trim() : "";
    if (!/^[!#$%&'*+.^`|~\w-]+$/.test(name))
      throw new ToolDeckError("usage", `--header must be "Name: value", got '${pair}'`);
    headers[name] = pair.slice(at + 1).trim();
  }
  return headers;
}

function noteResult(result: VerifyResult, loaded: LoadedContracts, io: CliIo): void {
  for (const [host, count] of result.otherHosts)
    io.stderr(
      `${toLineText(`note: ${count} calls to ${host} left out (another host: verify it with --host ${host})`)}\n`,
    );
  const count = (kind: string) => result.calls.filter((call) => call.verdict.kind === kind).length;
  io.stderr(
    `${toLineText(`verified ${loaded.cassettes.length} cassettes: ${count("kept")} calls kept their contract, ${count("broken")} broken, ${count("not-verified")} not replayed`)}\n`,
  );
}

function writeReport(report: CheckReport, output: ReportOutput, color: boolean, io: CliIo): void {
  const text = formatReport(report, output.format, {
    color: output.file === undefined && color && wantsColor(io),
    version: packageVersion(),
    title: "tooldeck verify",
    root: projectRoot(),
    docsUrl: (code) =>
      CONTRACT_RULES.some((rule) => rule.id === code)
        ? "https://github.com/tooldeck/tooldeck/blob/main/docs/contracts.md"
        : undefined,
  });
  if (output.file === undefined) {
    io.stdout(text);
    return;
  }
  mkdirSync(dirname(resolve(output.file)), { recursive: true });
  writeFileAtomically(output.file, text);
  io.stderr(`${toLineText(`wrote the ${output.format} report to ${output.file}`)}\n`);
}
