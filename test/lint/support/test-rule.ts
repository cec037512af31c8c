import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import type { LoadedTool, ToolConfig } from "../../../src/config/tool-config.js";
import type { Severity } from "../../../src/lint/diagnostic.js";
import { lint } from "../../../src/lint/lint.js";
import type { LintRule } from "../../../src/lint/rule.js";
import type { OperationIndex } from "../../../src/openapi/operation-index.js";
import type { Profile } from "../../../src/profile.js";

export interface RuleCase {
  name: string;
  config: ToolConfig;
  profile?: Profile;
  /** Other tools linted alongside (for rules that compare tools). */
  others?: ToolConfig[];
  /** Lint as with --allow-code. */
  allowCode?: boolean;
  /** Lint as with --portability. */
  portability?: boolean;
  /** The config came from a Flowise export. */
  fromFlowise?: boolean;
  /** The others are given to the config's agent (default: each file is its own agent). */
  oneAgent?: boolean;
  /** Expected findings as `severity path: message`; [] for a passing config. */
  expected: string[];
}

export interface TestRuleOptions {
  /** The service description the rule compares with. */
  spec?: () => OperationIndex;
  toolkitSpecs?: () => ReadonlyMap<string, OperationIndex>;
}

/** A rule's table test: each config, linted with only this rule, gives exactly these findings. */
export function testRule(rule: LintRule, cases: RuleCase[], options: TestRuleOptions = {}): void {
  describe(rule.id, () => {
    test.each(cases)(
      "$name",
      ({ config, profile, others, allowCode, portability, fromFlowise, oneAgent, expected }) => {
        const tools: LoadedTool[] = [config, ...(others ?? [])].map((c, i) => ({
          config: c,
          source: {
            file: `tools/t${i}.yaml`,
            path: "",
            ...(fromFlowise ? { format: "flowise" as const } : {}),
            ...(oneAgent ? { agent: { id: "agent", label: "flow.json › Agent" } } : {}),
          },
        }));
        const found = lint(tools, {
          profile: profile ?? "standard",
          rules: [rule],
          ...(options.spec ? { spec: options.spec() } : {}),
          ...(options.toolkitSpecs ? { toolkitSpecs: options.toolkitSpecs() } : {}),
          ...(allowCode ? { allowCode } : {}),
          ...(portability ? { portability } : {}),
        })
          .filter((d) => d.file === "tools/t0.yaml")
          .map((d) => `${d.severity} ${d.path}: ${d.message}`);
        expect(found).toEqual(expected);
      },
    );

    // docs/rules.md shows the severities a rule's findings print: no case may print another one.
    test("every case's severity is one the rule declares (and docs/rules.md lists)", () => {
      const declared = [rule.severity, ...(rule.otherSeverities ?? [])];
      const printed = cases.flatMap((c) => c.expected.map((line) => line.split(" ")[0]));
      for (const severity of printed) expect(declared).toContain(severity);
    });

    test("metadata", () => {
      expect(rule.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(rule.description.length).toBeGreaterThan(10);
      expect(rule.docs.length).toBeGreaterThan(rule.description.length);
      expect(rule.profiles.length).toBeGreaterThan(0);
      expect(["error", "warning", "info"] satisfies Severity[]).toContain(rule.severity);
    });
  });
}

/** A request tool with the tutorial's defaults and the given changes. */
export function requestTool(changes: Partial<RequestToolConfig> = {}): RequestToolConfig {
  return {
    kind: "request",
    method: "GET",
    name: "get_events",
    description: "Use this when you need to get events",
    url: "{{$vars.base_url}}/events",
    headers: {},
    ...changes,
  };
}
