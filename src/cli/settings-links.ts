import type { LoadToolConfigsOptions } from "../config/load-tool-configs.js";
import { readSettingsLayers } from "../lint/lint-settings.js";
import { mergeSettingsLayers } from "../lint/settings/merge-settings-layers.js";
import { settingsLoadLinks } from "../lint/settings/settings-load-links.js";
import { projectRoots } from "../project-files/project-read-options.js";

/** The `--config FILE` flag of the commands that load tools without linting them (tools, call, agent, mcp). */
export const SETTINGS_FLAG = { config: { type: "string" } } as const;

/**
 * The files `tooldeck.config.*` links to platforms' tool ids (`flowise: { tools: { <id>: <file> } }`) and
 * the documents it names for their loaders (`dify: { providers: { <name>: <file> } }`), read as check reads its settings: `--config FILE`, else the settings file of the working directory,
 * inside the project. A flow whose Custom Tool is linked only there then loads as check loads it.
 * Undefined when no settings file links one.
 * @example
 * loadToolConfigs(paths, { roots, ...settingsLinks({ config: "ci.yaml" }) });
 */
export function settingsLinks(values: {
  config?: string | undefined;
  root?: string[] | undefined;
}): Pick<LoadToolConfigsOptions, "linked" | "documents"> {
  const read = readSettingsLayers(values.config, process.cwd(), projectRoots(values.root));
  return settingsLoadLinks(mergeSettingsLayers(read.layers, read.source ?? ""));
}
