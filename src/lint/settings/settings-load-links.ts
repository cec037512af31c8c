import type { LoadToolConfigsOptions } from "../../config/load-tool-configs.js";
import type { MergedSettings } from "./merge-settings-layers.js";

/**
 * What the settings give a load of tools: the files they link to Flowise's tool ids (`flowise.tools`) and
 * the documents they name for Dify's custom tool providers (`dify.providers`); empty when they name none.
 * @example
 * loadToolConfigs(paths, { roots, ...settingsLoadLinks(mergeSettingsLayers(layers, name)) });
 */
export function settingsLoadLinks(
  settings: Pick<MergedSettings, "flowiseTools" | "difyProviders">,
): Pick<LoadToolConfigsOptions, "linked" | "documents"> {
  return {
    ...(settings.flowiseTools.size > 0 ? { linked: { flowise: settings.flowiseTools } } : {}),
    ...(settings.difyProviders.size > 0 ? { documents: { dify: settings.difyProviders } } : {}),
  };
}
