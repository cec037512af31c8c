import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { importGraph } from "../support/import-graph.js";

/**
 * Every file tooldeck writes (cassettes, fixed configs) is written atomically (issue 28): the node:fs
 * calls that put bytes in a file are used in one place, writeFileAtomically; beside it only the line
 * appender of journals (`proxy --record`, issue 41), which writes a whole line per call.
 */
const SRC = packagePath("src");
const THE_WRITER = join("project-files", "write-file-atomically.ts");
const THE_APPENDER = join("project-files", "append-lines.ts");
const WRITING_CALLS = new Set([
  "appendFile",
  "appendFileSync",
  "copyFile",
  "copyFileSync",
  "cp",
  "cpSync",
  "createWriteStream",
  "truncate",
  "truncateSync",
  "ftruncate",
  "ftruncateSync",
  "write",
  "writeFile",
  "writeFileSync",
  "writeSync",
  "writev",
  "writevSync",
]);
/** Open flags that write: `openSync(path, O_WRONLY | …)` or `"w"`/`"a"`/`"r+"`. */
const WRITING_OPEN = /\bO_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)\b|\bopen(?:Sync)?\([^)]*,\s*"(?:w|a|r\+)/;

/** The node:fs names a source file imports, or "*" for a namespace or default import of it. */
function fsImports(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+([^;]*?)\s+from\s+"(?:node:)?fs(?:\/promises)?"/g)) {
    const clause = match[1] as string;
    const named = /\{([^}]*)\}/.exec(clause);
    if (!named || clause.replace(named[0], "").trim() !== "") names.push("*");
    for (const name of named?.[1]?.split(",") ?? []) {
      const imported = name.trim().split(/\s+as\s+/)[0];
      if (imported) names.push(imported);
    }
  }
  return names;
}

test("only writeFileAtomically (and the journals' line appender) writes files: no other source imports a writing node:fs call", () => {
  const files = [...importGraph(SRC).keys()];
  expect(files).toContain(THE_WRITER);
  const offenders = files
    .filter((file) => file !== THE_WRITER && file !== THE_APPENDER)
    .flatMap((file) => {
      const text = readFileSync(join(SRC, file), "utf8");
      const writing = fsImports(text).filter((name) => name === "*" || WRITING_CALLS.has(name));
      if (WRITING_OPEN.test(text)) writing.push("a writing open");
      return writing.length > 0 ? [`${file}: ${writing.join(", ")}`] : [];
    });
  expect(offenders).toEqual([]);
});

test("the scan sees a writing import, a renamed one, a namespace import and a writing open", () => {
  expect(fsImports('import { readFileSync, writeFileSync } from "node:fs";')).toContain("writeFileSync");
  expect(fsImports('import { writeFile as put } from "node:fs/promises";')).toEqual(["writeFile"]);
  expect(fsImports('import * as fs from "node:fs";')).toEqual(["*"]);
  expect(fsImports('import fs, { statSync } from "fs";')).toEqual(["*", "statSync"]);
  expect(WRITING_OPEN.test("openSync(path, constants.O_WRONLY | constants.O_CREAT)")).toBe(true);
  expect(WRITING_OPEN.test('openSync(temp, "wx", 0o644)')).toBe(true);
  expect(WRITING_OPEN.test("openSync(real, constants.O_RDONLY | constants.O_NONBLOCK)")).toBe(false);
});
