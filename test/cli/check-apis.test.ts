import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** Issue 38 item 1: each description judges only the tools of its own API. */
const EVENT_SPEC = readFileSync(packagePath("tools", "event-api.openapi.yaml"), "utf8");

const TWO_SPEC = `openapi: 3.0.3
info: { title: Widget API, version: "1" }
servers: [{ url: https://api.example-two.test }]
paths:
  /widgets:
    get:
      operationId: listWidgets
      responses: { "200": { description: the widgets } }
`;

const request = (name: string, method: string, url: string) =>
  `- kind: request\n  method: ${method}\n  name: ${name}\n  description: Use this when you need to ${name.replaceAll("_", " ")}\n  url: "${url}"\n  headers: {}\n`;

const CUSTOM_TOOL = `kind: custom-tool
name: create_contact
description: Use this when you want to create a HubSpot contact
schema:
  - { property: email, type: string, description: the contact's e-mail, required: true }
code: |
  const fetch = require('node-fetch');
  const res = await fetch('https://api.hubapi.com/crm/v3/objects/contacts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + $vars.hubspot_token },
    body: JSON.stringify({ properties: { email: $email } }),
    signal: AbortSignal.timeout(10000),
  });
  return await res.text();
`;

/** Findings of one rule, as `tool: message` lines. */
function findingsOf(stdout: string, code: string): string[] {
  const report = JSON.parse(stdout) as { diagnostics: { code: string; tool: string; message: string }[] };
  return report.diagnostics.filter((d) => d.code === code).map((d) => `${d.tool}: ${d.message}`);
}

describe("a spec per API: tooldeck lint --format json", () => {
  test("the event API in tools/ and tools calling HubSpot: no spec error, one info for api.hubapi.com", async () => {
    const dir = hostileProject({
      "tools/event-api.openapi.yaml": EVENT_SPEC,
      "tools/crm.yaml": request("get_contacts", "GET", "https://api.hubapi.com/crm/v3/objects/contacts"),
      "tools/contact.yaml": CUSTOM_TOOL,
      "tools/events.yaml": request("put_events", "PUT", "{{$vars.base_url}}/events"),
    });
    const { stdout } = await tooldeckIn(dir, ["lint", "--format", "json"]);
    expect(findingsOf(stdout, "operation-not-found")).toEqual([
      expect.stringMatching(/^put_events: PUT \/events is not an operation of Event Management API/),
    ]);
    expect(findingsOf(stdout, "no-spec")).toEqual([
      ": no OpenAPI description for api.hubapi.com: 2 tools not compared (create_contact, get_contacts)",
    ]);
  });

  test("an OpenAPI fragment among the paths (paths, no openapi:, as Flowise's own swagger.yml) is a note; the whole descriptions judge", async () => {
    const dir = hostileProject({
      "tools/event-api.openapi.yaml": EVENT_SPEC,
      "tools/swagger.yml": "paths:\n  /ping:\n    get:\n      responses: { '200': { description: ok } }\n",
      "tools/events.yaml": request("put_events", "PUT", "{{$vars.base_url}}/events"),
    });
    const { stdout, exit } = await tooldeckIn(dir, ["lint", "--format", "json"]);
    expect(exit).toBe(1);
    expect(findingsOf(stdout, "config-note")).toEqual([
      ": an OpenAPI fragment (paths, no openapi: or swagger:): not a tool config, and not used to judge the tools",
    ]);
    expect(findingsOf(stdout, "operation-not-found")).toEqual([
      expect.stringMatching(/^put_events: PUT \/events is not an operation of Event Management API/),
    ]);
  });

  test("two descriptions found among the paths: each judges only the tools on its own host", async () => {
    const dir = hostileProject({
      "tools/event-api.openapi.yaml": EVENT_SPEC,
      "tools/two.openapi.yaml": TWO_SPEC,
      "tools/tools.yaml": [
        request("list_widgets", "GET", "https://api.example-two.test/widgets"),
        request("list_gadgets", "GET", "https://api.example-two.test/gadgets"),
        request("list_events", "GET", "http://localhost:5566/events"),
        request("list_things", "GET", "http://localhost:5566/things"),
      ].join(""),
    });
    const { stdout } = await tooldeckIn(dir, ["lint", "--format", "json"]);
    expect(findingsOf(stdout, "operation-not-found").sort()).toEqual([
      expect.stringMatching(/^list_gadgets: GET \/gadgets is not an operation of Widget API/),
      expect.stringMatching(/^list_things: GET \/things is not an operation of Event Management API/),
    ]);
    expect(findingsOf(stdout, "no-spec")).toEqual([]);
  });

  test("--spec a --spec b: both judge, by host, and --explain says which judged which tool and why", async () => {
    const dir = hostileProject({
      "specs/events.yaml": EVENT_SPEC,
      "specs/two.yaml": TWO_SPEC,
      "tools/tools.yaml": [
        request("list_gadgets", "GET", "https://api.example-two.test/gadgets"),
        request("put_events", "PUT", "{{$vars.base_url}}/events"),
        request("zen", "GET", "https://api.github.com/zen"),
        request("by_var", "GET", "{{$vars.other_url}}/x"),
      ].join(""),
    });
    const args = ["lint", "tools/", "--spec", "specs/events.yaml", "--spec", "specs/two.yaml"];
    const { stdout, stderr } = await tooldeckIn(dir, [...args, "--format", "json", "--explain"]);
    expect(findingsOf(stdout, "operation-not-found").sort()).toEqual([
      expect.stringMatching(/^list_gadgets: GET \/gadgets is not an operation of Widget API/),
      expect.stringMatching(/^put_events: PUT \/events is not an operation of Event Management API/),
    ]);
    expect(stderr.split("\n").filter((line) => line.startsWith("explain:"))).toEqual([
      "explain: list_gadgets (tools/tools.yaml): Widget API, by host api.example-two.test (--spec)",
      "explain: put_events (tools/tools.yaml): Event Management API, by its base URL variable {{$vars.base_url}} (--spec)",
      "explain: zen (tools/tools.yaml): not compared: no OpenAPI description for api.github.com",
      "explain: by_var (tools/tools.yaml): not compared: {{$vars.other_url}} has no value and several descriptions are in play (name it as an API's baseUrlVar in apis:, or give --var)",
    ]);
    expect(findingsOf(stdout, "no-spec")).toEqual([
      ": no OpenAPI description for api.github.com: 1 tool not compared (zen)",
    ]);
  });

  test("apis: in tooldeck.config.yaml names an API's other hosts and its base URL variable", async () => {
    const dir = hostileProject({
      "tooldeck.config.yaml":
        "apis:\n  widgets:\n    spec: specs/two.yaml\n    hosts: [widgets.internal.test]\n    baseUrlVar: widgets_url\n",
      "specs/two.yaml": TWO_SPEC,
      "tools/tools.yaml": [
        request("by_host", "GET", "https://widgets.internal.test/gadgets"),
        request("by_var", "GET", "{{$vars.widgets_url}}/gadgets"),
        request("by_server", "GET", "https://api.example-two.test/widgets"),
        request("elsewhere", "GET", "https://api.example-three.test/gadgets"),
      ].join(""),
    });
    const { stdout, stderr } = await tooldeckIn(dir, ["lint", "--format", "json", "--explain"]);
    expect(findingsOf(stdout, "operation-not-found").sort()).toEqual([
      expect.stringMatching(/^by_host: GET \/gadgets is not an operation of Widget API/),
      expect.stringMatching(/^by_var: GET \/gadgets is not an operation of Widget API/),
    ]);
    expect(findingsOf(stdout, "no-spec")).toEqual([
      ": no OpenAPI description for api.example-three.test: 1 tool not compared (elsewhere)",
    ]);
    expect(stderr).toContain(
      "explain: by_host (tools/tools.yaml): widgets, by host widgets.internal.test (apis.widgets in tooldeck.config.yaml)",
    );
  });

  test("two agents' tools of one name calling a host no description names: the info lists each with its agent", async () => {
    const dir = hostileProject({
      "tools/two.openapi.yaml": TWO_SPEC,
      "tools/a.yaml": request("get_forecast", "GET", "https://api.example-weather.test/forecast"),
      "tools/b.yaml": [
        request("get_forecast", "GET", "https://api.example-weather.test/forecast"),
        request("get_alerts", "GET", "https://api.example-weather.test/alerts"),
      ].join(""),
    });
    const { stdout } = await tooldeckIn(dir, ["lint", "--format", "json"]);
    expect(findingsOf(stdout, "no-spec")).toEqual([
      ": no OpenAPI description for api.example-weather.test: 3 tools not compared (get_forecast (tools/a.yaml), get_forecast (tools/b.yaml), get_alerts)",
    ]);
  });

  test("--explain and no-spec name an n8n tool as its findings do: the model's name, with its node's title", async () => {
    const tool = (name: string, url: string) => ({
      id: name,
      name,
      type: "n8n-nodes-base.httpRequestTool",
      typeVersion: 4.2,
      position: [0, 0],
      parameters: { toolDescription: `Use this to ${name.toLowerCase()}`, method: "GET", url, options: {} },
    });
    const workflow = {
      nodes: [
        {
          id: "a",
          name: "Agent",
          type: "@n8n/n8n-nodes-langchain.agent",
          typeVersion: 2.2,
          position: [0, 0],
          parameters: {},
        },
        tool("List Widgets", "https://api.example-two.test/widgets"),
        tool("Get Weather", "https://api.example-weather.test/forecast"),
      ],
      connections: {
        "List Widgets": { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] },
        "Get Weather": { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] },
      },
    };
    const dir = hostileProject({
      "tools/two.openapi.yaml": TWO_SPEC,
      "tools/workflow.json": JSON.stringify(workflow),
    });
    const { stdout, stderr } = await tooldeckIn(dir, ["lint", "--format", "json", "--explain"]);
    expect(stderr.split("\n").filter((line) => line.startsWith("explain:"))).toEqual([
      'explain: Get_Weather (node "Get Weather") (tools/workflow.json): not compared: no OpenAPI description for api.example-weather.test',
      'explain: List_Widgets (node "List Widgets") (tools/workflow.json): Widget API, by host api.example-two.test (found among the paths)',
    ]);
    expect(findingsOf(stdout, "no-spec")).toEqual([
      ": no OpenAPI description for api.example-weather.test: 1 tool not compared (Get_Weather)",
    ]);
  });

  test("a URL whose host is a variable with no value is the single description's, and --explain says so", async () => {
    const dir = hostileProject({
      "specs/two.yaml": TWO_SPEC,
      "tools/tools.yaml": request("list_gadgets", "GET", "{{$vars.api_url}}/gadgets"),
    });
    const { stdout, stderr } = await tooldeckIn(dir, [
      "lint",
      "tools/",
      "--spec",
      "specs/two.yaml",
      "--format",
      "json",
      "--explain",
    ]);
    expect(findingsOf(stdout, "operation-not-found")).toEqual([
      expect.stringMatching(/^list_gadgets: GET \/gadgets is not an operation of Widget API/),
    ]);
    expect(stderr).toContain(
      "explain: list_gadgets (tools/tools.yaml): Widget API, the only description in play ({{$vars.api_url}} has no value)",
    );
  });

  test("a --var value names the host: the tool is judged by the description of that host, or by none", async () => {
    const dir = hostileProject({
      "specs/events.yaml": EVENT_SPEC,
      "specs/two.yaml": TWO_SPEC,
      "tools/tools.yaml": request("list_gadgets", "GET", "{{$vars.api_url}}/gadgets"),
    });
    const args = ["lint", "tools/", "--spec", "specs/events.yaml", "--spec", "specs/two.yaml"];
    const two = await tooldeckIn(dir, [
      ...args,
      "--var",
      "api_url=https://api.example-two.test",
      "--format",
      "json",
    ]);
    expect(findingsOf(two.stdout, "operation-not-found")).toEqual([
      expect.stringMatching(/^list_gadgets: GET \/gadgets is not an operation of Widget API/),
    ]);
    const other = await tooldeckIn(dir, [...args, "--var", "api_url=https://other.test", "--format", "json"]);
    expect(findingsOf(other.stdout, "operation-not-found")).toEqual([]);
    expect(findingsOf(other.stdout, "no-spec")).toEqual([
      ": no OpenAPI description for other.test: 1 tool not compared (list_gadgets)",
    ]);
  });
});

describe("a spec per API: tooldeck check's probes", () => {
  test("a request tool to https://api.github.com/zen is not probed against the event API's emulator", async () => {
    const dir = hostileProject({
      "tools/event-api.openapi.yaml": EVENT_SPEC,
      "tools/zen.yaml": request("zen", "GET", "https://api.github.com/zen"),
    });
    const { stdout } = await tooldeckIn(dir, ["check", "--format", "json"]);
    const report = JSON.parse(stdout) as {
      tools: { name: string; sent?: string }[];
      diagnostics: { code: string; severity: string; message: string }[];
    };
    expect(report.tools.find((tool) => tool.name === "zen")?.sent).toBe(
      "GET https://api.github.com/zen → not probed",
    );
    expect(report.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(report.diagnostics.map((d) => `${d.code}: ${d.message}`)).toContain(
      "no-spec: no OpenAPI description for api.github.com: 1 tool not compared (zen)",
    );
  });
});
