import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";

/**
 * The package's entries export what README's table documents and nothing else, so a new export is a
 * choice made in README first; each documented name has a JSDoc comment, each function an `@example`.
 * Tests reach internals through the source, never through an entry.
 */
const manifest = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as {
  exports: Record<string, { types: string }>;
};

/** The package subpath (`.`, `./emulator`) as an import specifier (`tooldeck`, `tooldeck/emulator`). */
const specifierOf = (subpath: string) => (subpath === "." ? "tooldeck" : `tooldeck/${subpath.slice(2)}`);

/** The TypeScript source an entry's declarations are built from. */
const sourceOf = (types: string) => packagePath(types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts"));

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** README's library table: each entry's documented names (the identifiers in backticks of its row). */
function documentedNames(): Map<string, string[]> {
  const readme = readFileSync(packagePath("README.md"), "utf8");
  const table = readme.slice(readme.indexOf("| import from | exports | loads |"));
  const rows = table.split("\n").slice(2);
  const documented = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    const [, entryCell = "", exportsCell = ""] = row.split("|");
    const entry = /`([^`]+)`/.exec(entryCell)?.[1] ?? "";
    const names = [...exportsCell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
    documented.set(entry, names.filter((name) => IDENTIFIER.test(name)).sort());
  }
  return documented;
}

interface ExportedName {
  name: string;
  /** The file that declares it. */
  file: string;
}

/** `export { a, type B as C } from "./x.js"`: the names each statement gives, and the file it names. */
const RE_EXPORT = /^export (?:type )?\{([^}]*)\} from "([^"]+)";/gm;
/** A declaration exported where it is written. */
const DECLARATION =
  /^export (?:declare )?(?:async )?(?:function\*?|const|let|class|interface|type) ([\w$]+)/gm;

function exportedNames(file: string): ExportedName[] {
  const text = readFileSync(file, "utf8");
  const names: ExportedName[] = [];
  for (const [, list = "", from = ""] of text.matchAll(RE_EXPORT)) {
    const target = join(dirname(file), from.replace(/\.js$/, ".ts"));
    for (const item of list.split(",").map((part) => part.trim())) {
      if (!item) continue;
      const name = item
        .replace(/^type /, "")
        .split(" as ")
        .at(-1) as string;
      names.push({ name, file: target });
    }
  }
  for (const [, name = ""] of text.matchAll(DECLARATION)) names.push({ name, file });
  return names;
}

/** The JSDoc comment right above a name's exported declaration in its file, if any. */
function jsDocOf({ name, file }: ExportedName): string | undefined {
  const text = readFileSync(file, "utf8");
  const declaration = new RegExp(
    `^export (?:declare )?(?:async )?(?:function\\*?|const|let|class|interface|type) ${name.replace(/\$/g, "\\$")}\\b`,
    "m",
  ).exec(text);
  if (!declaration) return undefined;
  const before = text.slice(0, declaration.index).trimEnd();
  if (!before.endsWith("*/")) return undefined;
  const start = before.lastIndexOf("/**");
  return start < 0 ? undefined : before.slice(start);
}

const isClass = (value: unknown) =>
  typeof value === "function" && /^class\b/.test(Function.prototype.toString.call(value));

const documented = documentedNames();
const entries = Object.entries(manifest.exports).map(([subpath, { types }]) => ({
  specifier: specifierOf(subpath),
  source: sourceOf(types),
}));

describe("the public API is what README documents", () => {
  test("README's table has a row for every entry of package.json, and only those", () => {
    expect([...documented.keys()].sort()).toEqual(entries.map((entry) => entry.specifier).sort());
  });

  describe.each(entries)("$specifier", ({ specifier, source }) => {
    const names = exportedNames(source);

    test("exports exactly the names its README row lists", () => {
      expect(names.map((entry) => entry.name).sort()).toEqual(documented.get(specifier));
    });

    test("its runtime exports are the values among them (no export the reading above missed)", async () => {
      const module = (await import(pathToFileURL(source).href)) as Record<string, unknown>;
      const listed = new Set(names.map((entry) => entry.name));
      expect(Object.keys(module).filter((name) => !listed.has(name))).toEqual([]);
      expect(Object.keys(module).length).toBeGreaterThan(0);
    });

    test("each name has a JSDoc comment, and each function one @example", async () => {
      const module = (await import(pathToFileURL(source).href)) as Record<string, unknown>;
      const undocumented = names.filter((entry) => jsDocOf(entry) === undefined).map((entry) => entry.name);
      const withoutExample = names
        .filter((entry) => typeof module[entry.name] === "function" && !isClass(module[entry.name]))
        .filter((entry) => (jsDocOf(entry)?.match(/@example/g) ?? []).length !== 1)
        .map((entry) => entry.name);
      expect({ undocumented, withoutExample }).toEqual({ undocumented: [], withoutExample: [] });
    });
  });
});

describe("the reading of README's table", () => {
  test("finds the identifiers of a row and leaves out code that is not one", () => {
    expect(documented.get("tooldeck")).toContain("checkProject");
    expect(documented.get("tooldeck")).not.toContain("checkProject({ fix })");
    expect(documented.get("tooldeck/vitest")).toEqual([
      "ScenarioMatchers",
      "runScenarioInVitest",
      "scenarioMatchers",
      "whetherVitestUpdates",
    ]);
  });
});
