import { cpSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** The worked example of docs/rules.md: a tool that deletes is an error. */
const NO_DELETE = `export const rules = [
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

/** What a pull request's evil.js does when it is run: leaves a marker beside itself. */
const EVIL = `import { writeFileSync } from "node:fs";
writeFileSync(new URL("./PWNED", import.meta.url), "ran");
export const rules = [];
`;

/** The pull request's checkout: the tutorial's tools/ and these files. */
function checkout(files: Record<string, string>): string {
  const dir = hostileProject(files);
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  return dir;
}

describe("custom rules", () => {
  test("--rules ./my-rules.js: its findings, severities settable in tooldeck.config.yaml", async () => {
    const dir = checkout({ "my-rules.mjs": NO_DELETE });
    const { exit, stdout } = await tooldeckIn(dir, ["lint", "tools", "--rules", "./my-rules.mjs"]);
    expect(exit).toBe(1);
    expect(stdout).toContain(
      "  delete_event\n    error   this tool deletes  acme/no-delete-tools\n            at tools/request-tools.yaml:64:3 ([3].method)",
    );
    writeFileSync(
      join(dir, "tooldeck.config.yaml"),
      "rules: { acme/no-delete-tools: 'off', operation-not-found: 'off' }\n",
    );
    const quiet = await tooldeckIn(dir, ["lint", "tools", "--rules", "./my-rules.mjs"]);
    expect(quiet.stdout).toContain(
      "rules turned off by tooldeck.config.yaml: operation-not-found, acme/no-delete-tools",
    );
    expect(quiet.exit).toBe(0);
  });

  test("a package in node_modules, named with --rules; SARIF carries its metadata", async () => {
    const dir = checkout({
      "node_modules/tooldeck-plugin-acme/package.json": JSON.stringify({
        name: "tooldeck-plugin-acme",
        type: "module",
        main: "index.js",
      }),
      "node_modules/tooldeck-plugin-acme/index.js": NO_DELETE,
    });
    const sarif = JSON.parse(
      (await tooldeckIn(dir, ["lint", "tools", "--rules", "tooldeck-plugin-acme", "--format", "sarif"]))
        .stdout,
    );
    const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === "acme/no-delete-tools");
    expect(rule).toEqual({
      id: "acme/no-delete-tools",
      shortDescription: { text: "a tool that deletes" },
      fullDescription: { text: "Agents here must not delete." },
      defaultConfiguration: { level: "error" },
    });
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain("acme/no-delete-tools");
  });

  test("a settings file naming a rule no module defines is a load error", async () => {
    const dir = checkout({ "tooldeck.config.yaml": "rules: { acme/no-delete-tools: error }\n" });
    const { exit, stderr } = await tooldeckIn(dir, ["lint", "tools"]);
    expect(exit).toBe(2);
    expect(stderr).toMatch(
      /^tooldeck lint: tooldeck\.config\.yaml: rules\.acme\/no-delete-tools: no such rule \(rules: /,
    );
  });
});

describe("the attacker's pull request: rule modules it names are not run by default", () => {
  test.each([
    [
      "plugins",
      "plugins: [./evil.mjs]\n",
      "tooldeck.config.yaml: plugins[0]: ./evil.mjs is code that a settings file names; tooldeck runs it only when the command line names it (--rules) or allows it (--allow-code)",
    ],
    [
      "plugins of an extended file",
      "extends: ./ci/base.yaml\n",
      "ci/base.yaml: plugins[0]: ../evil.mjs is code that a settings file names; tooldeck runs it only when the command line names it (--rules) or allows it (--allow-code)",
    ],
    [
      "extends",
      "extends: [./evil.mjs]\n",
      "tooldeck.config.yaml: extends[0]: ./evil.mjs is not a settings file (.json, .yaml or .yml); tooldeck runs no code named in extends (rule modules go in plugins)",
    ],
  ])("%s: refused unrun, check and lint exit 2 with one line", async (_label, settings, message) => {
    const dir = checkout({
      "tooldeck.config.yaml": settings,
      "ci/base.yaml": "plugins: [../evil.mjs]\n",
      "evil.mjs": EVIL,
    });
    for (const command of ["check", "lint"]) {
      const { exit, stdout, stderr } = await tooldeckIn(dir, [command, "tools"]);
      expect(exit).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(`tooldeck ${command}: ${message}\n`);
      expect(existsSync(join(dir, "PWNED"))).toBe(false);
    }
  });

  test("--allow-code, or naming the module on the command line, lets a config's plugin run", async () => {
    const dir = checkout({ "tooldeck.config.yaml": "plugins: [./evil.mjs]\n", "evil.mjs": EVIL });
    expect((await tooldeckIn(dir, ["lint", "tools", "--rules", "./evil.mjs"])).exit).toBe(1);
    expect(existsSync(join(dir, "PWNED"))).toBe(true);
    const again = checkout({ "tooldeck.config.yaml": "plugins: [./evil.mjs]\n", "evil.mjs": EVIL });
    expect((await tooldeckIn(again, ["lint", "tools", "--allow-code"])).exit).toBe(1);
    expect(existsSync(join(again, "PWNED"))).toBe(true);
  });
});
