import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeck, tooldeckWithEnv } from "../support/run-tooldeck.js";

const VERSION = (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string })
  .version;

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("version and help", () => {
  test.each(["--version", "-v"])("%s prints the package's version", async (flag) => {
    expect(await tooldeck(flag)).toEqual({ exit: 0, stdout: `${VERSION}\n`, stderr: "" });
  });

  test.each(["check", "run", "serve", "call"])("help %s is the command's --help", async (command) => {
    const help = await tooldeck("help", command);
    expect(help.exit).toBe(0);
    expect(help.stdout).toBe((await tooldeck(command, "--help")).stdout);
    expect(help.stdout).toMatch(new RegExp(`^Usage: tooldeck ${command} `));
  });

  test("help of an unknown command is the unknown-command line", async () => {
    expect(await tooldeck("help", "frobnicate")).toMatchObject({
      exit: 2,
      stderr: "tooldeck: unknown command 'frobnicate' (see 'tooldeck --help')\n",
    });
  });
});

describe("report formats and verbosity", () => {
  test("--format github: one workflow command per finding, on its file and line", async () => {
    const { exit, stdout } = await tooldeck("check", "--format", "github", "--portability");
    expect(exit).toBe(1);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      "::error file=tools/request-tools.yaml,line=47,col=3,title=operation-not-found::update_event: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?) (call PATCH /events/{id} (updateEventDetails): PATCH {{$vars.base_url}}/events/:id with a required id path param)",
    );
    expect(
      lines.filter((line) => line.startsWith("::warning file=tools/request-tools.yaml,line=")),
    ).toHaveLength(2);
    expect(lines).toContain(
      "::notice file=tools/request-tools.yaml,line=63,col=3,title=profile-portability::delete_event: a required path param may be omitted under Flowise (queryParams itself is optional), not under standard",
    );
    expect(lines.at(-1)).toBe("4 problems (1 error, 2 warnings, 1 info) in 9 tools (profile standard)");
  });

  test("--quiet: errors only, no notes; the exit code still follows --fail-on", async () => {
    const { exit, stdout, stderr } = await tooldeck(
      "check",
      "--quiet",
      "--spec",
      "tools/event-api.openapi.yaml",
    );
    expect(exit).toBe(1);
    expect(stdout).not.toMatch(/^\s+(warning|info)\s/m);
    expect(stdout).toContain("            probe error: PUT /events answered 404");
    expect(stdout).not.toContain("get_events");
    expect(stderr).toBe("");
    const warnings = await tooldeck("lint", "tools/request-tools.yaml", "--quiet", "--fail-on", "warning");
    expect(warnings.exit).toBe(1);
  });

  test("every rule has a helpUri in SARIF, and --show-docs prints it under each finding", async () => {
    const sarif = JSON.parse((await tooldeck("check", "--format", "sarif")).stdout);
    const rules = sarif.runs[0].tool.driver.rules as { id: string; helpUri: string }[];
    for (const rule of rules)
      expect(rule.helpUri).toBe(`https://github.com/tooldeck/tooldeck/blob/main/docs/rules.md#${rule.id}`);
    const docs = readFileSync(packagePath("docs", "rules.md"), "utf8");
    for (const rule of rules) expect(docs).toContain(`\n## ${rule.id}\n`);
    const { stdout } = await tooldeck("lint", "--show-docs");
    expect(stdout).toContain(
      "            docs: https://github.com/tooldeck/tooldeck/blob/main/docs/rules.md#operation-not-found\n",
    );
  });

  test("lint and check count the same tools (a toolkit is one tool per operation)", async () => {
    const lint = JSON.parse((await tooldeck("lint", "--format", "json")).stdout);
    const check = JSON.parse((await tooldeck("check", "--format", "json")).stdout);
    const names = (report: { tools: { name: string }[] }) => report.tools.map((tool) => tool.name);
    expect(names(lint)).toEqual(names(check));
    expect(lint.summary).toMatch(/ in 9 tools$/);
  });

  test("lint names request tools as check does: as Flowise sends them, or as configured when it cannot", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-names-"));
    const tool = (name: string, method: string) =>
      `- { kind: request, method: ${method}, name: ${name}, description: d, url: "https://api.example.com/x" }\n`;
    writeFileSync(join(dir, "t.yaml"), `${tool('"Find Events!"', "GET")}${tool("patch_event", "PATCH")}`);
    const names = async (command: string) =>
      JSON.parse((await tooldeck(command, dir, "--profile", "flowise", "--format", "json")).stdout).tools.map(
        (t: { name: string }) => t.name,
      );
    expect(await names("lint")).toEqual(["find_events", "patch_event"]);
    expect(await names("check")).toEqual(await names("lint"));
  });
});

describe("every error is one line 'tooldeck <command>: …', exit 2", () => {
  const loop = () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-loop-"));
    symlinkSync(join(dir, "b"), join(dir, "a"));
    symlinkSync(join(dir, "a"), join(dir, "b"));
    return join(dir, "a");
  };

  test.each([
    [
      ["check", "--config", "missing.json"],
      "tooldeck check: missing.json: cannot read file: no such file or folder (ENOENT)\n",
    ],
    [
      ["lint", "--vars", "missing.yaml"],
      "tooldeck lint: missing.yaml: cannot read variables (cannot read file: no such file or folder (ENOENT))\n",
    ],
  ])("%j", async (args, line) => {
    expect(await tooldeck(...args)).toMatchObject({ exit: 2, stderr: line });
  });

  test.each(["check", "lint", "tools", "run"])("a symlink loop given to %s", async (command) => {
    const path = loop();
    const { exit, stderr } = await tooldeck(command, path);
    expect(exit).toBe(2);
    expect(stderr).toBe(`tooldeck ${command}: ${path}: too many symbolic links (a symlink loop) (ELOOP)\n`);
  });

  test.each(["call", "agent"])(
    "%s: a config that cannot be loaded names the command, exit 2",
    async (command) => {
      const dir = mkdtempSync(join(tmpdir(), "tooldeck-broken-"));
      mkdirSync(join(dir, "tools"));
      writeFileSync(join(dir, "tools", "broken.json"), "{oops");
      const args = command === "call" ? ["call", "x"] : ["agent", "hi"];
      const { exit, stderr } = await tooldeckWithEnv(
        { OPENAI_API_KEY: "sk-x" },
        ...args,
        "--tools",
        join(dir, "tools"),
      );
      expect(exit).toBe(2);
      expect(stderr).toMatch(new RegExp(`^tooldeck ${command}: .*broken\\.json: invalid JSON`));
    },
  );
});

test("agent against an unreachable model endpoint fails at once, naming the URL", async () => {
  const url = `http://127.0.0.1:${await closedPort()}/v1`;
  const { exit, stderr } = await tooldeckWithEnv(
    { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: url },
    "agent",
    "What is event 1?",
    "--model",
    "openai:gpt-4o-mini",
  );
  expect(exit).toBe(1);
  expect(stderr).toBe(`tooldeck agent: the model call failed: Connection error. (cannot reach ${url})\n`);
});
