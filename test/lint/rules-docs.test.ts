import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { DEFAULT_RULES } from "../../src/lint/rules/index.js";
import { packagePath } from "../../src/package/package-root.js";

test("docs/rules.md documents every rule with its metadata and docs paragraph", () => {
  const docs = readFileSync(packagePath("docs", "rules.md"), "utf8");
  for (const rule of DEFAULT_RULES) {
    const severity = rule.otherSeverities
      ? `${rule.severity} (or ${rule.otherSeverities.join(", ")})`
      : rule.severity;
    expect(docs).toContain(
      `| \`${rule.id}\` | ${severity} | ${rule.profiles.join(", ")} | ${rule.description} |`,
    );
    expect(docs).toContain(`## ${rule.id}\n\n${rule.docs}\n`);
  }
});

test("rule ids are unique", () => {
  const ids = DEFAULT_RULES.map((rule) => rule.id);
  expect(new Set(ids).size).toBe(ids.length);
});
