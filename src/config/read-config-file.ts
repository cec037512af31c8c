import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { load } from "js-yaml";

/** Extensions of config files: the ones read from folders, and the only ones accepted when named. */
export const CONFIG_EXTENSIONS: readonly string[] = [".json", ".yaml", ".yml"];

/** The parsed content of a config file, or a one-line reason it has none. */
export type ConfigFileContent = { ok: true; value: unknown } | { ok: false; message: string };

/** Reads and parses a .json, .yaml or .yml file; any failure is a one-line message (never a throw). */
export function readConfigFile(path: string): ConfigFileContent {
  let text: string;
  try {
    text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    return { ok: false, message: `cannot read file (${(error as NodeJS.ErrnoException).code})` };
  }
  if (text.trim() === "") return { ok: false, message: "empty file" };
  return extname(path).toLowerCase() === ".json" ? parseJson(text) : parseYaml(text);
}

function parseJson(text: string): ConfigFileContent {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `invalid JSON (${(error as Error).message})` };
  }
}

function parseYaml(text: string): ConfigFileContent {
  try {
    return { ok: true, value: load(text) };
  } catch (error) {
    const { reason, mark } = error as { reason?: string; mark?: { line: number; column: number } };
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : "";
    return { ok: false, message: `invalid YAML (${reason ?? (error as Error).message}${where})` };
  }
}
