import { formatConfigIssue } from "../config/config-issue.js";
import type { LoadResult } from "../config/load-result.js";
import { loadToolConfigs } from "../config/load-tool-configs.js";
import { chooseProfile } from "../config/source-profile.js";
import type { LoadedTool } from "../config/tool-config.js";
import { ToolDeckError } from "../errors.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { type Profile, ProfileSchema } from "../profile.js";
import { namedFileRoots } from "../project-files/named-path.js";
import { parseBounded } from "../project-files/parse-bounded.js";
import { projectReadOptions, projectRoots } from "../project-files/project-read-options.js";
import { readProjectFile } from "../project-files/read-project-file.js";
import {
  baseUrlHost,
  type OutboundPolicy,
  parseBaseUrl,
  toOutboundPolicy,
} from "../runtime/outbound/outbound-policy.js";
import { customCodeNotRunMessage } from "../runtime/toolkit/custom-code-policy.js";
import { toLineText } from "../text/safe-text.js";
import type { CliIo } from "./cli-io.js";
import { SETTINGS_FLAG, settingsLinks } from "./settings-links.js";

/** Where files and specs may be read from: every command that loads configs takes these. */
export const PROJECT_FLAGS = {
  root: { type: "string", multiple: true },
  "allow-remote-refs": { type: "boolean", default: false },
} as const;

/** The project's folders (every --root, each path named) and the remote switch of the flags. */
export function specReadOptions(
  values: { root?: string[] | undefined; "allow-remote-refs"?: boolean | undefined },
  named: readonly string[] = [],
): Required<SpecReadOptions> {
  return projectReadOptions(
    { ...(values.root ? { roots: values.root } : {}), allowRemoteRefs: values["allow-remote-refs"] ?? false },
    named,
  );
}

/** The flags every command that runs tools shares, for parseCommandArgs. */
export const TOOL_FLAGS = {
  ...PROJECT_FLAGS,
  ...SETTINGS_FLAG,
  // No default: without --profile each tool runs under its platform's profile, as check judges it.
  profile: { type: "string" },
  /** The flow (file or agent) whose tools to run, when several have a tool of one name. */
  flow: { type: "string" },
  var: { type: "string", multiple: true },
  secret: { type: "string", multiple: true },
  vars: { type: "string" },
  "base-url": { type: "string" },
  "allow-host": { type: "string", multiple: true },
  "allow-writes": { type: "boolean", default: false },
  "allow-code": { type: "boolean", default: false },
  "sandbox-workers": { type: "string" },
  spec: { type: "string" },
  live: { type: "boolean", default: false },
} as const;

/** `--sandbox-workers N`: the sandbox workers of the whole command; undefined when not given (one per core). */
export function parseSandboxWorkers(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new ToolDeckError(
      "usage",
      `--sandbox-workers must be a whole number of workers, 1 or more, got '${value}'`,
    );
  return Number(value);
}

/**
 * Sizes the process's sandbox pool, which every Custom Code and Custom Tool call of the command
 * shares, to `--sandbox-workers`; the pool is loaded only when code may run.
 */
export async function useSandboxWorkers(value: string | undefined, allowCode: boolean): Promise<void> {
  const workers = parseSandboxWorkers(value);
  if (workers === undefined || !allowCode) return;
  const { sharedSandboxPool } = await import("../runtime/sandbox/sandbox-pool.js");
  sharedSandboxPool().resize(workers);
}

/**
 * The profile each tool runs under, for every command (check, lint, tools, call, agent, mcp): `--profile`
 * for all when given, else its platform's for a platform's export and `standard` for the rest.
 */
export function profileChoice(value: string | undefined): (tool: Pick<LoadedTool, "source">) => Profile {
  return chooseProfile(value === undefined ? undefined : parseProfile(value));
}

export function parseProfile(value: string): Profile {
  const parsed = ProfileSchema.safeParse(value);
  if (!parsed.success)
    throw new ToolDeckError(
      "usage",
      `--profile must be ${ProfileSchema.options.join(", ").replace(/, (?=[^,]*$)/, " or ")}, got '${value}'`,
    );
  return parsed.data;
}

/** The user's variables, and which of them are secret whatever their name (docs/security.md). */
export interface UserVars {
  vars: Record<string, string>;
  /** Marked with `--secret KEY=VALUE` or under a vars file's `secrets:`. */
  secret: string[];
}

/**
 * Variables from `--vars FILE` (its `secrets:` section marked secret), then `--var k=v`, then
 * `--secret k=v` (later wins; a name marked secret anywhere stays secret). The file is read inside
 * `project` (the working directory's repository and each `--root`) and its own folder, never through
 * a symlink out.
 */
export function parseVars(
  file: string | undefined,
  pairs: readonly string[] = [],
  secretPairs: readonly string[] = [],
  project: readonly string[] = projectRoots(),
): UserVars {
  const read = file ? readVarsFile(file, project) : { vars: {}, secret: [] };
  const vars: Record<string, string> = { ...read.vars };
  const marked = secretPairs.map(varPair("--secret"));
  for (const [key, value] of [...pairs.map(varPair("--var")), ...marked]) vars[key] = value;
  const secret = new Set([...read.secret, ...marked.map(([key]) => key)]);
  return { vars, secret: [...secret] };
}

function varPair(flag: string): (pair: string) => [key: string, value: string] {
  return (pair) => {
    const index = pair.indexOf("=");
    if (index <= 0) throw new ToolDeckError("usage", `${flag} must be KEY=VALUE, got '${pair}'`);
    return [pair.slice(0, index), pair.slice(index + 1)];
  };
}

function readVarsFile(file: string, project: readonly string[]): UserVars {
  const roots = namedFileRoots(file, project);
  let data: unknown;
  try {
    data = parseBounded(readProjectFile(file, { roots }), "yaml");
  } catch (cause) {
    throw new ToolDeckError(
      "load",
      `${file}: cannot read variables (${(cause as Error).message.split("\n")[0]})`,
    );
  }
  const { secrets, ...plain } = varsObject(data, `${file}: variables must be an object of KEY: value`);
  // A `secrets:` object is the section of secret variables; a plain value is a variable of that name.
  const isSection = typeof secrets === "object" && secrets !== null;
  const marked = isSection ? varsObject(secrets, `${file}: secrets: must be an object of KEY: value`) : {};
  const all = isSection || secrets === undefined ? { ...plain, ...marked } : { ...plain, secrets };
  const vars = Object.fromEntries(Object.entries(all).map(([key, value]) => [key, String(value)]));
  return { vars, secret: Object.keys(marked) };
}

function varsObject(data: unknown, message: string): Record<string, unknown> {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new ToolDeckError("load", message);
  return data as Record<string, unknown>;
}

/** Where the flags let requests go: `--base-url`'s host and every `--allow-host`; writes with `--allow-writes`. */
export function outboundPolicy(values: {
  "base-url"?: string | undefined;
  "allow-host"?: string[] | undefined;
  "allow-writes"?: boolean | undefined;
}): OutboundPolicy {
  return toOutboundPolicy({
    baseUrl: values["base-url"],
    allowHosts: values["allow-host"],
    allowWrites: values["allow-writes"],
  });
}

/**
 * Before a write can reach a real service (`--allow-writes`), the hosts it may go to, on stderr:
 * `note: writes go only to 127.0.0.1:8080 (--base-url); a write to any other host is refused`.
 * Nothing when no host is named: writes then reach the in-process emulators only.
 */
export function noteWriteHosts(
  values: {
    "base-url"?: string | undefined;
    "allow-host"?: string[] | undefined;
    "allow-writes"?: boolean | undefined;
  },
  io: Pick<CliIo, "stderr">,
): void {
  if (!values["allow-writes"]) return;
  const baseUrl = values["base-url"];
  const named = [
    ...(baseUrl === undefined ? [] : [`${baseUrlHost(parseBaseUrl(baseUrl))} (--base-url)`]),
    ...(values["allow-host"] ?? []).map(
      (host) => `${/:\d+$/.test(host) ? host : `${host}:*`} (--allow-host)`,
    ),
  ];
  if (named.length === 0) return;
  io.stderr(
    `${toLineText(`note: writes go only to ${named.join(", ")}; a write to any other host is refused`)}\n`,
  );
}

/** Prints one `note:` line per toolkit whose Custom Code is set aside (without --allow-code). */
export function noteCodeNotRun(io: Pick<CliIo, "stderr">): (toolkit: string) => void {
  const told = new Set<string>();
  return (toolkit) => {
    if (told.has(toolkit)) return;
    told.add(toolkit);
    io.stderr(`note: ${toLineText(customCodeNotRunMessage(toolkit))}\n`);
  };
}

/**
 * The configs a command that runs tools reads (`given`, else `tools/`, with the Custom Tool files the
 * settings link to ids, as check reads them), every load error and warning printed to stderr, and where
 * they and their specs may be read from (a path given that is a symlink out of the project is refused here).
 */
export function loadToolsReporting(
  command: string,
  given: readonly string[] | undefined,
  values: Parameters<typeof specReadOptions>[0] & Parameters<typeof settingsLinks>[0],
  io: CliIo,
): { loaded: LoadResult; read: Required<SpecReadOptions> } {
  const paths = given && given.length > 0 ? given : ["tools/"];
  const read = specReadOptions(values, paths);
  const loaded = loadToolConfigs(paths, { roots: read.roots, ...settingsLinks(values) });
  return { loaded: reportLoadIssues(command, loaded, io), read };
}

/**
 * Prints a load's errors, warnings and notes to stderr, one line each, as every error line reads:
 * `tooldeck call: tools/x.yaml: [2].method: …`, `tooldeck call: warning: …`, `tooldeck call: note: …`.
 */
export function reportLoadIssues<T extends LoadResult>(command: string, loaded: T, io: CliIo): T {
  for (const error of loaded.errors)
    io.stderr(`tooldeck ${command}: ${toLineText(formatConfigIssue(error))}\n`);
  for (const warning of loaded.warnings)
    io.stderr(`tooldeck ${command}: warning: ${toLineText(formatConfigIssue(warning))}\n`);
  for (const note of loaded.notes ?? [])
    io.stderr(`tooldeck ${command}: note: ${toLineText(formatConfigIssue(note))}\n`);
  return loaded;
}
