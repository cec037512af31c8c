import { realpathSync } from "node:fs";
import { dump } from "js-yaml";
import { isInsideRoots, realRoots } from "../../project-files/project-root.js";
import { resolveRuleModule } from "../custom-rules/load-custom-rules.js";
import type { SettingsLayer } from "../settings/settings-layer.js";
import type { Pins } from "../settings/settings-schema.js";
import { pluginCode } from "./plugin-code.js";

/**
 * The `pins` of the settings in use, as `--config-required` compares them: each `plugins` entry's files
 * (`inProject: true` where it resolves inside `project`, said so the reviewer of the pins sees it) and
 * each extended settings file. Nothing is imported or run.
 */
export function pinsInUse(layers: readonly SettingsLayer[], project: readonly string[]): Pins {
  const roots = realRoots(project);
  const pins: Pins = { plugins: {}, extends: {} };
  for (const ref of layers.flatMap((layer) => layer.plugins)) {
    const entry = resolveRuleModule(ref);
    const inProject = isInsideRoots(realpathSync(entry), roots);
    pins.plugins[ref.spec] = { ...(inProject ? { inProject } : {}), sha256: pluginCode(ref, entry).files };
  }
  for (const layer of layers.slice(0, -1))
    if (layer.file !== undefined) pins.extends[layer.name] = layer.file.sha256;
  return pins;
}

/**
 * `--print-pins`: the `pins:` section to put in the settings file `--config-required` reads (the base
 * branch's copy once merged), as YAML.
 * @example
 * formatPins(pinsInUse(layers, [repo])); // "pins:\n  plugins:\n    ./rules/x.js:\n      inProject: true\n…"
 */
export function formatPins(pins: Pins): string {
  return dump({ pins }, { lineWidth: -1 });
}
