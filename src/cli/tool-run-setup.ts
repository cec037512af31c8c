import type { LoadedTool } from "../config/tool-config.js";
import { createEmulator } from "../emulator/create-emulator.js";
import { answerEveryHost } from "../emulator/spec/answer-every-host.js";
import { DEFAULT_PROFILE, type Profile } from "../profile.js";
import { projectRoots } from "../project-files/project-read-options.js";
import { flowiseHostOptions } from "../runtime/host-policy.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";
import type { CliIo } from "./cli-io.js";
import type { RunSpecs } from "./spec-emulators-for-run.js";
import {
  noteCodeNotRun,
  outboundPolicy,
  parseProfile,
  parseVars,
  profileChoice,
  specReadOptions,
} from "./tool-options.js";

export interface ToolRunSetup {
  runtime: ToolRuntimeOptions;
  /** The variables the user marked secret (`--secret`, a vars file's `secrets:`). */
  secretVars: string[];
  /** The profile each tool runs under (`profileChoice`): `--profile`, else its platform's. */
  profileOf: (tool: Pick<LoadedTool, "source">) => Profile;
  /** The embedded emulator, unless --base-url points elsewhere. */
  emulator: ReturnType<typeof createEmulator> | undefined;
}

/**
 * Runtime options from the shared flags: the embedded emulator's in-process fetch and `base_url`
 * unless --base-url is given (then every tool is sent there, toolkits and HTTP nodes too), then the
 * `$vars` the exports carry (`exported`: Flowise's "Export data" variables, as check reads them; their
 * `base_url` yields to --base-url), then the user's variables on top.
 */
export function toolRunSetup(
  values: {
    profile?: string | undefined;
    var?: string[] | undefined;
    secret?: string[] | undefined;
    vars?: string | undefined;
    "base-url"?: string | undefined;
    "allow-host"?: string[] | undefined;
    "allow-writes"?: boolean | undefined;
    "allow-code"?: boolean | undefined;
    root?: string[] | undefined;
    "allow-remote-refs"?: boolean | undefined;
    /** `--tools PATH` of call and agent: their folders are part of the project. */
    tools?: string[] | undefined;
  },
  io: Pick<CliIo, "env" | "stderr">,
  specs: RunSpecs = { emulators: [], everyHost: undefined },
  exported: Readonly<Record<string, string>> = {},
): ToolRunSetup {
  const profileOf = profileChoice(values.profile);
  const user = parseVars(values.vars, values.var, values.secret, projectRoots(values.root));
  const baseUrl = values["base-url"];
  const emulator =
    baseUrl === undefined
      ? createEmulator({
          specs: specs.emulators,
          ...(specs.everyHost ? { fallback: answerEveryHost(specs.everyHost) } : {}),
        })
      : undefined;
  // Each tool runs under `profileOf(tool)` (buildRunTools); this one is for what is no tool's.
  const runtime: ToolRuntimeOptions = {
    profile: values.profile === undefined ? DEFAULT_PROFILE : parseProfile(values.profile),
    vars: {
      ...(emulator?.vars ?? { base_url: baseUrl?.replace(/\/+$/, "") ?? "" }),
      ...exportedVars(exported, baseUrl !== undefined),
      ...user.vars,
    },
    outbound: outboundPolicy(values),
    ...specReadOptions(values, values.tools ?? []),
  };
  if (emulator) {
    runtime.fetch = emulator.fetch;
    runtime.resolveHost = emulator.resolveHost;
  } else if (baseUrl !== undefined) {
    runtime.baseUrl = baseUrl.replace(/\/+$/, "");
  }
  Object.assign(runtime, flowiseHostOptions(io.env));
  runtime.allowCode = values["allow-code"] ?? false;
  runtime.onCodeNotRun = noteCodeNotRun(io);
  return { runtime, profileOf, emulator, secretVars: user.secret };
}

/** The exports' `$vars`, but for `base_url` when --base-url sends every tool to one service. */
function exportedVars(
  exported: Readonly<Record<string, string>>,
  baseUrlGiven: boolean,
): Record<string, string> {
  if (!baseUrlGiven) return { ...exported };
  const { base_url: _baseUrl, ...others } = exported;
  return others;
}
