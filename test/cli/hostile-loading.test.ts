import { mkdirSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { MAX_EXPANDED_TEXT, MAX_EXPANDED_VALUES } from "../../src/project-files/bounded-expansion.js";
import { captureIo } from "../support/capture-io.js";
import { hostileProject, yamlAliasBomb, yamlTextBomb } from "../support/hostile-project.js";

const EXPANDS = `expands to more than ${MAX_EXPANDED_VALUES} values (YAML aliases or shared $refs); refusing to load it`;
const EXPANDS_TEXT = `expands to more than ${MAX_EXPANDED_TEXT} characters of text (YAML aliases or shared $refs); refusing to load it`;
const SECRET = "TOKEN=do-not-print-me";

/** A toolkit in tools/ whose spec describes its one parameter by `$ref` to `ref`. */
function toolkitProject(ref: string, files: Record<string, string> = {}): string {
  return hostileProject({
    "tools/kit.yaml": "kind: openapi-toolkit\nname: kit\nspec: api.yaml\n",
    "tools/api.yaml": [
      "openapi: 3.0.3",
      "info: { title: T, version: '1' }",
      "servers: [{ url: 'http://events.tooldeck.internal' }]",
      "paths:",
      "  /x:",
      "    get:",
      "      operationId: x",
      `      parameters: [{ name: q, in: query, description: { $ref: '${ref}' }, schema: { type: string } }]`,
      "      responses: { '200': { description: ok } }",
    ].join("\n"),
    ...files,
  });
}

async function cli(args: string[]) {
  const captured = captureIo();
  const code = await runCli(args, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("the CLI loads only inside the project", () => {
  test("tools does not print a $ref'd file outside the project; --root widens it", async () => {
    const dir = toolkitProject("../secret.yaml", { "secret.yaml": `${SECRET}\n` });
    const refused = await cli(["tools", join(dir, "tools")]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('$ref "../secret.yaml" is outside the project (');
    expect(refused.stderr).toContain("); widen it with --root");
    expect(refused.stdout + refused.stderr).not.toContain("do-not-print-me");
    const widened = await cli(["tools", join(dir, "tools"), "--root", dir]);
    expect(widened.stderr).toBe("");
    expect(widened.stdout).toContain("do-not-print-me");
  });

  test("tools: a symlink tools/env.json → /proc/self/environ is refused, no env content shown", async () => {
    process.env.TOOLDECK_TEST_SECRET = "do-not-print-me";
    const dir = hostileProject({
      "tools/ok.yaml": "kind: request\nmethod: GET\nname: ok\ndescription: d\nurl: http://x/\n",
    });
    symlinkSync("/proc/self/environ", join(dir, "tools", "env.json"));
    const { code, stdout, stderr } = await cli(["tools", join(dir, "tools")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^tooldeck tools: .*\/tools\/env\.json: symlink points outside the project \(.*\); widen it with --root\n$/,
    );
    expect(stdout + stderr).not.toContain("do-not-print-me");
    expect(stdout).toContain("ok");
  });

  test("lint does not read a $ref to /etc/passwd", async () => {
    const dir = toolkitProject("/etc/passwd");
    const { code, stdout, stderr } = await cli(["lint", join(dir, "tools"), "--format", "json"]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `tools/api.yaml#/paths/~1x/get/parameters/0/description: $ref "/etc/passwd" is outside the project (`,
    );
    expect(stdout + stderr).not.toContain("root:x:0:0");
  });

  test("check refuses a YAML alias bomb in a tool config with one line", async () => {
    const dir = hostileProject({ "tools/bomb.yaml": `${yamlAliasBomb(9)}\nkind: request\n` });
    const { stdout } = await cli(["check", join(dir, "tools"), "--format", "json"]);
    expect(stdout).toContain(EXPANDS);
  });

  test("tools refuses a $ref fan-out with one line", async () => {
    const schemas = ["    s0: { type: string }"];
    for (let i = 1; i <= 30; i++) {
      const previous = `{ $ref: '#/components/schemas/s${i - 1}' }`;
      schemas.push(`    s${i}: { allOf: [${previous}], properties: { a: ${previous}, b: ${previous} } }`);
    }
    const dir = hostileProject({
      "tools/kit.yaml": "kind: openapi-toolkit\nname: kit\nspec: api.yaml\n",
      "tools/api.yaml": [
        "openapi: 3.0.3",
        "info: { title: T, version: '1' }",
        "paths:",
        "  /x:",
        "    post:",
        "      operationId: x",
        "      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/s30' } } } }",
        "      responses: { '200': { description: ok } }",
        "components:",
        "  schemas:",
        ...schemas,
      ].join("\n"),
    });
    const { code, stderr } = await cli(["tools", join(dir, "tools")]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `tooldeck tools: ${join(dir, "tools", "kit.yaml")}: ${join(dir, "tools", "api.yaml")}: ${EXPANDS}\n`,
    );
  });

  test.each([
    ["a JSON spec nested 5,000 levels deep", "api.json", "nested more than 128 objects deep"],
    ["a YAML spec whose alias holds itself", "api.yaml", "an alias refers to a node it is inside: a cycle"],
  ])("lint --spec naming %s: one load error, not an internal error", async (_, name, reason) => {
    // js-yaml stops at 100 levels itself; JSON.parse does not.
    const deep = `${'{"type":"array","items":'.repeat(5_000)}{"type":"string"}${"}".repeat(5_000)}`;
    const spec = name.endsWith(".json")
      ? `{"openapi":"3.0.3","info":{"title":"T","version":"1"},"components":{"schemas":{"deep":${deep}}}}`
      : "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths:\n  /a: &p\n    get: { x-loop: *p }\n";
    const dir = hostileProject({ [name]: spec, "tools/a.yaml": "kind: request\nname: a\nurl: http://x/a\n" });
    const { code, stderr } = await cli(["lint", join(dir, "tools"), "--spec", join(dir, name)]);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^tooldeck lint: ${join(dir, name)}[^\n]*: [^\n]*${reason}[^\n]*\n$`));
  });

  test("tools: a JSON tool config whose fixed body nests 20,000 levels is one parse error", async () => {
    const body = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const config = `{"kind":"request","name":"a","method":"POST","url":"http://x/a","body":${body}}`;
    const dir = hostileProject({ "tools/a.json": config });
    const { code, stderr } = await cli(["tools", join(dir, "tools")]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `tooldeck tools: ${join(dir, "tools", "a.json")}: invalid JSON (nested 100 levels deep or more)\n`,
    );
  });

  test("check: a 12 KB config whose aliases stand for 10 billion characters is one load error", async () => {
    const dir = hostileProject({ "tools/bomb.yaml": `${yamlTextBomb(6)}\nkind: request\n` });
    const { code, stdout } = await cli(["check", join(dir, "tools")]);
    expect(code).toBe(2);
    expect(stdout).toContain(`bomb.yaml\n    error   ${EXPANDS_TEXT}  config-invalid\n`);
  });

  test("--vars: an alias bomb is one load error", async () => {
    const dir = hostileProject({ "vars.yaml": yamlAliasBomb(9) });
    const { code, stderr } = await cli(["call", "get_events", "--vars", join(dir, "vars.yaml")]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${join(dir, "vars.yaml")}: cannot read variables (${EXPANDS})`);
  });
});

describe("remote specs", () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.end("{}");
  });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("lint does not fetch a toolkit's spec URL without --allow-remote-refs, nor from loopback with it", async () => {
    const dir = hostileProject({
      "tools/kit.yaml": `kind: openapi-toolkit\nname: kit\nspec: ${origin}/spec.json\n`,
    });
    const off = await cli(["lint", join(dir, "tools"), "--format", "json"]);
    expect(off.stdout).toContain(
      `${origin}/spec.json: is remote; remote specs and $refs are off (allow them with --allow-remote-refs)`,
    );
    const on = await cli(["lint", join(dir, "tools"), "--format", "json", "--allow-remote-refs"]);
    expect(on.stdout).toContain(
      `${origin}/spec.json: is a private, loopback or metadata address; specs and $refs are never downloaded from one`,
    );
    expect(requests).toEqual([]);
  });
});

describe("tooldeck run", () => {
  test("a scenario alias bomb is one load error", async () => {
    const dir = hostileProject({ "scenarios/bomb.yaml": yamlAliasBomb(9) });
    const { code, stdout } = await cli(["run", join(dir, "scenarios")]);
    expect(code).toBe(2);
    expect(stdout).toContain(EXPANDS);
  });

  test("a symlinked scenario folder outside the project is refused", async () => {
    const outside = hostileProject({ "s.yaml": "tools: [x.yaml]\nmessages: hi\n" });
    const dir = hostileProject();
    mkdirSync(join(dir, "scenarios"));
    symlinkSync(outside, join(dir, "scenarios", "linked"));
    const { code, stderr } = await cli(["run", join(dir, "scenarios")]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${join(dir, "scenarios", "linked")}: symlink points outside the project (`);
  });
});
