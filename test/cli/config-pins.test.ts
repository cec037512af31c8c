import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { sha256Hex } from "../../src/lint/pins/sha256-hex.js";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** The trusted rules package: a tool that deletes is an error. */
const TRUSTED_RULES = `export const rules = [
  {
    id: "acme/no-delete-tools",
    severity: "error",
    profiles: ["standard", "flowise"],
    description: "a tool that deletes",
    docs: "Agents here must not delete.",
    appliesTo: (config) => config.kind === "request",
    check: (tool) => (tool.config.method === "DELETE" ? [{ message: "this tool deletes", path: "method" }] : []),
  },
];
`;
const PACKAGE_JSON = JSON.stringify({ name: "@acme/tooldeck-rules", type: "module", main: "index.js" });

/** The project's own rule module and the helper it imports. */
const LOCAL_RULES = `import { verb } from "./util.mjs";
export const rules = [
  {
    id: "acme/no-put-tools",
    severity: "warning",
    profiles: ["standard", "flowise"],
    description: "a tool that puts",
    docs: "Agents here must not replace.",
    appliesTo: (config) => config.kind === "request",
    check: (tool) => (tool.config.method === verb ? [{ message: "this tool puts", path: "method" }] : []),
  },
];
`;
const UTIL = `export const verb = "PUT";\n`;

/** What a pull request's code does when it is run: leaves a marker in the project. */
const EVIL = `import { writeFileSync } from "node:fs";
writeFileSync(new URL("./PWNED", import.meta.url), "ran");
export const rules = [];
`;

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * The CI machine: the trusted rules package installed above the checkout (outer/node_modules), and the
 * checkout (outer/project, its own repository): tooldeck.config.yaml extends ci/base.yaml, which names
 * the package, and names ./rules/x.mjs itself. `trusted` is the base branch's copy, in its own checkout.
 */
function machine() {
  const outer = realpathSync(mkdtempSync(join(tmpdir(), "tooldeck-pins-")));
  write(join(outer, "node_modules/@acme/tooldeck-rules/package.json"), PACKAGE_JSON);
  write(join(outer, "node_modules/@acme/tooldeck-rules/index.js"), TRUSTED_RULES);
  const dir = join(outer, "project");
  mkdirSync(join(dir, ".git"), { recursive: true });
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  write(join(dir, "tooldeck.config.yaml"), "extends: ./ci/base.yaml\nplugins: [./rules/x.mjs]\n");
  write(join(dir, "ci/base.yaml"), "plugins: ['@acme/tooldeck-rules']\n");
  write(join(dir, "rules/x.mjs"), LOCAL_RULES);
  write(join(dir, "rules/util.mjs"), UTIL);
  // The base branch checked out apart (a git worktree): the trusted copy's extends are read there.
  const base = realpathSync(mkdtempSync(join(tmpdir(), "tooldeck-trusted-")));
  cpSync(join(dir, "ci"), join(base, "ci"), { recursive: true });
  return { outer, dir, trusted: join(base, "trusted.yaml") };
}

/** The base branch's settings with the pins `--print-pins` printed there, as a team adopts them. */
async function pinned() {
  const setup = machine();
  const printed = await tooldeckIn(setup.dir, ["lint", "--print-pins"]);
  expect(printed).toMatchObject({ exit: 0, stderr: "" });
  writeFileSync(
    setup.trusted,
    `${readFileSync(join(setup.dir, "tooldeck.config.yaml"), "utf8")}${printed.stdout}`,
  );
  return { ...setup, printed: printed.stdout };
}

const lint = (dir: string, trusted: string) =>
  tooldeckIn(dir, ["lint", "tools", "--allow-code", "--config-required", trusted]);

describe("--config-required pins the code of plugins and the extended files", () => {
  test("--print-pins: each plugin's files and each extended file by sha256; a plugin inside the project says so", async () => {
    const { printed } = await pinned();
    expect(parse(printed)).toEqual({
      pins: {
        plugins: {
          "@acme/tooldeck-rules": {
            sha256: { "index.js": sha256Hex(TRUSTED_RULES), "package.json": sha256Hex(PACKAGE_JSON) },
          },
          "./rules/x.mjs": {
            inProject: true,
            sha256: { "util.mjs": sha256Hex(UTIL), "x.mjs": sha256Hex(LOCAL_RULES) },
          },
        },
        extends: { "ci/base.yaml": sha256Hex("plugins: ['@acme/tooldeck-rules']\n") },
      },
    });
  });

  test("unchanged files pass: both modules' findings, the run goes on", async () => {
    const { dir, trusted } = await pinned();
    const { exit, stdout, stderr } = await lint(dir, trusted);
    expect(stderr).toBe("");
    expect(exit).toBe(1);
    expect(stdout).toContain("this tool deletes  acme/no-delete-tools");
    expect(stdout).toContain("this tool puts  acme/no-put-tools");
  });

  test("(a) a committed node_modules copy shadowing the trusted package is refused unrun, naming the file and both sha256", async () => {
    const { dir, trusted } = await pinned();
    write(join(dir, "node_modules/@acme/tooldeck-rules/package.json"), PACKAGE_JSON);
    write(join(dir, "node_modules/@acme/tooldeck-rules/index.js"), EVIL);
    const { exit, stdout, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `tooldeck lint: ci/base.yaml: plugins[0]: @acme/tooldeck-rules: node_modules/@acme/tooldeck-rules/index.js has sha256 ${sha256Hex(EVIL)}, --config-required ${trusted} pins sha256 ${sha256Hex(TRUSTED_RULES)}\n`,
    );
    expect(existsSync(join(dir, "node_modules/@acme/tooldeck-rules/PWNED"))).toBe(false);
  });

  test("(a) an exact copy of it committed in the project is refused too: the pin does not say inProject", async () => {
    const { dir, trusted } = await pinned();
    write(join(dir, "node_modules/@acme/tooldeck-rules/package.json"), PACKAGE_JSON);
    write(join(dir, "node_modules/@acme/tooldeck-rules/index.js"), TRUSTED_RULES);
    const { exit, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: ci/base.yaml: plugins[0]: @acme/tooldeck-rules resolves to node_modules/@acme/tooldeck-rules/index.js, inside the checked project; --config-required ${trusted} pins it without inProject: true\n`,
    );
  });

  test.each([
    ["the module", "rules/x.mjs", LOCAL_RULES],
    ["a file it imports", "rules/util.mjs", UTIL],
  ])("(b) %s edited after pinning is refused unrun", async (_label, file, before) => {
    const { dir, trusted } = await pinned();
    const edited = `${EVIL}// ${file}\n`;
    writeFileSync(join(dir, file), edited);
    const { exit, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: tooldeck.config.yaml: plugins[0]: ./rules/x.mjs: ${file} has sha256 ${sha256Hex(edited)}, --config-required ${trusted} pins sha256 ${sha256Hex(before)}\n`,
    );
    expect(existsSync(join(dir, "rules/PWNED"))).toBe(false);
  });

  test("a file added to the pinned package's folder is refused: the pins name no such file", async () => {
    const { outer, dir, trusted } = await pinned();
    const added = join(outer, "node_modules/@acme/tooldeck-rules/extra.js");
    writeFileSync(added, EVIL);
    const { exit, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: ci/base.yaml: plugins[0]: @acme/tooldeck-rules: ${added} has sha256 ${sha256Hex(EVIL)}, --config-required ${trusted} pins no such file\n`,
    );
  });

  test("(c) an edited extended settings file is refused, even when it sets the same", async () => {
    const { dir, trusted } = await pinned();
    const edited = "# the same plugins\nplugins: ['@acme/tooldeck-rules']\n";
    writeFileSync(join(dir, "ci/base.yaml"), edited);
    const { exit, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: ci/base.yaml: extended settings file ci/base.yaml has sha256 ${sha256Hex(edited)}, --config-required ${trusted} pins sha256 ${sha256Hex("plugins: ['@acme/tooldeck-rules']\n")}\n`,
    );
  });

  test("a required file without pins accepts no plugin: refused before it is imported, saying how to pin", async () => {
    const { dir, trusted } = machine();
    writeFileSync(trusted, readFileSync(join(dir, "tooldeck.config.yaml"), "utf8"));
    const { exit, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: ci/base.yaml: plugins[0]: @acme/tooldeck-rules is code that --config-required ${trusted} does not pin (pins.plugins); --print-pins prints the pins of the files in use\n`,
    );
  });

  test("a required file without pins accepts no extended settings file", async () => {
    const { dir, trusted } = machine();
    for (const root of [dir, dirname(trusted)]) {
      writeFileSync(join(root, "ci/base.yaml"), "rules: { probe: 'off' }\n");
      writeFileSync(join(root, "tooldeck.config.yaml"), "extends: ./ci/base.yaml\n");
    }
    writeFileSync(trusted, "extends: ./ci/base.yaml\n");
    const { exit, stderr } = await lint(dir, trusted);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck lint: ci/base.yaml: extended settings file ci/base.yaml (sha256 ${sha256Hex("rules: { probe: 'off' }\n")}) is not pinned by --config-required ${trusted} (pins.extends); --print-pins prints the pins of the files in use\n`,
    );
  });

  test("--print-pins with no settings file here: one line, exit 2", async () => {
    const { dir } = machine();
    const empty = join(dir, "tools");
    const { exit, stdout, stderr } = await tooldeckIn(empty, ["lint", "--print-pins"]);
    expect({ exit, stdout }).toEqual({ exit: 2, stdout: "" });
    expect(stderr).toBe(
      "tooldeck lint: --print-pins: no tooldeck.config.{json,yaml,yml} was found here (name one with --config)\n",
    );
  });
});
