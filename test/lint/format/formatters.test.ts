import { describe, expect, test } from "vitest";
import { formatGithub } from "../../../src/lint/format/format-github.js";
import { formatJson } from "../../../src/lint/format/format-json.js";
import { formatJunit } from "../../../src/lint/format/format-junit.js";
import { formatSarif } from "../../../src/lint/format/format-sarif.js";
import { formatStylish } from "../../../src/lint/format/format-stylish.js";
import { locateJsonPath } from "../../../src/lint/format/locate-json-path.js";
import type { CheckReport, RuleOverrides } from "../../../src/lint/report.js";

const report: CheckReport = {
  profile: "flowise",
  tools: [
    { name: "get_events", file: "tools/get.yaml", path: "", sent: "GET http://e/events → 200" },
    { name: "update_event", file: "tools/update.yaml", path: "", sent: "PUT http://e/events → 404" },
  ],
  diagnostics: [
    {
      code: "operation-not-found",
      severity: "error",
      tool: "update_event",
      file: "tools/update.yaml",
      path: "url",
      message: "PUT /events is not an operation <of> the API & more",
      suggestion: "use PATCH /events/{id}",
      fix: { description: "switch to PATCH", changes: [{ path: "method", value: "PATCH" }] },
    },
    {
      code: "param-without-in",
      severity: "warning",
      tool: "get_events",
      file: "tools/get.yaml",
      path: "queryParamsSchema.q",
      message: "q has no in",
    },
  ],
};

const files: Record<string, string> = {
  "tools/update.yaml": "kind: request\nmethod: PUT\nname: update_event\nurl: '{{$vars.base_url}}/events'\n",
  "tools/get.yaml": "kind: request\nqueryParamsSchema:\n  id:\n    in: path\n  q:\n    type: string\n",
};

describe("formatters", () => {
  test("stylish groups by file, shows what each tool sends, and ends with the summary", () => {
    expect(formatStylish(report)).toMatchInlineSnapshot(`
      "tools/get.yaml
        get_events  GET http://e/events → 200
          warning q has no in  param-without-in
                  at queryParamsSchema.q

      tools/update.yaml
        update_event  PUT http://e/events → 404
          error   PUT /events is not an operation <of> the API & more  operation-not-found
                  at url
                  → use PATCH /events/{id}
                  fixable with --fix: switch to PATCH

      ✖ 2 problems (1 error, 1 warning, 0 infos) in 2 tools (profile flowise)
      "
    `);
    expect(formatStylish(report, { color: true })).toContain("\u001b[");
  });

  test("json carries the summary and every diagnostic", () => {
    const parsed = JSON.parse(formatJson(report));
    expect(parsed.summary).toBe("2 problems (1 error, 1 warning, 0 infos) in 2 tools");
    expect(parsed.diagnostics).toEqual(report.diagnostics);
  });

  test("sarif 2.1.0 with rule metadata and line locations", () => {
    const rules = [
      { id: "operation-not-found", severity: "error" as const, description: "d", docs: "long docs" },
    ];
    const sarif = JSON.parse(formatSarif(report, { rules, version: "0.1.0", readFile: (f) => files[f] }));
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0].tool.driver.rules[0]).toEqual({
      id: "operation-not-found",
      shortDescription: { text: "d" },
      fullDescription: { text: "long docs" },
      defaultConfiguration: { level: "error" },
    });
    const withHelp = formatSarif(report, {
      rules: [
        {
          ...(rules[0] as (typeof rules)[number]),
          helpUri: "https://x.example/rules.md#operation-not-found",
        },
      ],
      version: "0.1.0",
      readFile: () => undefined,
    });
    expect(JSON.parse(withHelp).runs[0].tool.driver.rules[0].helpUri).toBe(
      "https://x.example/rules.md#operation-not-found",
    );
    expect(
      sarif.runs[0].results.map(
        (r: { level: string; locations: { physicalLocation: { region: unknown } }[] }) => [
          r.level,
          r.locations[0]?.physicalLocation.region,
        ],
      ),
    ).toEqual([
      ["error", { startLine: 4 }],
      ["warning", { startLine: 5 }],
    ]);
  });

  test("github: workflow commands on file and line, escaped as the runner reads them", () => {
    const escaped: CheckReport = {
      ...report,
      diagnostics: [
        {
          code: "probe",
          severity: "info",
          tool: "get_events",
          file: "tools/a,b:c.yaml",
          path: "",
          message: "100% done\nsecond line\u001b[2J",
        },
      ],
    };
    expect(formatGithub(report, { readFile: (f) => files[f] })).toBe(
      [
        "::error file=tools/update.yaml,line=4,title=operation-not-found::update_event: PUT /events is not an operation <of> the API & more (use PATCH /events/{id})",
        "::warning file=tools/get.yaml,line=5,title=param-without-in::get_events: q has no in",
        "2 problems (1 error, 1 warning, 0 infos) in 2 tools (profile flowise)",
        "",
      ].join("\n"),
    );
    expect(formatGithub(escaped, { readFile: () => undefined })).toBe(
      "::notice file=tools/a%2Cb%3Ac.yaml,title=probe::get_events: 100%25 done%0Asecond line\\u001b[2J\n1 problem (0 errors, 0 warnings, 1 info) in 2 tools (profile flowise)\n",
    );
  });

  test("junit: one case per tool, errors fail, XML escaped", () => {
    const xml = formatJunit(report);
    expect(xml).toContain('<testsuites name="tooldeck" tests="2" failures="1">');
    expect(xml).toContain('<testcase classname="tools/get.yaml" name="get_events">');
    expect(xml).toContain(
      '<failure message="PUT /events is not an operation &lt;of&gt; the API &amp; more" type="operation-not-found">',
    );
    expect(xml).toContain(
      "<system-out>warning param-without-in at queryParamsSchema.q: q has no in</system-out>",
    );
  });
});

describe("rules the settings turned off or lowered", () => {
  const overrides: RuleOverrides = {
    source: "ci/100%\n::error::gates.yaml",
    off: ["operation-not-found", "probe"],
    downgraded: [{ rule: "param-without-in", from: "warning", to: "info" }],
  };
  const gated: CheckReport = { ...report, ruleOverrides: overrides };

  test("stylish: under the summary; json: the field; junit: a property each", () => {
    expect(formatStylish(report)).not.toContain("rules ");
    const stylish = formatStylish({ ...gated, ruleOverrides: { ...overrides, source: "t.yaml" } });
    expect(stylish.trimEnd().split("\n").slice(-2)).toEqual([
      "rules turned off by t.yaml: operation-not-found, probe",
      "rules downgraded by t.yaml: param-without-in (warning → info)",
    ]);
    expect(JSON.parse(formatJson(gated)).ruleOverrides).toEqual(gated.ruleOverrides);
    expect(JSON.parse(formatJson(report))).not.toHaveProperty("ruleOverrides");
    expect(formatJunit(gated)).toContain(
      '<property name="rules-turned-off" value="rules turned off by ci/100%&#xa;::error::gates.yaml: operation-not-found, probe"/>',
    );
  });

  test("github: a ::notice:: each, escaped so a file name cannot start another command", () => {
    const lines = formatGithub(gated, { readFile: () => undefined })
      .trimEnd()
      .split("\n");
    expect(lines.slice(-3)).toEqual([
      "::notice::rules turned off by ci/100%25%0A\\u003a:error::gates.yaml: operation-not-found, probe",
      "::notice::rules downgraded by ci/100%25%0A\\u003a:error::gates.yaml: param-without-in (warning → info)",
      "2 problems (1 error, 1 warning, 0 infos) in 2 tools (profile flowise)",
    ]);
  });

  test("sarif: configuration overrides by rule index, notifications by line; none without overrides", () => {
    const rules = [
      { id: "param-without-in", severity: "warning" as const, description: "d", docs: "d" },
      { id: "probe", severity: "error" as const, description: "d", docs: "d" },
    ];
    const run = JSON.parse(formatSarif(gated, { rules, version: "0.1.0", readFile: () => undefined }))
      .runs[0];
    expect(run.invocations).toEqual([
      {
        executionSuccessful: true,
        ruleConfigurationOverrides: [
          { descriptor: { id: "operation-not-found" }, configuration: { enabled: false } },
          { descriptor: { id: "probe", index: 1 }, configuration: { enabled: false } },
          { descriptor: { id: "param-without-in", index: 0 }, configuration: { level: "note" } },
        ],
        toolConfigurationNotifications: [
          {
            level: "warning",
            message: { text: "rules turned off by ci/100%\n::error::gates.yaml: operation-not-found, probe" },
          },
          {
            level: "warning",
            message: {
              text: "rules downgraded by ci/100%\n::error::gates.yaml: param-without-in (warning → info)",
            },
          },
        ],
      },
    ]);
    const plain = JSON.parse(formatSarif(report, { rules, version: "0.1.0", readFile: () => undefined }));
    expect(plain.runs[0]).not.toHaveProperty("invocations");
  });
});

describe("locateJsonPath", () => {
  const yaml = files["tools/get.yaml"] ?? "";
  test.each([
    ["", 1],
    ["queryParamsSchema", 2],
    ["queryParamsSchema.id.in", 4],
    ["queryParamsSchema.q.type", 6],
    ["queryParamsSchema.missing", 2],
  ])("%s → line %i", (path, line) => {
    expect(locateJsonPath(yaml, path)).toBe(line);
  });

  test("JSON arrays", () => {
    const json = '[\n  {\n    "name": "a"\n  },\n  {\n    "name": "b",\n    "url": "x"\n  }\n]';
    expect(locateJsonPath(json, "[1].url")).toBe(7);
  });
});
