import { describe, expect, test } from "vitest";
import { COMMAND_CATALOG } from "../../src/cli/command-catalog.js";
import { packagePath } from "../../src/package/package-root.js";
import { importGraph, packageImports } from "../support/import-graph.js";

/**
 * What a command does not use, it does not load (issue 17): the CLI's entry reaches no command and no
 * emulator through static imports, and `check`/`lint` load the emulators, LangChain and the MCP SDK
 * only through `import()` when they probe or are given an MCP server.
 */
const graph = importGraph(packagePath("src"), { runtimeOnly: true });

/** Every file a module loads through static imports, itself included. */
function staticClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const next of graph.get(current) ?? []) visit(next);
  };
  visit(file);
  return seen;
}

const under = (files: Set<string>, prefix: string) => [...files].filter((file) => file.startsWith(prefix));

describe("the CLI loads what the command asked for, and no more", () => {
  test("tooldeck --help and <command> --help reach no command module", () => {
    const loaded = staticClosure("cli/main.ts");
    expect(loaded.has("cli/command-catalog.ts")).toBe(true);
    expect(under(loaded, "cli/commands/")).toEqual([]);
    expect(under(loaded, "emulator/")).toEqual([]);
    // The default model's name is the one runtime file agent's help needs: a constant.
    expect(under(loaded, "runtime/")).toEqual(["runtime/langchain/default-model.ts"]);
  });

  test("lint and check load no emulator, no LangChain and no MCP client statically", () => {
    const loaded = staticClosure("cli/commands/check.ts");
    expect(loaded.has("lint/check.ts")).toBe(true);
    expect(under(loaded, "emulator/")).toEqual([]);
    expect(under(loaded, "runtime/langchain/")).toEqual([]);
    expect(under(loaded, "mcp/list-mcp-tools")).toEqual([]);
  });

  test("lint loads ajv only to validate (probes, toolkit calls) and the comment-keeping yaml only for --fix", () => {
    const packages = packageImports(packagePath("src"), staticClosure("cli/commands/check.ts"));
    expect(packages.has("zod")).toBe(true);
    expect([...packages].filter((name) => /^(ajv|ajv-formats|yaml|hono|@langchain\/.*)$/.test(name))).toEqual(
      [],
    );
  });

  test("probing the event service loads neither the Flowise emulator nor its document stores", () => {
    const loaded = staticClosure("emulator/create-emulator.ts");
    expect(loaded.has("emulator/events/event-service.ts")).toBe(true);
    // The Flowise emulator (and, through its document stores, LangChain) is import()ed on first use.
    expect(under(loaded, "emulator/flowise/")).toEqual([]);
  });

  test("probing and judging import no ajv: it is loaded for a value a schema's quick check does not pass", () => {
    const probing = [
      "emulator/create-emulator.ts",
      "emulator/spec/spec-emulator.ts",
      "lint/probe/probe.ts",
      "lint/probe/judge-exchange.ts",
      "runtime/toolkit/standard/argument-validator.ts",
    ].flatMap((file) => [...staticClosure(file)]);
    const packages = packageImports(packagePath("src"), new Set(probing));
    expect(packages.has("hono")).toBe(true);
    expect([...packages].filter((name) => name.startsWith("ajv"))).toEqual([]);
  });

  test.each(COMMAND_CATALOG.map((entry) => [entry.name, entry] as const))(
    "%s: the catalog's texts are the command's own",
    async (name, entry) => {
      const command = await entry.load();
      expect([command.name, command.summary, command.help]).toEqual([name, entry.summary, entry.help]);
    },
  );
});

describe("the library's entry points", () => {
  test("import { createTools, checkProject } from 'tooldeck' loads no emulator, LangChain or MCP SDK", () => {
    const loaded = staticClosure("index.ts");
    expect(loaded.has("runtime/create-tools.ts")).toBe(true);
    expect(loaded.has("pipeline/check-project.ts")).toBe(true);
    expect(under(loaded, "emulator/")).toEqual([]);
    expect(under(loaded, "runtime/langchain/")).toEqual([]);
    expect(under(loaded, "mcp/").filter((file) => file !== "mcp/mcp-tool-source.ts")).toEqual([]);
  });

  test("the root loads ajv only to validate and the comment-keeping yaml only to fix", () => {
    const packages = packageImports(packagePath("src"), staticClosure("index.ts"));
    expect([...packages].filter((name) => /^(ajv|ajv-formats|yaml)$/.test(name))).toEqual([]);
  });

  test("the heavier parts are subpaths: tooldeck/emulator, tooldeck/langchain, tooldeck/mcp", () => {
    expect(staticClosure("entry/emulator.ts").has("emulator/create-emulator.ts")).toBe(true);
    expect(staticClosure("entry/langchain.ts").has("runtime/langchain/to-langchain-tools.ts")).toBe(true);
    expect(staticClosure("entry/mcp.ts").has("mcp/to-mcp-server.ts")).toBe(true);
  });
});
