import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeck, tooldeckWithEnv } from "../support/run-tooldeck.js";

const TODO = ["fixtures/todo", "--var", "base_url=https://todo.example.com"];

interface Finding {
  code: string;
  severity: string;
  tool: string;
  related?: { code: string; severity: string; message: string }[];
}

describe("one cause, one finding", () => {
  test("a missing date format is one finding with the probe's evidence, not a 400, a warning and a body mismatch", async () => {
    const { exit, stdout } = await tooldeck("check", ...TODO, "--format", "json");
    const report = JSON.parse(stdout);
    const create = report.diagnostics.filter((d: Finding) => d.tool === "create_todo");
    expect(create.map((d: Finding) => `${d.severity} ${d.code}`)).toEqual(["error undisclosed-format"]);
    expect(create[0].related).toEqual([
      { code: "probe", severity: "error", path: "[0]", message: "POST /todos answered 400" },
      {
        code: "probe",
        severity: "warning",
        path: "[0]",
        message: 'the request body does not match POST /todos (createTodo): /due must match format "date"',
      },
    ]);
    expect(report.summary).toBe("3 problems (3 errors, 0 warnings, 0 infos) in 3 tools");
    expect(exit).toBe(1);
  });

  test("a probe set to warning folds as a warning: the finding keeps the heavier configured severity", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-fold-"));
    const config = join(dir, "tooldeck.config.yaml");
    writeFileSync(config, "rules:\n  probe: warning\n");
    const { exit, stdout } = await tooldeck("check", ...TODO, "--config", config, "--format", "json");
    const create = JSON.parse(stdout).diagnostics.find((d: Finding) => d.tool === "create_todo");
    expect(create.severity).toBe("warning");
    expect(create.related.map((r: { severity: string }) => r.severity)).toEqual(["warning", "warning"]);
    // update_todo and delete_todo still fail on operation-not-found, an error of its own.
    expect(exit).toBe(1);
  });

  test("sarif: the probe's evidence is the result's related locations", async () => {
    const sarif = JSON.parse((await tooldeck("check", ...TODO, "--format", "sarif")).stdout);
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "undisclosed-format");
    expect(result.level).toBe("error");
    expect(result.relatedLocations).toEqual([
      {
        id: 0,
        physicalLocation: {
          artifactLocation: { uri: "fixtures/todo/todo-tools.yaml" },
          region: { startLine: 3, startColumn: 3 },
        },
        message: { text: "probe (error): POST /todos answered 400" },
      },
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: "fixtures/todo/todo-tools.yaml" },
          region: { startLine: 3, startColumn: 3 },
        },
        message: {
          text: 'probe (warning): the request body does not match POST /todos (createTodo): /due must match format "date"',
        },
      },
    ]);
  });

  test("stylish: the evidence under the finding", async () => {
    const { stdout } = await tooldeck("check", ...TODO);
    expect(stdout).toContain(
      [
        "    error   due must be an ISO 8601 date in POST /todos (createTodo), and nothing tells the LLM  undisclosed-format",
        "            at fixtures/todo/todo-tools.yaml:11:26 ([0].bodySchema.due.description)",
        "            probe error: POST /todos answered 400",
        '            probe warning: the request body does not match POST /todos (createTodo): /due must match format "date"',
      ].join("\n"),
    );
  });
});

/**
 * The tutorial's chatflow with one agent given a GET tool per name, each calling `http://<host>/events`:
 * a flow as a team keeps one, its service on a machine of its own network.
 */
function flowOf(tools: readonly { name: string; host: string }[]): string {
  const tutorial = JSON.parse(readFileSync(packagePath("fixtures/flowise/requests-chatflow.json"), "utf8"));
  const [agent, get, , ...others] = tutorial.nodes;
  const nodes = tools.map(({ name, host }, index) => {
    const id = `requestsGet_${index}`;
    const inputs = {
      ...get.data.inputs,
      requestsGetName: name,
      requestsGetUrl: `http://${host}/events?sort=${name}`,
      requestsGetDescription: `Use this to ${name.replace("_", " ")}`,
    };
    return { ...get, id, data: { ...get.data, id, inputs } };
  });
  agent.data.inputs.tools = nodes.map(({ id }) => `{{${id}.data.instance}}`);
  const edges = nodes.map(({ id }) => ({ ...tutorial.edges[0], source: id, id: `${id}-toolAgent_0` }));
  const file = join(mkdtempSync(join(tmpdir(), "tooldeck-one-cause-")), "flow.json");
  writeFileSync(file, JSON.stringify({ ...tutorial, nodes: [agent, ...others, ...nodes], edges }));
  return file;
}

const FOUR = ["list_events", "get_event", "list_rooms", "get_room"];
const REFUSED =
  '127.0.0.1 is a loopback/private host: Flowise 3.1 refuses every call to it ("isDeniedIP: Error: Access to this host is denied by policy.")';
const HIDDEN =
  'on an error answer the LLM sees only "Failed to make <METHOD> request: HTTP Error <status>: <text>", not the server\'s message';

describe("one cause, one finding across tools (issue 38)", () => {
  test.each([
    {
      name: "four tools on 127.0.0.1: one refused host, one hidden error body, not four of each",
      tools: FOUR.map((name) => ({ name, host: "127.0.0.1:5566" })),
      expected: [
        `    warning 4 tools (get_event, get_room, list_events, list_rooms): ${REFUSED}  flowise-private-host`,
        "            → run Flowise with HTTP_SECURITY_CHECK=false, or call the service on a public address",
        `    info    4 tools (get_event, get_room, list_events, list_rooms): ${HIDDEN}  flowise-error-body-hidden`,
      ],
      summary: "✔ 2 problems (0 errors, 1 warning, 1 info) in 4 tools (profile flowise)",
    },
    {
      // 10.0.0.5 is described by no spec: its tools are not compared, said once too (no-spec).
      name: "two hosts: a finding for each",
      tools: FOUR.map((name, index) => ({ name, host: index % 2 ? "10.0.0.5" : "127.0.0.1:5566" })),
      expected: [
        `    warning 2 tools (get_event, get_room): ${REFUSED.replace("127.0.0.1", "10.0.0.5")}  flowise-private-host`,
        `    warning 2 tools (list_events, list_rooms): ${REFUSED}  flowise-private-host`,
      ],
      summary: "✔ 4 problems (0 errors, 2 warnings, 2 infos) in 4 tools (profile flowise)",
    },
    {
      name: "one tool: its own finding, as before",
      tools: [{ name: "list_events", host: "127.0.0.1:5566" }],
      expected: [
        "  list_events",
        '    warning 127.0.0.1 is a loopback/private host: Flowise 3.1 answers "isDeniedIP: Error: Access to this host is denied by policy."  flowise-private-host',
      ],
      summary: "✔ 2 problems (0 errors, 1 warning, 1 info) in 1 tool (profile flowise)",
    },
  ])("tooldeck lint flow.json: $name", async ({ tools, expected, summary }) => {
    const { exit, stdout } = await tooldeck("lint", flowOf(tools));
    const lines = stdout.trimEnd().split("\n");
    for (const line of expected) expect(lines).toContain(line);
    expect(lines.filter((line) => line.endsWith("  flowise-error-body-hidden"))).toHaveLength(1);
    expect(lines.at(-1)).toBe(summary);
    expect(exit).toBe(0);
  });

  test("tooldeck check flow.json: each probe Flowise refuses is the evidence of the one finding, not an error of its own", async () => {
    const flow = flowOf(FOUR.map((name) => ({ name, host: "127.0.0.1:5566" })));
    const { exit, stdout } = await tooldeck("check", flow);
    const denied = "Access to this host is denied by policy.";
    expect(stdout).toContain(
      [
        `    error   4 tools (get_event, get_room, list_events, list_rooms): ${REFUSED}  flowise-private-host`,
        ...["get_event", "get_room", "list_events", "list_rooms"].map(
          (tool) =>
            `            probe error: ${tool}: GET /events?sort=${tool} got no answer: Failed to make GET request: isDeniedIP: Error: ${denied}`,
        ),
        "            → run Flowise with HTTP_SECURITY_CHECK=false, or call the service on a public address",
      ].join("\n"),
    );
    expect(stdout).not.toMatch(/ {2}probe$/m);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      "✖ 2 problems (1 error, 0 warnings, 1 info) in 4 tools (profile flowise)",
    );
    expect(exit).toBe(1);
  });

  test("json keeps a finding per tool, each naming the one cause", async () => {
    const flow = flowOf(FOUR.map((name) => ({ name, host: "127.0.0.1:5566" })));
    const report = JSON.parse((await tooldeck("lint", flow, "--format", "json")).stdout);
    const refused = report.diagnostics.filter((d: Finding) => d.code === "flowise-private-host");
    expect(refused.map((d: Finding & { cause: unknown }) => [d.tool, d.cause])).toEqual(
      ["get_event", "get_room", "list_events", "list_rooms"].map((tool) => [
        tool,
        { id: "flowise-private-host:127.0.0.1", summary: REFUSED },
      ]),
    );
    expect(report.summary).toBe("2 problems (0 errors, 1 warning, 1 info) in 4 tools");
  });

  test("sarif keeps a result per tool, at its URL, each with the cause in its properties", async () => {
    const flow = flowOf(FOUR.map((name) => ({ name, host: "127.0.0.1:5566" })));
    const sarif = JSON.parse((await tooldeck("lint", flow, "--format", "sarif")).stdout);
    const refused = sarif.runs[0].results.filter(
      (r: { ruleId: string }) => r.ruleId === "flowise-private-host",
    );
    expect(refused).toHaveLength(4);
    for (const result of refused) {
      expect(result.properties).toEqual({ cause: "flowise-private-host:127.0.0.1" });
      expect(result.locations[0].logicalLocations[0].fullyQualifiedName).toMatch(
        /^nodes\[\d\]\.data\.inputs\.url$/,
      );
    }
  });

  test("junit: each tool's case still lists it", async () => {
    const flow = flowOf(FOUR.map((name) => ({ name, host: "127.0.0.1:5566" })));
    const { stdout } = await tooldeck("lint", flow, "--format", "junit");
    expect(stdout.match(/warning flowise-private-host at nodes\[\d\]\.data\.inputs\.url/g)).toHaveLength(4);
  });

  test("HTTP_SECURITY_CHECK=false: nothing to advise, for any tool", async () => {
    const flow = flowOf(FOUR.map((name) => ({ name, host: "127.0.0.1:5566" })));
    const { stdout } = await tooldeckWithEnv({ HTTP_SECURITY_CHECK: "false" }, "lint", flow);
    expect(stdout).not.toContain("flowise-private-host");
  });
});
