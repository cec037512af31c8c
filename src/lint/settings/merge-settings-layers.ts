import type { LinkedToolFile } from "../../config/linked-tool-file.js";
import type { WireChoice } from "../../providers/wire-choice.js";
import type { ProviderId } from "../../providers/wire-tool.js";
import type { RuleSetting } from "../apply-severities.js";
import type { RuleModuleRef } from "../custom-rules/load-custom-rules.js";
import type { ApiEntry, SettingsLayer } from "./settings-layer.js";
import type { SettingsOverride } from "./settings-override.js";

/** A settings chain as one: what a run uses. */
export interface MergedSettings {
  rules: Record<string, RuleSetting>;
  /** The preset or file that set each rule, where it is another than the file read (`tooldeck:flowise`). */
  ruleOrigins: Record<string, string>;
  /** Every layer's overrides, in merge order: the last that sets a finding's rule decides. */
  overrides: SettingsOverride[];
  /** Every layer's rule modules, in merge order. */
  plugins: RuleModuleRef[];
  /** The APIs the layers name: a later layer's API of the same name replaces an earlier one's. */
  apis: Map<string, ApiEntry>;
  /** The Custom Tool files the layers link to ids (`flowise.tools`): a later layer's link of an id wins. */
  flowiseTools: Map<string, LinkedToolFile>;
  /** The documents the layers name for Dify's custom tool providers (`dify.providers`): a later layer's wins. */
  difyProviders: Map<string, LinkedToolFile>;
  /** The providers the last layer naming them names (`providers`). */
  providers?: ProviderId[];
  /** The last layer's `wire` (what form of the tools provider-rejects judges). */
  wire?: WireChoice;
  /** The last layer's `contextBudget` and where it was set (`contextBudget in tooldeck.config.yaml`). */
  contextBudget?: { tokens: number; source: string };
}

/**
 * The layers merged in order, as ESLint merges `extends`: a later layer's setting of a rule replaces an
 * earlier one's, the file read comes last, overrides are appended.
 */
export function mergeSettingsLayers(layers: readonly SettingsLayer[], fileRead: string): MergedSettings {
  const merged: MergedSettings = {
    rules: {},
    ruleOrigins: {},
    overrides: [],
    plugins: [],
    apis: new Map(),
    flowiseTools: new Map(),
    difyProviders: new Map(),
  };
  for (const layer of layers) {
    for (const [rule, setting] of Object.entries(layer.rules)) {
      merged.rules[rule] = setting;
      if (layer.name === fileRead) delete merged.ruleOrigins[rule];
      else merged.ruleOrigins[rule] = layer.name;
    }
    merged.overrides.push(...layer.overrides);
    merged.plugins.push(...layer.plugins);
    for (const [name, api] of layer.apis ?? []) merged.apis.set(name, api);
    for (const [id, linked] of layer.flowiseTools ?? []) merged.flowiseTools.set(id, linked);
    for (const [name, linked] of layer.difyProviders ?? []) merged.difyProviders.set(name, linked);
    if (layer.providers) merged.providers = layer.providers;
    if (layer.wire) merged.wire = layer.wire;
    if (layer.contextBudget !== undefined)
      merged.contextBudget = { tokens: layer.contextBudget, source: `contextBudget in ${layer.name}` };
  }
  return merged;
}
