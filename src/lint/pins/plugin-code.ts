import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { ToolDeckError } from "../../errors.js";
import { acorn, acornWalk } from "../../text/javascript-parser.js";
import type { RuleModuleRef } from "../custom-rules/load-custom-rules.js";
import { sha256Hex } from "./sha256-hex.js";

/** How many files one plugin's code may be: a rules package is small, a larger one is a mistake. */
export const MAX_PINNED_FILES = 2000;

/** The files a rule module's code is, each by its sha256. */
export interface PluginCode {
  /** The folder the file names are relative to: the package's, or a path module's own. */
  base: string;
  /** `index.js` → its sha256, `/`-separated, sorted. */
  files: Record<string, string>;
}

/**
 * The files a rule module resolved to `entry` is made of. A package (`@acme/rules`): every file of its
 * folder (the nearest one above the entry with a package.json, `package.json` included), its own
 * `node_modules` and `.git` aside; a symlink counts by what it says. A path (`./rules/x.js`): the file
 * and every file it imports by a relative path (`./util.js`), found in its parsed code, and theirs:
 * hashing its whole folder would pin the repository. What either imports from other packages is not
 * its code and is not pinned (docs/security.md says so).
 */
export function pluginCode(ref: RuleModuleRef, entry: string): PluginCode {
  const isPath = ref.spec.startsWith(".") || isAbsolute(ref.spec);
  const base = isPath ? dirname(entry) : packageFolder(entry);
  const paths = isPath ? importedFiles(entry) : packageFiles(base);
  if (paths.length > MAX_PINNED_FILES)
    throw new ToolDeckError(
      "load",
      `${ref.at}: ${ref.spec} is more than ${MAX_PINNED_FILES} files; --config-required pins no code that large`,
    );
  const files: Record<string, string> = {};
  for (const path of paths.sort()) files[relative(base, path).split(sep).join("/")] = fileDigest(path);
  return { base, files };
}

/** The nearest folder above the entry that holds a package.json (the entry's own when none does). */
function packageFolder(entry: string): string {
  for (let dir = dirname(entry); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return dirname(entry);
  }
}

function packageFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (files.length > MAX_PINNED_FILES) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== ".git") walk(path);
      } else if (entry.isFile() || entry.isSymbolicLink()) files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** A file by its bytes; a symlink by its target, so that changing where it points changes the pin. */
function fileDigest(path: string): string {
  return lstatSync(path).isSymbolicLink()
    ? sha256Hex(`symlink:${readlinkSync(path)}`)
    : sha256Hex(readFileSync(path));
}

/** The entry and what it imports by relative path, transitively (each once). */
function importedFiles(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined && seen.size <= MAX_PINNED_FILES; file = queue.shift()) {
    for (const specifier of relativeImports(file)) {
      const target = resolve(dirname(file), specifier);
      if (seen.has(target) || !statSync(target, { throwIfNoEntry: false })?.isFile()) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return [...seen];
}

/** `./x.js` and `../y.mjs` of `import`, `export … from`, `import()` and `require()` with a literal path. */
function relativeImports(file: string): string[] {
  let program: import("acorn").Program;
  try {
    program = acorn().parse(readFileSync(file, "utf8"), {
      ecmaVersion: "latest",
      sourceType: "module",
      allowHashBang: true,
    });
  } catch {
    // Code that does not parse is pinned alone: importing it fails anyway.
    return [];
  }
  const found: string[] = [];
  const take = (source: unknown) => {
    const value = (source as { type?: string; value?: unknown } | null | undefined)?.value;
    if (typeof value === "string" && /^\.\.?\//.test(value)) found.push(value);
  };
  acornWalk().simple(program, {
    ImportDeclaration: (node) => take(node.source),
    ExportNamedDeclaration: (node) => take(node.source),
    ExportAllDeclaration: (node) => take(node.source),
    ImportExpression: (node) => take(node.source),
    CallExpression: (node) => {
      if (node.callee.type === "Identifier" && node.callee.name === "require") take(node.arguments[0]);
    },
  });
  return found;
}
