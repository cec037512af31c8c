import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const TOKEN = "KUBE-TOKEN-do-not-print";
const EVENT_API = readFileSync(packagePath("tools/event-api.openapi.yaml"), "utf8");

/** A stand-in `~/.kube/config`: the file a pull request would like printed. */
const KUBE_CONFIG = [
  "apiVersion: v1",
  "kind: Config",
  "users:",
  "  - name: admin",
  "    user:",
  `      token: ${TOKEN}`,
].join("\n");

/**
 * A home folder with `.kube/config`, and a checkout three folders below it (`<home>/a/b/repo`) holding
 * what the pull request wrote: a toolkit whose spec takes its server URL from `$ref`s to the kube
 * config, and whatever `files` and `links` (name → symlink target) the test adds.
 */
function checkout(files: Record<string, string> = {}, links: Record<string, string> = {}) {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "tooldeck-home-")));
  mkdirSync(join(home, ".kube"));
  writeFileSync(join(home, ".kube", "config"), KUBE_CONFIG);
  const repo = join(home, "a", "b", "repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  const written: Record<string, string> = {
    "kit.yaml": "kind: openapi-toolkit\nname: kit\nspec: api.yaml\n",
    "api.yaml": [
      "openapi: 3.0.3",
      "info: { title: T, version: '1' }",
      // From tools/a/b/repo/api.yaml (tools → home) and from repo/api.yaml, the kube config.
      "servers: [{ url: { $ref: '../../../.kube/config#/users/0/user/token' } }]",
      "paths:",
      "  /x: { get: { operationId: x, responses: { '200': { description: ok } } } }",
    ].join("\n"),
    ...files,
  };
  for (const [name, text] of Object.entries(written)) {
    mkdirSync(join(repo, name, ".."), { recursive: true });
    writeFileSync(join(repo, name), text);
  }
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(repo, name));
  return { home, repo };
}

const refusal = (command: string, link: string, target: string) =>
  `tooldeck ${command}: ${link} is a symlink to ${target} outside the project; pass --root to widen it\n`;

describe("a named path that is a symlink out of the project is refused; only --root widens", () => {
  test.each([
    ["check", ["check", "tools/"]],
    ["lint", ["lint", "tools/"]],
    ["tools", ["tools", "tools/"]],
    ["check", ["check"]],
    ["check", ["check", "tools/**/*.yaml", "--format", "json"]],
    ["check", ["check", "tools/a/b/repo/kit.yaml"]],
  ])("%s %# (tools → ../../..): refused, the token is not printed", async (command, args) => {
    const { repo } = checkout({}, { tools: "../../.." });
    const { exit, stdout, stderr } = await tooldeckIn(repo, args);
    expect(stderr).toBe(refusal(command, "tools", "../../.."));
    expect(exit).toBe(2);
    expect(stdout + stderr).not.toContain(TOKEN);
  });

  test("--root widens the project to the symlink's target", async () => {
    const { home, repo } = checkout({}, { tools: "../../.." });
    const { exit, stdout, stderr } = await tooldeckIn(repo, ["tools", "tools/", "--root", home]);
    expect(stderr).toBe("");
    expect(exit).toBe(0);
    expect(stdout).toContain("(tools/a/b/repo/kit.yaml)");
  });

  test("a symlink inside the project to a folder inside it is followed", async () => {
    const { repo } = checkout({
      "config/tools/get.yaml":
        "kind: request\nmethod: GET\nname: get_x\ndescription: d\nurl: http://x.test/\n",
    });
    symlinkSync("config/tools", join(repo, "tools"));
    const { exit, stdout, stderr } = await tooldeckIn(repo, ["tools", "tools/"]);
    expect(stderr).toBe("");
    expect(exit).toBe(0);
    expect(stdout).toContain("get_x  GET http://x.test/  (tools/get.yaml)");
  });

  test("a path through a symlinked folder names the symlink", async () => {
    const { repo } = checkout({}, { vendor: "../.." });
    const { exit, stderr } = await tooldeckIn(repo, ["lint", "vendor/b/repo/kit.yaml"]);
    expect(stderr).toBe(refusal("lint", "vendor", "../.."));
    expect(exit).toBe(2);
  });
});

describe("settings, variables and seeds named or found are held to the project too", () => {
  const tool = "kind: request\nmethod: GET\nname: get_x\ndescription: d\nurl: http://x.test/\n";

  test("tooldeck.config.yaml → the kube config: refused, no key of it in the error", async () => {
    const { home, repo } = checkout({ "tools/get.yaml": tool });
    symlinkSync(join(home, ".kube", "config"), join(repo, "tooldeck.config.yaml"));
    for (const command of ["lint", "check"]) {
      const { exit, stdout, stderr } = await tooldeckIn(repo, [command, "tools/"]);
      expect(stderr).toContain(
        refusal(command, "tooldeck.config.yaml", join(home, ".kube", "config")).replace(
          `tooldeck ${command}: `,
          "",
        ),
      );
      expect(exit).toBe(2);
      for (const leaked of ["apiVersion", "kind", "users", TOKEN])
        expect(stdout + stderr).not.toContain(leaked);
    }
  });

  test("--config naming a symlink out is refused; --root widens", async () => {
    const { home, repo } = checkout({ "tools/get.yaml": tool });
    writeFileSync(join(home, "rules.yaml"), "rules: { tool-name: off }\n");
    symlinkSync("../../../rules.yaml", join(repo, "rules.yaml"));
    const refused = await tooldeckIn(repo, ["lint", "tools/", "--config", "rules.yaml"]);
    expect(refused.stderr).toContain(refusal("lint", "rules.yaml", "../../../rules.yaml"));
    expect(refused.exit).toBe(2);
    const widened = await tooldeckIn(repo, ["lint", "tools/", "--config", "rules.yaml", "--root", home]);
    expect(widened.stderr).not.toContain("tooldeck lint:");
    expect(widened.exit).toBe(0);
  });

  test.each([
    ["check", ["check", "tools/", "--vars", "vars.yaml"]],
    ["call", ["call", "get_x", "--vars", "vars.yaml"]],
  ])("%s: a --vars file that is a symlink out is refused, its values unread", async (command, args) => {
    const { home, repo } = checkout({ "tools/get.yaml": tool });
    writeFileSync(join(home, "vars.yaml"), `token: ${TOKEN}\n`);
    symlinkSync("../../../vars.yaml", join(repo, "vars.yaml"));
    const { exit, stdout, stderr } = await tooldeckIn(repo, args);
    expect(stderr).toBe(refusal(command, "vars.yaml", "../../../vars.yaml"));
    expect(exit).toBe(2);
    expect(stdout).not.toContain(TOKEN);
    const widened = await tooldeckIn(repo, [...args, "--root", home]);
    expect(widened.stderr).not.toContain("symlink");
    expect(widened.exit).not.toBe(2);
  });

  test("serve --seed: a seed folder that is a symlink out is refused before anything listens", async () => {
    const { home, repo } = checkout();
    mkdirSync(join(home, "seed", "chatflows"), { recursive: true });
    writeFileSync(join(home, "seed", "chatflows", "x.json"), KUBE_CONFIG);
    symlinkSync("../../../seed", join(repo, "seed"));
    const stopped = AbortSignal.abort();
    const args = ["serve", "--only", "flowise", "--flowise-port", "0", "--seed", "seed"];
    const { exit, stdout, stderr } = await tooldeckIn(repo, args, { signal: stopped });
    expect(stderr).toBe(refusal("serve", "seed", "../../../seed"));
    expect(exit).toBe(2);
    expect(stdout).toBe("");
  });

  test("serve --seed: a chatflows folder inside the seed that is a symlink out is refused", async () => {
    const { home, repo } = checkout();
    mkdirSync(join(home, "flows"));
    writeFileSync(join(home, "flows", "x.json"), KUBE_CONFIG);
    mkdirSync(join(repo, "seed"));
    symlinkSync("../../../../flows", join(repo, "seed", "chatflows"));
    const args = ["serve", "--only", "flowise", "--flowise-port", "0", "--seed", "seed"];
    const { exit, stderr } = await tooldeckIn(repo, args, { signal: AbortSignal.abort() });
    expect(stderr).toBe(refusal("serve", "seed/chatflows", "../../../../flows"));
    expect(exit).toBe(2);
  });

  test("serve --spec --seed: a seed file that is a symlink out is refused", async () => {
    const { home, repo } = checkout({ "events.yaml": EVENT_API });
    writeFileSync(join(home, "seed.json"), JSON.stringify({ "/events": [{ id: "1", name: TOKEN }] }));
    symlinkSync("../../../seed.json", join(repo, "seed.json"));
    const args = ["serve", "--spec", "events.yaml", "--seed", "seed.json", "--explain"];
    const refused = await tooldeckIn(repo, args);
    expect(refused.stderr).toBe(refusal("serve", "seed.json", "../../../seed.json"));
    expect(refused.exit).toBe(2);
    const widened = await tooldeckIn(repo, [...args, "--root", home]);
    expect(widened.stderr).toBe("");
    expect(widened.exit).toBe(0);
  });

  test("run: a scenario's emulator seed that is a symlink out is refused", async () => {
    const { home, repo } = checkout({
      "scenarios/x.yaml": [
        "tools: [../tools/get.yaml]",
        "messages: hi",
        "model: { scripted: [{ answer: ok }] }",
        "emulator: { spec: ../api.yaml, seed: ../seeds/x.json }",
      ].join("\n"),
      "tools/get.yaml": tool,
    });
    writeFileSync(join(home, "seed.json"), JSON.stringify({ "/x": [{ token: TOKEN }] }));
    mkdirSync(join(repo, "seeds"));
    symlinkSync("../../../../seed.json", join(repo, "seeds", "x.json"));
    const { exit, stdout, stderr } = await tooldeckIn(repo, ["run", "scenarios/x.yaml", "--ci"]);
    expect(stdout).toContain(
      `✗ scenarios/x.yaml — emulator.seed "../seeds/x.json" is outside the project (${repo}); widen it with --root`,
    );
    expect(exit).toBe(2);
    expect(stdout + stderr).not.toContain(TOKEN);
  });

  test("run: a scenarios folder that is a symlink out is refused", async () => {
    const { home, repo } = checkout();
    mkdirSync(join(home, "scenarios"));
    symlinkSync("../../../scenarios", join(repo, "scenarios"));
    const { exit, stderr } = await tooldeckIn(repo, ["run"]);
    expect(stderr).toBe(refusal("run", "scenarios", "../../../scenarios"));
    expect(exit).toBe(2);
  });
});
