import { describe, expect, test } from "vitest";
import { formatReport, REPORT_FORMATS } from "../../../src/lint/format/format-report.js";
import type { CheckReport } from "../../../src/lint/report.js";
import { RULE_CATALOG } from "../../../src/lint/rule-catalog.js";

const REPORT: CheckReport = {
  profile: "standard",
  tools: [{ name: "update_event", file: "tools/t.yaml", path: "[0]" }],
  diagnostics: [
    {
      code: "operation-not-found",
      severity: "error",
      tool: "update_event",
      file: "tools/t.yaml",
      path: "[0].url",
      message: "PUT /events is not an operation of Event Management API",
    },
  ],
};

describe("formatReport: one switch for every format", () => {
  test.each([
    ["json", (out: string) => JSON.parse(out).diagnostics[0].code === "operation-not-found"],
    ["junit", (out: string) => out.startsWith("<?xml")],
    ["github", (out: string) => out.startsWith("::error file=tools/t.yaml")],
    ["stylish", (out: string) => out.startsWith("tools/t.yaml")],
    [
      "html",
      (out: string) => out.startsWith("<!doctype html>") && out.includes("<title>tooldeck check</title>"),
    ],
  ] as const)("%s", (format, looksRight) => {
    expect(looksRight(formatReport(REPORT, format))).toBe(true);
  });

  test("sarif carries every rule and check of the catalog, each with its docs link", () => {
    const sarif = JSON.parse(
      formatReport(REPORT, "sarif", { version: "1.2.3", docsUrl: (id) => `https://docs.test/rules#${id}` }),
    );
    const rules = sarif.runs[0].tool.driver.rules as { id: string; helpUri: string }[];
    expect(rules.map((rule) => rule.id)).toEqual(RULE_CATALOG.map((rule) => rule.id));
    expect(rules.find((rule) => rule.id === "probe")?.helpUri).toBe("https://docs.test/rules#probe");
    expect(sarif.runs[0].tool.driver.version).toBe("1.2.3");
  });

  test("stylish prints the docs link only when asked", () => {
    const docsUrl = (id: string) => `https://docs.test/rules#${id}`;
    expect(formatReport(REPORT, "stylish", { docsUrl })).not.toContain("https://docs.test");
    expect(formatReport(REPORT, "stylish", { docsUrl, showDocs: true })).toContain(
      "https://docs.test/rules#operation-not-found",
    );
  });

  test("html takes its title, and masks before it escapes", () => {
    const page = formatReport(REPORT, "html", {
      title: "tooldeck lint",
      mask: (text) => text.replaceAll("Event Management", "***"),
    });
    expect(page).toContain("<title>tooldeck lint</title>");
    expect(page).toContain("PUT /events is not an operation of *** API");
  });

  test("the formats the CLI offers", () => {
    expect(REPORT_FORMATS).toEqual(["stylish", "json", "sarif", "junit", "github", "html"]);
  });
});
