import type { LoadResult } from "../config/load-result.js";
import type { RuleSetting } from "../lint/apply-severities.js";
import type { FixOptions, FixSummary } from "../lint/check-with-fixes.js";
import type { CheckReport } from "../lint/report.js";
import type { LintRule } from "../lint/rule.js";
import type { Profile } from "../profile.js";
import type { WireToolsOf } from "../providers/default-wire-tools.js";
import type { WireChoice } from "../providers/wire-choice.js";
import type { ProviderId } from "../providers/wire-tool.js";
import type { ToolSourceOptions } from "./load-tool-sources.js";

/**
 * Where `checkProject` sends its probes (docs/spec-emulator.md, docs/security.md). Whatever the target,
 * a real host is reached only when named (`allowHosts`, the base URL), and written to only with
 * `allowWrites`.
 */
export type CheckTarget =
  /** A fresh embedded emulator per tool, spec emulators for the tools' own hosts: nothing leaves the process. */
  | "emulator"
  /** The tools' own hosts, each named in `allowHosts`, and no spec emulators (`--live`). */
  | "live"
  /** Every tool is sent to this service, whatever its config or spec names (`--base-url`). */
  | { baseUrl: string };

/** `tooldeck check`'s flags, as options; every default is the command's. */
export interface CheckProjectOptions extends Omit<ToolSourceOptions, "roots"> {
  /** Tools already loaded, instead of `paths`, `stdin` and `flowise` (not with `fix`: it loads again). */
  tools?: LoadResult;
  /**
   * OpenAPI descriptions (`--spec`, repeatable), each judging only the tools whose requests go to its
   * API's hosts (its servers', or those `apis:` of the settings file names); besides them, those `apis:`
   * names and every one found among the paths; with none of these tools/'s, else one inferred from the
   * traffic recorded with the tools' host (`traffic`). docs/apis.md.
   */
  spec?: string | readonly string[];
  /**
   * Recorded traffic (`--traffic`: HAR captures, traffic files, cassettes, or folders of them) a
   * description is inferred from when there is none; default `scenarios/`, when it exists.
   */
  traffic?: readonly string[];
  /** Every tool is judged under it (`--profile`); default `flowise` for Flowise exports, else `standard`. */
  profile?: Profile;
  /** Where probes go; default `"emulator"`; `false` probes nothing (`tooldeck lint`, `--no-probe`). */
  target?: CheckTarget | false;
  /** Real hosts probes and HTTP MCP servers may reach (`--allow-host`): `host` (every port) or `host:port`. */
  allowHosts?: readonly string[] | undefined;
  /** Writes to a named real service (`--allow-writes`); the emulators always take them. */
  allowWrites?: boolean;
  /**
   * Apply the safe fixes to the config files and check again (`--fix`); the options choose suggestions
   * too, some rules only, or a dry run, and hear what changed.
   */
  fix?: boolean | FixOptions;
  /** Rules besides the built-ins, of the `LintRule` shape (docs/rules.md, "Custom rules"). */
  customRules?: readonly LintRule[];
  /**
   * Rule modules to load (`--rules`): paths or npm packages, resolved from the working directory. The
   * `plugins` a settings file names are loaded only when named here too, or with `allowCode`.
   */
  ruleModules?: readonly string[];
  /** Severities by rule id; default those of `settingsFile`. */
  rules?: Record<string, RuleSetting>;
  /** `--config`; default `tooldeck.config.{json,yaml,yml}` in the working directory, if there is one. */
  settingsFile?: string;
  /**
   * `--config-required`: the settings in use (`rules`, else the settings file) must set exactly what
   * this file sets, or the check stops with a `load` error; so must a settings file exist. Its `pins`
   * hold each `plugins` module's files (checked before it is imported) and each extended settings file
   * to a sha256 (docs/security.md, "Pinned code and files").
   */
  requiredSettingsFile?: string;
  /**
   * `--baseline`: a baseline file (JSON, from `updateBaseline`); the findings it holds are accepted
   * (`report.suppressed`, `report.baseline`), the others still count.
   */
  baseline?: string;
  /** `--update-baseline`: first write every finding of this run to `baseline` (atomically). */
  updateBaseline?: boolean;
  /** Obey `# tooldeck-disable…` comments in YAML configs; default true (`--no-inline-config`: false). */
  inlineConfig?: boolean;
  /** `{{$vars.…}}` values (`--var`), over the emulators' own (`base_url`). */
  vars?: Record<string, string>;
  /** Names of `vars` that are secret whatever their name or use (`--secret`): told to `onSecret`. */
  secretVars?: readonly string[];
  /** Each probe call's limit (`--timeout`); default 10 s. */
  timeoutMs?: number;
  /**
   * Run toolkits' Custom Code in probes, in the sandbox, and load the rule modules a settings file
   * names (`plugins`: in the process, not sandboxed) (`--allow-code`).
   */
  allowCode?: boolean;
  /**
   * The model providers each agent's tools are judged against (`--provider`; else `providers:` of the
   * settings), as errors; absent: the one the flow's model node is from, else every provider's API, as
   * warnings (provider-rejects, docs/providers.md).
   */
  providers?: readonly ProviderId[];
  /** What an agent's tools become on the wire to a provider; default the runtime's schema (`defaultWireToolsOf`); over `wire`. */
  wireToolsOf?: WireToolsOf;
  /**
   * `--wire`: `captured` judges each agent's tools as the platform's LangChain provider class really sends
   * them (`createCapturedWireToolsOf`: a provider whose package is missing is judged in the default form,
   * `onNote` saying so); else the settings' `wire`, else `default`.
   */
  wire?: WireChoice;
  /** Report how every config behaves under the other profile (`--portability`); by default only Flowise exports judged under standard. */
  portability?: boolean;
  /**
   * The tokens an agent's context holds (`--context-budget`), which `context-budget` judges tool definitions
   * and answers against; default the settings' `contextBudget`, else 128,000.
   */
  contextBudget?: number;
  /** Keep in the report what each tool gives the LLM and, when probed, its exchange (the HTML report shows them). */
  details?: boolean;
  /** More folders configs, specs and `$ref`s may be read from (`--root`), besides the repository of the working directory and each path's folder. */
  roots?: readonly string[];
  /** Download spec URLs and URL `$ref`s (`--allow-remote-refs`). */
  allowRemoteRefs?: boolean;
  /** Finding no tool is no error (`--allow-empty`). */
  allowEmpty?: boolean;
  /** Where `HTTP_SECURITY_CHECK` (Flowise's switch for its host policy) is read; default process.env. */
  env?: Record<string, string | undefined>;
  /**
   * Hears, for each tool, which description judged it and why (`--explain`): by host, by its base URL
   * variable, as the only description in play, or none.
   */
  onExplain?: (line: string) => void;
  /** Hears which description is compared with, and why (`note:` lines of the CLI). */
  onNote?: (note: string) => void;
  /** Hears each probed tool. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Hears each secret of the run, to mask it wherever it is printed: the value of each secret variable
   * once the configs are loaded (src/secrets/secret-vars.ts: a credential's name, `secretVars`, or used
   * by a config as a credential), and the key the probes' Flowise emulator is made with.
   */
  onSecret?: (secret: string) => void;
}

/** What `checkProject` found: the report, and whether loading the tools failed. */
export interface CheckProjectResult {
  report: CheckReport;
  /** A config or source could not be loaded (the CLI exits 2); the report says which. */
  loadFailed: boolean;
  /** With `fix`: what the passes fixed, and the findings still offering fixes when they did not settle. */
  fix?: FixSummary;
}
