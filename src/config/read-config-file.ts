import { extname } from "node:path";
import { parseBounded } from "../project-files/parse-bounded.js";
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
  return parse(text, path);
}

function parse(text: string, path: string): ConfigFileContent {
  try {
    return { ok: true, value: parseBounded(text, extname(path).toLowerCase() === ".json" ? "json" : "yaml") };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
