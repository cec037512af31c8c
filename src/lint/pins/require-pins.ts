import { realpathSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { ToolDeckError } from "../../errors.js";
import { isInsideRoots, realRoots } from "../../project-files/project-root.js";
import { type RuleModuleRef, resolveRuleModule } from "../custom-rules/load-custom-rules.js";
import type { SettingsLayer } from "../settings/settings-layer.js";
import type { Pins } from "../settings/settings-schema.js";
import { pluginCode } from "./plugin-code.js";

/** What the required file pins, and how errors name it. */
export interface RequiredPins {
  /** The `--config-required` file, as given. */
  file: string;
  /** Its `pins`; none pins nothing, so every plugin and extended file is refused. */
  pins: Pins | undefined;
}

/** The hint every refusal for want of a pin ends with. */
const PRINT_HINT = "--print-pins prints the pins of the files in use";

/**
 * `--config-required` with `plugins`: each module a settings file names is refused before it is imported
 * unless the required file pins its code (`pins.plugins[<spec>].sha256`, per file, see `pluginCode`) and
 * the code found is that code; one resolved from inside the checked project (`project`: a committed
 * `node_modules` copy, or `./rules/x.js`) is refused unless its pin says `inProject: true`. Throws a
 * one-line `load` error naming the plugin, the file, and the sha256 found against the one pinned.
 * @example
 * requirePluginPins(plugins, { file: "ci/trusted.yaml", pins }, [repo]);
 */
export function requirePluginPins(
  plugins: readonly RuleModuleRef[],
  required: RequiredPins,
  project: readonly string[],
): void {
  const roots = realRoots(project);
  for (const ref of plugins) {
    const pin = required.pins?.plugins[ref.spec];
    if (pin === undefined)
      throw new ToolDeckError(
        "load",
        `${ref.at}: ${ref.spec} is code that --config-required ${required.file} does not pin (pins.plugins); ${PRINT_HINT}`,
      );
    const entry = resolveRuleModule(ref);
    const code = pluginCode(ref, entry);
    const difference = firstDifference(code.files, pin.sha256);
    if (difference !== undefined) {
      const { name, found, expected } = difference;
      throw new ToolDeckError(
        "load",
        `${ref.at}: ${ref.spec}: ${shown(join(code.base, name))} ${found === undefined ? "is not among its files" : `has sha256 ${found}`}, --config-required ${required.file} pins ${expected === undefined ? "no such file" : `sha256 ${expected}`}`,
      );
    }
    if (pin.inProject !== true && isInsideRoots(realpathSync(entry), roots))
      throw new ToolDeckError(
        "load",
        `${ref.at}: ${ref.spec} resolves to ${shown(entry)}, inside the checked project; --config-required ${required.file} pins it without inProject: true`,
      );
  }
}

/**
 * The file that is not as pinned: a changed one first (what an edit shows), then one the pins do not
 * name, then one they name that is gone (a changed module may no longer import it).
 */
function firstDifference(
  found: Record<string, string>,
  pinned: Record<string, string>,
): { name: string; found: string | undefined; expected: string | undefined } | undefined {
  const names = [...new Set([...Object.keys(found), ...Object.keys(pinned)])].sort();
  const rank = (name: string) => (found[name] === undefined ? 2 : pinned[name] === undefined ? 1 : 0);
  const name = names
    .filter((candidate) => found[candidate] !== pinned[candidate])
    .sort((a, b) => rank(a) - rank(b))[0];
  return name === undefined ? undefined : { name, found: found[name], expected: pinned[name] };
}

/**
 * `--config-required`: each settings file the settings in use extend (not the file read itself, which is
 * compared by what it sets, nor a preset) must have the sha256 the required file pins for it under its
 * name (`pins.extends["ci/base.yaml"]`). Throws a one-line `load` error naming it, found against pinned.
 */
export function requireExtendsPins(layers: readonly SettingsLayer[], required: RequiredPins): void {
  // The last layer is the file read: compared by what it sets.
  for (const layer of layers.slice(0, -1)) {
    if (layer.file === undefined) continue;
    const expected = required.pins?.extends[layer.name];
    if (expected === layer.file.sha256) continue;
    throw new ToolDeckError(
      "load",
      expected === undefined
        ? `${layer.name}: extended settings file ${shown(layer.file.path)} (sha256 ${layer.file.sha256}) is not pinned by --config-required ${required.file} (pins.extends); ${PRINT_HINT}`
        : `${layer.name}: extended settings file ${shown(layer.file.path)} has sha256 ${layer.file.sha256}, --config-required ${required.file} pins sha256 ${expected}`,
    );
  }
}

/** A path as errors show it: relative to the working directory when inside it. */
export function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith("..") && !isAbsolute(near) ? near.split(sep).join("/") : path;
}
