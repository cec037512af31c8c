import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readLintSettings } from "../../../src/lint/lint-settings.js";
import { RULE_IDS } from "../../../src/lint/rule-catalog.js";
import { MAX_EXTENDS_DEPTH } from "../../../src/lint/settings/read-settings-chain.js";
import { hostileProject } from "../../support/hostile-project.js";

/** A project folder (its own repository) with these files (paths relative to it). */
const project = hostileProject;

/** The settings of a project, read from its folder as the CLI does (files are named relative to it). */
function read(dir: string) {
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return readLintSettings(undefined, dir, RULE_IDS, [dir]);
  } finally {
    process.chdir(cwd);
  }
}

describe("extends: presets and files, merged in order", () => {
  test("each entry in order, then the file's own settings; a later one wins", () => {
    const dir = project({
      "tooldeck.config.yaml": [
        "extends: [tooldeck:strict, ./ci/base.yaml, tooldeck:flowise]",
        "rules: { probe: warning }",
        "",
      ].join("\n"),
      "ci/base.yaml": "rules: { undisclosed-format: info, flowise-private-host: warning, probe: 'off' }\n",
    });
    const settings = read(dir);
    expect(settings.rules).toMatchObject({
      // strict raised it, base lowered it: base came later.
      "undisclosed-format": "info",
      // base lowered it, flowise raised it again: flowise came later.
      "flowise-private-host": "error",
      "profile-portability": "off",
      // the file's own setting comes last.
      probe: "warning",
      "param-without-in": "error",
    });
    expect(settings.ruleOrigins).toMatchObject({
      "undisclosed-format": "ci/base.yaml",
      "flowise-private-host": "tooldeck:flowise",
      "profile-portability": "tooldeck:flowise",
      "param-without-in": "tooldeck:strict",
    });
    expect(settings.ruleOrigins).not.toHaveProperty("probe");
  });

  test("the same entries in the other order give the other result", () => {
    const dir = project({
      "tooldeck.config.yaml": "extends: [tooldeck:flowise, ./ci/base.yaml]\n",
      "ci/base.yaml": "rules: { flowise-private-host: warning }\n",
    });
    expect(read(dir).rules["flowise-private-host"]).toBe("warning");
  });

  test("tooldeck:strict makes warning-only rules errors and leaves mixed rules alone", () => {
    const { rules } = read(project({ "tooldeck.config.yaml": "extends: tooldeck:strict\n" }));
    expect(rules).toMatchObject({ "undeclared-query-param": "error", "config-warning": "error" });
    expect(rules).not.toHaveProperty("tool-description");
    expect(rules).not.toHaveProperty("probe");
  });

  test("tooldeck:recommended is the defaults", () => {
    expect(read(project({ "tooldeck.config.yaml": "extends: [tooldeck:recommended]\n" })).rules).toEqual({});
  });

  test("overrides of extended files come first, each named where it is written", () => {
    const dir = project({
      "tooldeck.config.yaml":
        "extends: ./ci/base.yaml\noverrides:\n  - { files: b.json, rules: { probe: 'off' } }\n",
      "ci/base.yaml": "overrides:\n  - { files: a.json, rules: { probe: warning } }\n",
    });
    expect(read(dir).overrides.map((override) => [override.origin, override.files])).toEqual([
      ["ci/base.yaml overrides[0]", ["a.json"]],
      ["tooldeck.config.yaml overrides[0]", ["b.json"]],
    ]);
  });

  test("a package's settings file, from node_modules", () => {
    const dir = project({
      "tooldeck.config.yaml": "extends: ['@acme/tooldeck-config']\n",
      "node_modules/@acme/tooldeck-config/package.json": JSON.stringify({
        name: "@acme/tooldeck-config",
        exports: "./tooldeck.yaml",
      }),
      "node_modules/@acme/tooldeck-config/tooldeck.yaml": "rules: { tool-description: 'off' }\n",
    });
    const settings = read(dir);
    expect(settings.rules).toEqual({ "tool-description": "off" });
    expect(settings.ruleOrigins).toEqual({ "tool-description": "@acme/tooldeck-config" });
  });
});

describe("extends: what is refused", () => {
  test.each([
    [
      "an unknown preset",
      { "tooldeck.config.yaml": "extends: tooldeck:strct\n" },
      "tooldeck.config.yaml: extends[0]: no such preset tooldeck:strct, did you mean tooldeck:strict? (presets: tooldeck:recommended, tooldeck:strict, tooldeck:flowise)",
    ],
    [
      "a missing file",
      { "tooldeck.config.yaml": "extends: ./nope.yaml\n" },
      /^nope\.yaml: cannot read file: no such file or folder \(ENOENT\)$/,
    ],
    [
      "a missing package",
      { "tooldeck.config.yaml": "extends: tooldeck-config-nope\n" },
      /^tooldeck\.config\.yaml: extends\[0\]: cannot find the package tooldeck-config-nope from .+ \(is it installed\?\)$/,
    ],
    [
      "a cycle",
      {
        "tooldeck.config.yaml": "extends: ./a.yaml\n",
        "a.yaml": "extends: ./b.yaml\n",
        "b.yaml": "extends: ./a.yaml\n",
      },
      "a.yaml: extends itself (tooldeck.config.yaml → a.yaml → b.yaml → a.yaml)",
    ],
    [
      "an unknown rule in an extended file, named by that file",
      { "tooldeck.config.yaml": "extends: ./ci/base.yaml\n", "ci/base.yaml": "rules: { prob: 'off' }\n" },
      /^ci\/base\.yaml: rules\.prob: no such rule, did you mean probe\?/,
    ],
    [
      "an extended file outside the project",
      { "tooldeck.config.yaml": "extends: /etc/hostname.yaml\n" },
      /^\/etc\/hostname\.yaml: /,
    ],
  ])("%s is one load error", (_label, files, message) => {
    const dir = project(files);
    expect(() => read(dir)).toThrow(message);
  });

  test(`a chain deeper than ${MAX_EXTENDS_DEPTH} files`, () => {
    const files: Record<string, string> = { "tooldeck.config.yaml": "extends: ./0.yaml\n" };
    for (let index = 0; index < MAX_EXTENDS_DEPTH + 1; index++)
      files[`${index}.yaml`] = `extends: ./${index + 1}.yaml\n`;
    files[`${MAX_EXTENDS_DEPTH + 1}.yaml`] = "rules: {}\n";
    expect(() => read(project(files))).toThrow(`extends go more than ${MAX_EXTENDS_DEPTH} files deep`);
  });

  test("code named in extends (a pull request's ./evil.js, or a package whose entry is code) is never run", () => {
    const evil = "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'PWNED'), 'x');\n";
    for (const entry of ["./evil.js", "./evil.cjs", "evil-preset"]) {
      const dir = project({
        "tooldeck.config.yaml": `extends: [${entry}]\n`,
        "evil.js": evil,
        "evil.cjs": evil,
        "node_modules/evil-preset/package.json": JSON.stringify({ name: "evil-preset", main: "index.js" }),
        "node_modules/evil-preset/index.js": evil,
      });
      expect(() => read(dir)).toThrow(
        `tooldeck.config.yaml: extends[0]: ${entry} is not a settings file (.json, .yaml or .yml); tooldeck runs no code named in extends (rule modules go in plugins)`,
      );
      expect(existsSync(join(dir, "PWNED"))).toBe(false);
      expect(existsSync(join(dir, "node_modules", "evil-preset", "PWNED"))).toBe(false);
    }
  });
});
