import { describe, expect, test } from "vitest";
import { applySeverities } from "../../src/lint/apply-severities.js";
import type { Diagnostic } from "../../src/lint/diagnostic.js";

const finding = (code: string, severity: Diagnostic["severity"]): Diagnostic => ({
  code,
  severity,
  tool: "t",
  file: "tools/t.yaml",
  path: "",
  message: `${code} finding`,
});

describe("applySeverities: one place for every configured severity", () => {
  const found = [
    finding("probe", "error"),
    finding("tool-name", "error"),
    finding("config-warning", "warning"),
  ];

  test("a level replaces the finding's own, for rules, probes and load checks alike", () => {
    const settings = { probe: "warning", "config-warning": "error" } as const;
    expect(applySeverities(found, settings).map((d) => `${d.code} ${d.severity}`)).toEqual([
      "probe warning",
      "tool-name error",
      "config-warning error",
    ]);
  });

  test("off removes the finding; no settings change nothing", () => {
    expect(applySeverities(found, { "tool-name": "off" }).map((d) => d.code)).toEqual([
      "probe",
      "config-warning",
    ]);
    expect(applySeverities(found, undefined)).toEqual(found);
  });

  test("applying twice gives the same (lint applies it, and check again over everything)", () => {
    const settings = { probe: "info" } as const;
    expect(applySeverities(applySeverities(found, settings), settings)).toEqual(
      applySeverities(found, settings),
    );
  });
});
