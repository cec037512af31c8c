import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Each source file under `root` (as a path relative to it) and the project files it imports;
 * `runtimeOnly` leaves out `import type` / `export type` (erased when compiled: they load nothing),
 * `dynamic` adds the files it may load later with `import("…")`.
 */
export function importGraph(
  root: string,
  { runtimeOnly = false, dynamic = false } = {},
): Map<string, string[]> {
  const files = listTs(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const statements = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/g)];
    const loading = statements.filter((m) => !(runtimeOnly && /^(?:import|export)\s+type\s/.test(m[0])));
    if (dynamic) loading.push(...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g));
    const targets = loading.map((m) =>
      relative(root, resolve(dirname(join(root, file)), (m[1] as string).replace(/\.js$/, ".ts"))),
    );
    graph.set(
      file,
      targets.filter((target) => files.includes(target)),
    );
  }
  return graph;
}

/**
 * The packages (`ajv`, `@langchain/core`) the given files load through static imports, type-only
 * imports left out.
 */
export function packageImports(root: string, files: Iterable<string>): Set<string> {
  const packages = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+"([^".][^"]*)"/g)) {
      if (/^(?:import|export)\s+type\s/.test(m[0]) || (m[1] as string).startsWith("node:")) continue;
      const parts = (m[1] as string).split("/");
      packages.add(parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string));
    }
  }
  return packages;
}

/** Every import cycle, each as the files around it (the first repeated at the end). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

function listTs(root: string, dir = ""): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listTs(root, path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}
