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
 * A `tooldeck.config.{json,yaml,yml}` as written: `extends` (presets and settings files, merged in order,
 * then the file's own), `plugins` (rule modules: code, run only when the command line allows it),
 * `rules`, `overrides`.
 */
export const SettingsFileSchema = z
  .object({
    extends: Names.optional(),
    plugins: Names.optional(),
    rules: RulesSchema.default({}),
    overrides: z.array(OverrideSchema).default([]),
  })
  .strict();
export type SettingsFile = z.infer<typeof SettingsFileSchema>;
