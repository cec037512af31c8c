import { z } from "zod";

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
 * A `tooldeck.config.{json,yaml,yml}` as written: `extends` (presets and settings files, merged in order,
 * then the file's own), `plugins` (rule modules: code, run only when the command line allows it),
 * `rules`, `overrides`, `apis` (the project's APIs: which description judges which tools).
 */
export const SettingsFileSchema = z
  .object({
    extends: Names.optional(),
    plugins: Names.optional(),
    rules: RulesSchema.default({}),
    overrides: z.array(OverrideSchema).default([]),
    apis: z
      .record(z.string().regex(/^[\w.-]+$/, "an API name: letters, digits, _ . -"), ApiSettingSchema)
      .optional(),
  })
  .strict();
export type SettingsFile = z.infer<typeof SettingsFileSchema>;
