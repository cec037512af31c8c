import type { LinkedToolFile } from "../config/linked-tool-file.js";
import type { LoadResult } from "../config/load-result.js";
import type { LoadSink } from "../config/load-sink.js";
import type { FieldType, RequestToolConfig } from "../config/request-tool-config.js";
import type { ConfigChange } from "../lint/diagnostic.js";
import type { JsonEdit } from "../lint/edit-json-text.js";
import type { RuleInfo } from "../lint/report.js";
import type { LintRule } from "../lint/rule.js";
import type { IndexedOperation } from "../openapi/operation-index.js";
import type { ToolProfile } from "../runtime/profiles/tool-profile.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import type { PlatformName } from "./platform-names.js";

/**
 * Everything one agent platform (Flowise, n8n) means to tooldeck, and all the core asks of it: the core
 * (config model, runtime, lint engine, emulators, CLI) reaches a platform only through `registry.ts`,
 * never by importing its folder (test/architecture/platform-boundary.test.ts).
 */
export interface Platform {
  /** Its profile's name, and the `format` of the configs read from its exports. */
  readonly name: PlatformName;
  /** How people call it: `Flowise`. */
  readonly label: string;
  /** How its tools are built, sent and judged, quirks included (`--profile <name>`). */
  readonly profile: ToolProfile;
  /** The shapes of its exports a config file or stdin may hold, tried in order. */
  readonly loaders: readonly ExportLoader[];
  /**
   * Its export shapes, for the error on a value no loader takes:
   * `Flowise request-tool inputs (requestsGetUrl…) or a Flowise flow export ("nodes")`.
   */
  readonly shapes: string;
  /** Its lint rules, in the order their findings are reported for one tool. */
  readonly rules: readonly LintRule[];
  /**
   * Ties together what one load read from several files, once all are read (a flow's Custom Tool node
   * and the Tools-page export of its row): called by `loadToolConfigs` before names are checked, with the
   * files the settings link to its tool ids (each read by then, named as the load names it).
   */
  completeLoad?(result: LoadResult, linked?: ReadonlyMap<string, LinkedToolFile>): void;
  /** Reading tools from a running instance of it (`--flowise URL`), if it has an API for that. */
  readonly remote?: RemoteSource;
  /** The page of docs/ that lists its facts and how tooldeck models them. */
  readonly docs: string;
  /** Tool kinds it adds to tooldeck's format (`kind: …`), each with its own executor. */
  readonly toolKinds: readonly ToolKind[];
  /**
   * What a request tool exported from this platform should do instead when it misses the spec's
   * operation `operation` (the hint of `operation-not-found`): what the platform can send.
   */
  operationHint(config: RequestToolConfig, operation: IndexedOperation): string;
  /**
   * Whether `operation-not-found` also carries its fix on this platform's calls (said as the hint, written
   * through the kind's `CallView.fixOf` and `exportFixes`): a Dify node's method and URL are plain fields.
   */
  readonly fixesOperations?: true;
  /**
   * The types its editor lets an author give a value the model fills, as a param and as a body field:
   * rules ask for no type outside them (Flowise has no integer; a request tool's params no array).
   */
  readonly fieldTypes: { readonly param: readonly FieldType[]; readonly body: readonly FieldType[] };
  /** How `check --fix` writes a fix of one of its tools into its export; without it, fixes are only said. */
  readonly exportFixes?: ExportFixer;
}

/**
 * What the registry knows of a platform without loading it: enough to tell its exports, name its kinds,
 * rules and flags, and load it. A run `import()`s the platform (`load`) only when it reads one of its
 * files, runs its profile or one of its kinds (`preparePlatforms`); `test/architecture/platform-boundary`
 * holds each entry equal to its platform.
 */
export interface PlatformEntry {
  readonly name: PlatformName;
  readonly label: string;
  /** As `Platform.shapes`. */
  readonly shapes: string;
  readonly docs: string;
  /** Whether a config object is one of its exports: exactly when one of its loaders detects it. */
  detects(value: Record<string, unknown>): boolean;
  /**
   * The `kind` its exports carry, when they carry one (Dify's app DSL: `kind: app`): a value with a `kind`
   * is its export only with this one, and never tooldeck's own config.
   */
  readonly exportKind?: string;
  /** The `kind`s its `toolKinds` add. */
  readonly toolKinds: readonly string[];
  /**
   * Its rules' ids and severities, as its `rules` say them: what settings and presets (`tooldeck:strict`)
   * read before it is loaded.
   */
  readonly rules: readonly Pick<RuleInfo, "id" | "severity" | "otherSeverities">[];
  /** Its remote's flags (`--<name> URL`, the pick flag, the API key variables), when it has one. */
  readonly remote?: Pick<RemoteSource, "pickFlag" | "apiKeyEnv">;
  /** Its module's `Platform`. */
  load(): Promise<Platform>;
}

/** How fixes of a platform's tools are written into its exports (`check --fix`), changes given in the config's paths. */
export interface ExportFixer {
  /**
   * Why the changes cannot be written into the export, as the config alone shows (a Flowise request
   * node's method is its node type), or undefined when they may be.
   */
  whyNotFixable(config: { kind: string }, changes: readonly ConfigChange[]): string | undefined;
  /**
   * The changes as edits of the export's value at the config's place (a node's inputs, a tool row), each
   * path relative to that place, or why they cannot be written there (a URL input holding HTML).
   */
  toEdits(value: unknown, changes: readonly ConfigChange[]): Fixed<JsonEdit[]>;
}

/** What a fix becomes in another form, or why it cannot be said there (one line). */
export type Fixed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One shape of a platform's exports (a flow export, a node's inputs): how to tell it and read it. */
export interface ExportLoader {
  /**
   * The `kind` its exports carry, when they carry one (a Dify app's `kind: app`): a value with this
   * `kind` is this export, not tooldeck's format. A loader without it is never tried on a value that has
   * a `kind`.
   */
  readonly kind?: string;
  /** Whether a config object has this shape. */
  detects(value: Record<string, unknown>): boolean;
  /** Its tools, errors, warnings and skipped nodes, into `sink`, located under `path`. */
  load(value: Record<string, unknown>, path: string, sink: LoadSink): void;
}

/** Where a running instance is, as the command line names it (`--flowise URL --api-key KEY --chatflow ID`). */
export interface RemoteSourceOptions {
  /** The server, e.g. `http://localhost:3000`. */
  url: string;
  apiKey?: string;
  /** Only these items of it (chatflows, workflows), in this order. */
  ids?: readonly string[];
  /** Default: the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Reading a platform's tools over its REST API, as any HTTP client would. */
export interface RemoteSource {
  /** The repeatable flag picking items of the instance (`chatflow`: `--chatflow ID`); the instance's flag is the platform's name. */
  readonly pickFlag: string;
  /** Environment variables read, in order, for the API key when `--api-key` is not given. */
  readonly apiKeyEnv: readonly string[];
  /**
   * The instance's tools, each item labelled as the file `<platform>:<item name>`. A server that cannot
   * be read (network, 401) throws one `ToolDeckError("load", …)` naming the URL.
   */
  load(options: RemoteSourceOptions): Promise<LoadResult>;
}

/**
 * A kind of tool config a platform adds to tooldeck's format (`kind: custom-tool`), with its executor:
 * the core runs and lists it like its own kinds, by asking the registry.
 */
export interface ToolKind {
  /** The `kind` value. */
  readonly kind: string;
  /** Reads tooldeck's own format of it (a tools/ file); undefined, with errors in `sink`, when invalid. */
  fromCanonical(value: Record<string, unknown>, path: string, sink: LoadSink): { kind: string } | undefined;
  /** Its executable tools under the runtime options (the profile among them). */
  create(config: { kind: string }, options: ToolRuntimeOptions): Promise<ExecutableTool[]>;
  /**
   * Its configs are steps of a workflow that no model picks or fills (a Dify HTTP Request node): the rules
   * on what a model reads of a tool (`tool-description`) leave its calls alone.
   */
  readonly unseenByModel?: true;
  /** The config with its requests aimed at `baseUrl` (`--base-url`), as `toBaseUrl` aims the core's kinds. */
  toBaseUrl?(config: { kind: string }, baseUrl: string): { kind: string };
  /**
   * The HTTP calls a config of this kind makes, each seen as a request tool (a Custom Tool's calls found
   * in its code, an n8n node's one request with a `{name}` placeholder per value the model fills), so the
   * core's rules on calls judge them like request tools' (`LintRule.judgesCalls`). Empty when none can be
   * read as one (a URL that depends on an expression tooldeck does not evaluate).
   */
  callViews?(config: { kind: string }): readonly CallView[];
  /**
   * The tooldeck variables a config of this kind sends as credentials, whatever they are called (a Dify
   * node's `{{#env.key#}}` in its Authorization header): their values are masked wherever tooldeck shows them.
   */
  credentialVariables?(config: { kind: string }): readonly string[];
  /**
   * The name its model is given, where the platform makes it from the config's (an n8n node's title
   * `Update Event` is the tool `Update_Event`): findings name the tool so, and its node by its title.
   */
  modelName?(config: { kind: string }): string;
  /**
   * How the platform cuts the answer its model reads from a config of this kind (`context-budget`): the
   * characters it keeps, the field holding the records, and the setting that cuts it. Without it, the
   * kind's answers are not judged (a Custom Tool's code decides what it returns).
   */
  answerCut?(config: { kind: string }): AnswerCut;
  /**
   * Where a config of this kind writes the name or the description its model is given, exactly as sent
   * (`parameters.toolDescription`), or why `--fix` cannot change it there (an n8n tool's name is its
   * node's title, which the workflow's connections name). Without it, `provider-rejects` fixes neither.
   */
  modelFieldPath?(config: { kind: string }, field: "name" | "description"): Fixed<string>;
  /**
   * Why `--fix` cannot make the parameter schema a provider refuses legal in a config of this kind
   * without changing the request (`key`: the property a property-key rule refused). Without it, such a
   * refusal carries no fix.
   */
  whySchemaNotFixable?(config: { kind: string }, key: string | undefined): string;
}

/** How a tool's answer is cut before the model reads it, and the platform's own way to cut it. */
export interface AnswerCut {
  /** The characters kept; absent: the whole answer. */
  chars?: number;
  /** The field whose records are kept (n8n's Field Containing Data): the answer's list is there. */
  dataField?: string;
  /** The platform's setting that cuts it, said in findings: `turn on Optimize Response …`. */
  advice: string;
}

/** One call a platform kind makes, as a request tool, and where in the config it is written. */
export interface CallView {
  config: RequestToolConfig;
  /**
   * Where a finding on a field of the view lies in the platform's config (`url` → `parameters.url`; every
   * field of a Custom Tool's call → `func`).
   */
  pathOf(path: string): string;
  /** Said before each finding's message: where in that field the call is (`line 5: `). */
  prefix?: string;
  /**
   * A fix of the view (its changes in the view's paths: `url`) as changes of the platform's config
   * (`parameters.url`, a Custom Tool's `func`), or why that config cannot say it (`the URL is built in
   * code in the Custom Tool`). Without it, fixes of the view are only said.
   */
  fixOf?(changes: readonly ConfigChange[]): Fixed<ConfigChange[]>;
}
