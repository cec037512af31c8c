import type { LinkedToolFile } from "../../config/linked-tool-file.js";
import type { WireChoice } from "../../providers/wire-choice.js";
import type { ProviderId } from "../../providers/wire-tool.js";
import type { RuleSetting } from "../apply-severities.js";
import type { RuleModuleRef } from "../custom-rules/load-custom-rules.js";
import type { SettingsOverride } from "./settings-override.js";
import type { Pins } from "./settings-schema.js";

/** An API a settings file names (`apis.<name>`), its spec path resolved from the file's folder. */
export interface ApiEntry {
  /** Absolute path of its OpenAPI description. */
  spec: string;
  hosts: string[];
  baseUrlVar?: string;
  /** `apis.events in tooldeck.config.yaml`: where it was named, as notes say. */
  origin: string;
}

/** One file or preset of a settings chain, as read: `extends` are layers before the file's own. */
export interface SettingsLayer {
  /** As reports name it: `tooldeck.config.yaml`, `ci/base.yaml`, `@acme/tooldeck-config`, `tooldeck:strict`. */
  name: string;
  rules: Record<string, RuleSetting>;
  overrides: SettingsOverride[];
  /** Rule modules it names (`plugins`), resolved from its folder. */
  plugins: RuleModuleRef[];
  /** The file read, resolved, and the sha256 of its text; none for a preset. */
  file?: { path: string; sha256: string };
  /** Its `pins` (used only from the `--config-required` file). */
  pins?: Pins;
  /** The APIs it names (`apis`), their specs resolved from its folder. */
  apis?: [string, ApiEntry][];
  /** The Custom Tool files it links to ids (`flowise.tools`), resolved from its folder. */
  flowiseTools?: [string, LinkedToolFile][];
  /** The OpenAPI documents it names for Dify's custom tool providers (`dify.providers`), resolved from its folder. */
  difyProviders?: [string, LinkedToolFile][];
  /** The providers it names (`providers`). */
  providers?: ProviderId[];
  /** What form of the tools provider-rejects judges (`wire`). */
  wire?: WireChoice;
  /** Its `contextBudget`, in tokens. */
  contextBudget?: number;
}
