import { readdirSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { CONFIG_EXTENSIONS } from "./read-config-file.js";

const SETTINGS_FILE = /^tooldeck\.config\.(json|ya?ml)$/i;

/**
 * The .json/.yaml/.yml files under `folder`, recursively, in code-point order of their names (stable on
 * every machine). Hidden files and folders (`.git`, `.gitkeep`) are left out, and so are tooldeck's own
 * settings files (`tooldeck.config.yaml`: rule severities, not a tool). Paths start with `folder`
 * as given, so messages name files the way the user wrote them; `base` resolves it when relative.
 */
export function listConfigFiles(folder: string, base: string): string[] {
  const names = readdirSync(resolve(base, folder)).filter(
    (name) => !name.startsWith(".") && !SETTINGS_FILE.test(name),
  );
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.flatMap((name) => {
    const path = join(folder, name);
    const stats = statSync(resolve(base, path), { throwIfNoEntry: false });
    if (stats?.isDirectory()) return listConfigFiles(path, base);
    return stats?.isFile() && CONFIG_EXTENSIONS.includes(extname(name).toLowerCase()) ? [path] : [];
  });
}
