import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
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
      ["error", { startLine: 4, startColumn: 1 }],
      ["warning", { startLine: 5, startColumn: 3 }],
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
        "::error file=tools/update.yaml,line=4,col=1,title=operation-not-found::update_event: PUT /events is not an operation <of> the API & more (use PATCH /events/{id})",
        "::warning file=tools/get.yaml,line=5,col=3,title=param-without-in::get_events: q has no in",
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

  test("junit: a finding of no listed tool (a config that did not load) is a failing case, not left out", () => {
    const broken: Diagnostic = {
      code: "config-invalid",
      severity: "error",
      tool: "",
      file: "tools/broken.yaml",
      path: "[0].method",
      message: "method: expected one of GET, POST, PUT, PATCH, DELETE",
    };
    const renamed: Diagnostic = { ...broken, code: "probe", tool: "Update Event", file: "tools/get.yaml" };
    const xml = formatJunit({ ...report, diagnostics: [...report.diagnostics, broken, renamed] });
    expect(xml).toContain('<testsuites name="tooldeck" tests="4" failures="3">');
    expect(xml).toContain('<testcase classname="tools/broken.yaml" name="(config)">');
    expect(xml).toContain(
      '<failure message="method: expected one of GET, POST, PUT, PATCH, DELETE" type="config-invalid">',
    );
    expect(xml).toContain('<testcase classname="tools/get.yaml" name="Update Event">');
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

describe("line and column of a finding", () => {
  test("stylish: at file:line:column (path), for YAML and JSON configs alike", () => {
    const json: Record<string, string> = {
      "tools/update.yaml": '{\n  "kind": "request",\n  "method": "PUT",\n  "url": "x"\n}\n',
      "tools/get.yaml": files["tools/get.yaml"] ?? "",
    };
    const lines = formatStylish(report, { readFile: (f) => json[f] }).split("\n");
    expect(lines.filter((line) => line.includes(" at "))).toEqual([
      "            at tools/get.yaml:5:3 (queryParamsSchema.q)",
      "            at tools/update.yaml:4:3 (url)",
    ]);
  });

  test("stylish: the path alone when the file cannot be read (a Flowise chatflow, stdin)", () => {
    expect(formatStylish(report, { readFile: () => undefined })).toContain("            at url\n");
  });

  test("json: line and column right after the path, none for a file that cannot be read", () => {
    const parsed = JSON.parse(
      formatJson(report, { readFile: (f) => (f === "tools/get.yaml" ? files[f] : undefined) }),
    );
    expect(parsed.diagnostics.map((d: object) => Object.keys(d).slice(0, 7))).toEqual([
      ["code", "severity", "tool", "file", "path", "message", "suggestion"],
      ["code", "severity", "tool", "file", "path", "line", "column"],
    ]);
    expect(parsed.diagnostics[1]).toMatchObject({ path: "queryParamsSchema.q", line: 5, column: 3 });
  });
});

describe("locateJsonPath", () => {
  const yaml = files["tools/get.yaml"] ?? "";
  test.each([
    ["", 1, 1],
    ["queryParamsSchema", 2, 1],
    ["queryParamsSchema.id.in", 4, 5],
    ["queryParamsSchema.q.type", 6, 5],
    ["queryParamsSchema.missing", 2, 1],
  ])("%s → %i:%i", (path, line, column) => {
    expect(locateJsonPath(yaml, path)).toEqual({ line, column });
  });

  test.each([
    [
      "a JSON array",
      '[\n  {\n    "name": "a"\n  },\n  {\n    "name": "b",\n    "url": "x"\n  }\n]',
      "[1].url",
      7,
      5,
    ],
    ["JSON indented with tabs", '{\n\t"a": [\n\t\t{"b": 1},\n\t\t{"c": 2}\n\t]\n}', "a[1].c", 4, 4],
    ["one-line JSON", '[{"name":"a"},{"name":"b","url":"x"}]', "[1].url", 1, 27],
    [
      "flow-style YAML",
      "- { kind: request, url: x }\n- { kind: request, url: y, method: GET }\n",
      "[1].method",
      2,
      28,
    ],
    ["YAML with CRLF line ends", "kind: request\r\nurl: x\r\nheaders:\r\n  a: b\r\n", "headers.a", 4, 3],
    ["a key written twice in JSON: the last, which JSON.parse keeps", '{"url": 1,\n "url": 2}', "url", 2, 2],
    [
      "a key inside a JSON string (a Flowise input): its field",
      '{"nodes": [{"data": {"inputs": {\n  "schema": "{\\"id\\": {}}"}}}]}',
      "nodes[0].data.inputs.schema.id",
      2,
      3,
    ],
    ["a path through an alias stops at the alias", "a: &x\n  b: 1\nc: *x\n", "c.b", 3, 1],
    ["an index past the end: the key of its sequence", "items:\n  - 1\n", "items[5]", 1, 1],
  ])("%s", (_name, text, path, line, column) => {
    expect(locateJsonPath(text, path)).toEqual({ line, column });
  });

  test("text that is neither JSON nor YAML gives the start, never an error", () => {
    expect(locateJsonPath("{ [ : ] \t\u0000 }}}", "a.b[2]")).toEqual({ line: 1, column: 1 });
  });
});
