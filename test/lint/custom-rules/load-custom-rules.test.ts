import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { LoadedTool } from "../../../src/config/tool-config.js";
import { loadCustomRules } from "../../../src/lint/custom-rules/load-custom-rules.js";
import { RULE_IDS } from "../../../src/lint/rule-catalog.js";
import { hostileProject } from "../../support/hostile-project.js";

/** A rule module's source: `body` is what follows the rule's fields. */
const RULE = (id: string, check = "() => []") =>
  `{ id: "${id}", severity: "warning", profiles: ["standard"], description: "d", docs: "why", appliesTo: () => true, check: ${check} }`;

const folder = hostileProject;

const load = (dir: string, spec: string) => loadCustomRules([{ spec, from: dir, at: "--rules" }], RULE_IDS);

const TOOL = {
  config: { kind: "request", name: "t" },
  source: { file: "tools/t.yaml", path: "" },
} as unknown as LoadedTool;

describe("loadCustomRules", () => {
  test.each([
    ["export const rules", "rules.mjs", `export const rules = [${RULE("acme/a")}];`],
    ["a default export of { rules }", "rules.mjs", `export default { rules: [${RULE("acme/a")}] };`],
    ["a default export of the list", "rules.mjs", `export default [${RULE("acme/a")}];`],
    ["CommonJS", "rules.cjs", `module.exports = { rules: [${RULE("acme/a")}] };`],
  ])("%s", async (_label, name, source) => {
    const { rules } = await load(folder({ [name]: source }), `./${name}`);
    expect(rules.map((rule) => rule.id)).toEqual(["acme/a"]);
  });

  test("an npm package in node_modules, by its name", async () => {
    const dir = folder({
      "node_modules/@acme/tooldeck-rules/package.json": JSON.stringify({
        name: "@acme/tooldeck-rules",
        type: "module",
        exports: { import: "./index.js" },
      }),
      "node_modules/@acme/tooldeck-rules/index.js": `export const rules = [${RULE("acme/b")}];`,
    });
    const { rules, files } = await load(dir, "@acme/tooldeck-rules");
    expect(rules.map((rule) => rule.id)).toEqual(["acme/b"]);
    expect(files).toEqual([join(dir, "node_modules/@acme/tooldeck-rules/index.js")]);
  });

  test.each([
    [
      "no rules exported",
      "export const x = 1;",
      "--rules: ./r.mjs exports no rules (export const rules = [...], or a default export of them)",
    ],
    [
      "a rule without docs",
      `export const rules = [{ ...${RULE("acme/a")}, docs: undefined }];`,
      /^--rules: \.\/r\.mjs: rules\[0\]\.docs: /,
    ],
    [
      "a bad id",
      `export const rules = [${RULE("Acme A")}];`,
      "--rules: ./r.mjs: rules[0].id: expected an id like no-delete-tools or acme/no-delete-tools",
    ],
    [
      "a built-in's id",
      `export const rules = [${RULE("probe")}];`,
      "--rules: ./r.mjs: rule probe is already defined",
    ],
    [
      "an id twice",
      `export const rules = [${RULE("acme/a")}, ${RULE("acme/a")}];`,
      "--rules: ./r.mjs: rule acme/a is already defined",
    ],
    ["a module that throws", `throw new Error("boom\\nsecond line");`, "--rules: ./r.mjs: boom"],
  ])("%s is a one-line load error", async (_label, source, message) => {
    await expect(load(folder({ "r.mjs": source }), "./r.mjs")).rejects.toThrow(message);
  });

  test("a missing package is a load error naming it", async () => {
    await expect(load(folder({}), "tooldeck-rules-nope")).rejects.toThrow(
      "--rules: cannot find the package tooldeck-rules-nope (is it installed?)",
    );
  });

  test("a rule that throws or returns no findings stops the run with a line naming it", async () => {
    const dir = folder({
      "r.mjs": `export const rules = [${RULE("acme/throws", "() => { throw new TypeError('x is undefined'); }")}, ${RULE("acme/odd", "() => 'nope'")}, ${RULE("acme/causeless", "() => [{ message: 'm', cause: 'a host' }]")}];`,
    });
    const [throws, odd, causeless] = (await load(dir, "./r.mjs")).rules;
    const context = { profile: "standard" as const, tools: [] };
    expect(() => throws?.check(TOOL, context)).toThrow(
      "rule acme/throws (./r.mjs) on tools/t.yaml: check threw x is undefined",
    );
    expect(() => odd?.check(TOOL, context)).toThrow(
      "rule acme/odd (./r.mjs) on tools/t.yaml: check returned something other than a list of findings",
    );
    // A cause is { key, summary }: what the report folds findings by and prints.
    expect(() => causeless?.check(TOOL, context)).toThrow(
      "rule acme/causeless (./r.mjs) on tools/t.yaml: check returned something other than a list of findings",
    );
  });
});
