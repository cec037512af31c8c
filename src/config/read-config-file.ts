import { extname } from "node:path";
import { load } from "js-yaml";
import { assertBoundedExpansion, ExpansionError } from "../project-files/bounded-expansion.js";
import { type ReadProjectFileOptions, readProjectFile } from "../project-files/read-project-file.js";

/** Extensions of config files: the ones read from folders, and the only ones accepted when named. */
export const CONFIG_EXTENSIONS: readonly string[] = [".json", ".yaml", ".yml"];

/** The parsed content of a config file, or a one-line reason it has none. */
export type ConfigFileContent = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Reads and parses a .json, .yaml or .yml file; any failure is a one-line message (never a throw).
 * With `roots`, the file must really be inside one of them (docs/security.md).
 */
export function readConfigFile(path: string, options: ReadProjectFileOptions = {}): ConfigFileContent {
  let text: string;
  try {
    text = readProjectFile(path, options).replace(/^\uFEFF/, "");
  } catch (error) {
    return { ok: false, message: (error as Error).message };
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
    const value = load(text);
    // Aliases share objects: a few hundred bytes can stand for billions of values once walked.
    assertBoundedExpansion(value);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ExpansionError) return { ok: false, message: error.message };
    const { reason, mark } = error as { reason?: string; mark?: { line: number; column: number } };
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : "";
    return { ok: false, message: `invalid YAML (${reason ?? (error as Error).message}${where})` };
  }
}
