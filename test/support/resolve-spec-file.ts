import { readFileSync } from "node:fs";
import { resolveRefs } from "../../src/openapi/resolve-refs.js";
import { parseBounded } from "../../src/project-files/parse-bounded.js";

/** A spec file (JSON or YAML) through resolveRefs alone: the resolved root and the expansion count it kept. */
export function resolveSpecFile(path: string, keepRefSiblings = false) {
  const root = parseBounded(readFileSync(path, "utf8"), path.endsWith(".json") ? "json" : "yaml");
  const main = { location: { kind: "file" as const, path }, label: path, root };
  return resolveRefs(main, new Map([[path, main]]), { keepRefSiblings });
}
