import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../src/package/package-root.js";

/** The ```ts blocks of README.md, in order. */
const BLOCKS = [...readFileSync(packagePath("README.md"), "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(
  (match) => match[1] ?? "",
);

/**
 * A project of a user's that installed tooldeck (the built package, through its `exports`) and
 * LangChain, holding each block as a module of its own.
 */
function userProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-readme-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  const compilerOptions = {
    strict: true,
    target: "ES2023",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
  mkdirSync(join(dir, "node_modules", "@types"), { recursive: true });
  symlinkSync(packagePath(), join(dir, "node_modules", "tooldeck"), "dir");
  symlinkSync(packagePath("node_modules", "langchain"), join(dir, "node_modules", "langchain"), "dir");
  symlinkSync(
    packagePath("node_modules", "@types", "node"),
    join(dir, "node_modules", "@types", "node"),
    "dir",
  );
  BLOCKS.forEach((code, index) => {
    writeFileSync(join(dir, `readme-${index + 1}.ts`), code);
  });
  return dir;
}

describe("README's TypeScript examples", () => {
  test("there are some: the library example and checkProject's", () => {
    expect(BLOCKS.length).toBeGreaterThanOrEqual(2);
    expect(BLOCKS.join("\n")).toContain("const model = fakeModel()");
  });

  test("each compiles under tsc --strict against the built package, as a user's project would", () => {
    const tsc = spawnSync(
      process.execPath,
      [packagePath("node_modules", "typescript", "bin", "tsc"), "-p", userProject()],
      {
        encoding: "utf8",
      },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
  }, 60_000);
});
