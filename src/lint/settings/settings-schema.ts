import { z } from "zod";
import { WIRE_CHOICES } from "../../providers/wire-choice.js";
import { PROVIDER_IDS } from "../../providers/wire-tool.js";

/** `rules: { <id>: off|info|warning|error }`. */
export const RulesSchema = z.record(z.string(), z.enum(["off", "info", "warning", "error"]));

const Names = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/**
 * `overrides[]`: rule settings for some files (globs, relative to the folder of the settings file read)
 * and, optionally, only some tools of them: how a JSON config or a Flowise export, which hold no
 * comments, accepts a finding.
 */
export const OverrideSchema = z
  .object({ files: Names, tools: Names.optional(), rules: RulesSchema, reason: z.string().min(1).optional() })
  .strict();

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a sha256 in hex (64 characters 0-9a-f)");

/**
 * `pins`: what `--config-required` holds the code and files of a run to, read from the required file only
 * (docs/security.md): per `plugins` entry (as written) the sha256 of each file of its code (relative to
 * its package's folder, or to a path module's folder) and whether it may be resolved from inside the
 * checked project (`inProject: true`); per extended settings file (as reports name it) its sha256.
 */
export const PinsSchema = z
  .object({
    plugins: z
      .record(
        z.string(),
        z.object({ sha256: z.record(z.string(), Sha256), inProject: z.boolean().optional() }).strict(),
      )
      .default({}),
    extends: z.record(z.string(), Sha256).default({}),
  })
  .strict();
export type Pins = z.infer<typeof PinsSchema>;

/**
 * `apis.<name>`: an API of the project, as Redocly's `apis`: its OpenAPI description (a path relative to
 * the settings file), the hosts its requests go to besides its servers', and the variable that carries
 * its base URL (`base_url` for `{{$vars.base_url}}/events`).
 */
export const ApiSettingSchema = z
  .object({
    spec: z.string().min(1),
    hosts: z.array(z.string().min(1)).optional(),
    baseUrlVar: z
      .string()
      .regex(/^[\w.-]+$/, "a variable name, as in {{$vars.NAME}}")
      .optional(),
  })
  .strict();
export type ApiSetting = z.infer<typeof ApiSettingSchema>;

/**
 * `flowise`: how Flowise's exports are read. `tools.<id>`: the file (relative to the settings file) holding
 * the Custom Tool a flow's node names by that id, since Flowise's Tools-page export holds no id.
 */
export const FlowiseSettingSchema = z
  .object({ tools: z.record(z.string().min(1), z.string().min(1)).default({}) })
  .strict();

/**
 * `dify`: how Dify's apps are read. `providers.<name>`: the OpenAPI/Swagger document (relative to the
 * settings file) of the custom API tool provider an app's tools name by that name, since the DSL holds
 * none (docs/dify.md, "Where the document comes from").
 */
export const DifySettingSchema = z
  .object({ providers: z.record(z.string().min(1), z.string().min(1)).default({}) })
  .strict();

/**
 * `providers`: the model providers every agent's tools are judged against (provider-rejects), as the
 * `--provider` flags name them: one id or a list.
 */
export const ProvidersSchema = z.union([z.enum(PROVIDER_IDS), z.array(z.enum(PROVIDER_IDS)).min(1)]);

/**
 * A `tooldeck.config.{json,yaml,yml}` as written: `extends` (presets and settings files, merged in order,
 * then the file's own), `plugins` (rule modules: code, run only when the command line allows it),
 * `rules`, `overrides`, `apis` (the project's APIs: which description judges which tools), `flowise` (the
 * files of the Custom Tools flows name by id), `dify` (the documents of the custom tool providers apps
 * name), `providers` (what provider-rejects judges against), `wire` (what form of each agent's tools it
 * judges: `default` or `captured`),
 * `contextBudget` (the tokens an agent's context holds, which `context-budget` judges against), and the
 * `pins` `--config-required` compares code with.
 */
export const SettingsFileSchema = z
  .object({
    extends: Names.optional(),
    plugins: Names.optional(),
    rules: RulesSchema.default({}),
    overrides: z.array(OverrideSchema).default([]),
    pins: PinsSchema.optional(),
    apis: z
      .record(z.string().regex(/^[\w.-]+$/, "an API name: letters, digits, _ . -"), ApiSettingSchema)
      .optional(),
    flowise: FlowiseSettingSchema.optional(),
    dify: DifySettingSchema.optional(),
    providers: ProvidersSchema.optional(),
    wire: z.enum(WIRE_CHOICES).optional(),
    contextBudget: z.number().int().positive().optional(),
  })
  .strict();
export type SettingsFile = z.infer<typeof SettingsFileSchema>;
