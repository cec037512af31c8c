import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve as resolveModule } from "import-meta-resolve";
import type { z } from "zod";
import type { LinkedToolFile } from "../../config/linked-tool-file.js";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { parseBounded } from "../../project-files/parse-bounded.js";
import { readProjectFile } from "../../project-files/read-project-file.js";
import { nearestName } from "../../text/nearest-name.js";
import { sha256Hex } from "../pins/sha256-hex.js";
import { PRESET_NAMES, PRESETS } from "./presets.js";
import type { ApiEntry, SettingsLayer } from "./settings-layer.js";
import { type SettingsFile, SettingsFileSchema } from "./settings-schema.js";

/** How many files deep `extends` may go: a chain is written by hand, a deeper one is a mistake or an attack. */
export const MAX_EXTENDS_DEPTH = 10;

const SETTINGS_FILE = /\.(json|ya?ml)$/i;

/**
 * A settings file and everything it `extends`, as layers in merge order: each entry of `extends` (a
 * preset, or a settings file and its own chain), then the file's own settings. A file extended is read
 * like the first (inside `roots`, bounded); a path is relative to the file naming it, any other name is
 * an npm package resolved from there (its `exports` or `main` must be a settings file). Only settings
 * are read: a `.js` file or package named in `extends` is refused, never run. A cycle, a chain deeper
 * than `MAX_EXTENDS_DEPTH`, a preset or file that does not exist, are one-line `load` errors.
 * @example
 * readSettingsChain("tooldeck.config.yaml", "tooldeck.config.yaml", [repo]); // [{ name: "tooldeck:strict", … }, { name: "tooldeck.config.yaml", … }]
 */
export function readSettingsChain(path: string, name: string, roots: readonly string[]): SettingsLayer[] {
  return readLayers(path, name, roots, []);
}

function readLayers(path: string, name: string, roots: readonly string[], chain: string[]): SettingsLayer[] {
  const real = resolve(path);
  if (chain.includes(real))
    throw new ToolDeckError("load", `${name}: extends itself (${[...chain, real].map(shown).join(" → ")})`);
  if (chain.length >= MAX_EXTENDS_DEPTH)
    throw new ToolDeckError("load", `${name}: extends go more than ${MAX_EXTENDS_DEPTH} files deep`);
  const { file, text } = parseSettingsFile(path, name, roots);
  const extended = listOf(file.extends).flatMap((entry, index) =>
    extendedLayers(entry, `${name}: extends[${index}]`, dirname(real), roots, [...chain, real]),
  );
  return [
    ...extended,
    {
      name,
      rules: file.rules,
      overrides: file.overrides.map((override, index) => ({
        files: listOf(override.files),
        ...(override.tools === undefined ? {} : { tools: listOf(override.tools) }),
        rules: override.rules,
        ...(override.reason === undefined ? {} : { reason: override.reason }),
        origin: `${name} overrides[${index}]`,
      })),
      plugins: listOf(file.plugins).map((spec, index) => ({
        spec,
        from: dirname(real),
        at: `${name}: plugins[${index}]`,
      })),
      file: { path: real, sha256: sha256Hex(text) },
      ...(file.pins ? { pins: file.pins } : {}),
      ...(file.apis ? { apis: apiEntries(file.apis, name, dirname(real)) } : {}),
      ...(file.flowise
        ? { flowiseTools: linkedFiles(file.flowise.tools, "flowise.tools", name, dirname(real)) }
        : {}),
      ...(file.dify
        ? { difyProviders: linkedFiles(file.dify.providers, "dify.providers", name, dirname(real)) }
        : {}),
      ...(file.providers ? { providers: listOf(file.providers) } : {}),
      ...(file.wire ? { wire: file.wire } : {}),
      ...(file.contextBudget === undefined ? {} : { contextBudget: file.contextBudget }),
    },
  ];
}

/** `apis:` with each spec resolved from the file's folder, as `extends` paths are. */
function apiEntries(
  apis: NonNullable<SettingsFile["apis"]>,
  name: string,
  dir: string,
): [string, ApiEntry][] {
  return Object.entries(apis).map(([key, api]): [string, ApiEntry] => [
    key,
    {
      spec: resolve(dir, api.spec),
      hosts: api.hosts ?? [],
      ...(api.baseUrlVar === undefined ? {} : { baseUrlVar: api.baseUrlVar }),
      origin: `apis.${key} in ${name}`,
    },
  ]);
}

/**
 * `flowise.tools`, `dify.providers` (`setting`) with each file resolved from the settings file's folder, as
 * `apis` specs are: where it is read from is judged when it is read (inside the project).
 */
function linkedFiles(
  files: Record<string, string>,
  setting: string,
  name: string,
  dir: string,
): [string, LinkedToolFile][] {
  return Object.entries(files).map(([key, file]): [string, LinkedToolFile] => [
    key,
    { file: resolve(dir, file), origin: `${setting}.${key} in ${name}` },
  ]);
}

function extendedLayers(
  entry: string,
  at: string,
  dir: string,
  roots: readonly string[],
  chain: string[],
): SettingsLayer[] {
  if (entry.startsWith("tooldeck:")) {
    const rules = PRESETS[entry];
    if (rules === undefined) {
      const nearest = nearestName(entry, PRESET_NAMES);
      throw new ToolDeckError(
        "load",
        `${at}: no such preset ${entry}${nearest ? `, did you mean ${nearest}?` : ""} (presets: ${PRESET_NAMES.join(", ")})`,
      );
    }
    return [{ name: entry, rules: { ...rules }, overrides: [], plugins: [] }];
  }
  const isPath = entry.startsWith(".") || isAbsolute(entry);
  const path = isPath ? resolve(dir, entry) : resolvePackage(entry, dir, at);
  if (!SETTINGS_FILE.test(path))
    throw new ToolDeckError(
      "load",
      `${at}: ${entry} is not a settings file (.json, .yaml or .yml); tooldeck runs no code named in extends (rule modules go in plugins)`,
    );
  return readLayers(path, isPath ? shown(path) : entry, roots, chain);
}

/** The file an npm package name leads to from `dir`, as Node's ESM resolution finds it. */
function resolvePackage(name: string, dir: string, at: string): string {
  try {
    return fileURLToPath(resolveModule(name, pathToFileURL(`${dir}${sep}`).href));
  } catch {
    throw new ToolDeckError(
      "load",
      `${at}: cannot find the package ${name} from ${shown(dir)} (is it installed?)`,
    );
  }
}

/** The file's settings, and its text as read (what `pins.extends` hashes). */
function parseSettingsFile(
  path: string,
  name: string,
  roots: readonly string[],
): { file: SettingsFile; text: string } {
  let data: unknown;
  let text: string;
  try {
    text = readProjectFile(path, { roots });
    data = parseBounded(text, "yaml");
  } catch (cause) {
    throw new ToolDeckError("load", `${name}: ${(cause as Error).message.split("\n")[0]}`);
  }
  const parsed = SettingsFileSchema.safeParse(data ?? {});
  if (!parsed.success)
    throw new ToolDeckError("load", `${name}: ${formatZodIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`);
  return { file: parsed.data, text };
}

function listOf<T extends string>(names: T | T[] | undefined): T[] {
  return names === undefined ? [] : typeof names === "string" ? [names] : names;
}

/** A path as reports show it: relative to the working directory when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : path;
}
