import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";

/**
 * The library ships as a bundle of tsc's output (scripts/bundle.js, for start-up): each entry of
 * package.json's `exports` must export what its tsc module exports, hold one copy of each class across
 * entries, and load its packages as packages, lazily where the modules are lazy.
 */
const manifest = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as {
  main: string;
  exports: Record<string, { types: string; default: string }>;
};
const LIBRARY = packagePath("dist", "lib");
const entries = Object.entries(manifest.exports);

/** The tsc module an entry's bundle is made from: its declaration file's JS neighbour. */
const unbundledOf = (types: string) => packagePath(types.replace(/\.d\.ts$/, ".js"));

function libraryFiles(): string[] {
  return readdirSync(LIBRARY, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => join(LIBRARY, file));
}

describe("the bundled library (package.json exports)", () => {
  test("every entry and main point into dist/lib/, and were built", () => {
    expect(entries.map(([name]) => name)).toEqual([".", "./emulator", "./langchain", "./mcp", "./vitest"]);
    for (const [, { default: file }] of entries) {
      expect(file.startsWith("./dist/lib/")).toBe(true);
      expect(existsSync(packagePath(file)), `${file}: run npm run build first`).toBe(true);
    }
    expect(manifest.main).toBe("dist/lib/index.js");
  });

  test.each(entries)("%s exports the names its tsc module exports", async (_, { types, default: file }) => {
    const bundled = await import(pathToFileURL(packagePath(file)).href);
    const unbundled = await import(pathToFileURL(unbundledOf(types)).href);
    expect(Object.keys(bundled).sort()).toEqual(Object.keys(unbundled).sort());
    expect(Object.keys(bundled).length).toBeGreaterThan(0);
  });

  test("a class is defined once across all entries (shared chunks: instanceof holds between subpaths)", () => {
    // rolldown writes `var Name = class …` (or `class Name …`) once per class it bundles.
    const definition = /^(?:(?:var|let|const) ([\w$]+) = class\b|class ([\w$]+))/gm;
    const definitions = libraryFiles().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(definition)].map((match) => match[1] ?? match[2]),
    );
    expect(definitions).toContain("ToolDeckError");
    expect(definitions.filter((name, i) => definitions.indexOf(name) !== i)).toEqual([]);
  });

  test("importing the root loads nothing of dist/src, and no ajv, yaml, hono, LangChain or MCP SDK", () => {
    const logLoads =
      'export async function load(url, context, next) { if (url.startsWith("file:")) process.stderr.write("loaded " + url + "\\n"); return next(url, context); }';
    const hook = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(logLoads)}`)});`;
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        `data:text/javascript,${encodeURIComponent(hook)}`,
        "--input-type=module",
        "-e",
        `const root = await import(${JSON.stringify(pathToFileURL(packagePath(manifest.main)).href)}); console.log(typeof root.createToolkit);`,
      ],
      { cwd: packagePath(), encoding: "utf8", timeout: 60_000 },
    );
    expect(child.stdout).toBe("function\n");
    const loaded = child.stderr.split("\n").filter((line) => line.startsWith("loaded "));
    expect(loaded.some((line) => line.includes("/dist/lib/"))).toBe(true);
    expect(loaded.filter((line) => line.includes("/dist/src/"))).toEqual([]);
    expect(
      loaded.filter((line) =>
        /\/node_modules\/(?:ajv|ajv-formats|yaml|hono|@hono|langchain|@langchain|@modelcontextprotocol)\//.test(
          line,
        ),
      ),
    ).toEqual([]);
    expect(loaded.some((line) => line.includes("/node_modules/zod/"))).toBe(true);
  });
});
