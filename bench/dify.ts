// bench/dify: issue 44's figure. Loading (reading and parsing the YAML files) and linting 1,000 Dify app
// DSL files of 20 HTTP Request nodes each, as `tooldeck lint <folder>` would; target under 3 s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadToolConfigs } from "../src/config/load-tool-configs.js";
import { lint } from "../src/lint/lint.js";
import { printTable } from "./support/table.js";

const APPS = 1_000;
const NODES = 20;

/** The four calls the event service's tools make, as Dify HTTP Request nodes write them. */
const CALLS = [
  { method: "get", url: "{{#env.base_url#}}/events", body: "none" },
  {
    method: "post",
    url: "{{#env.base_url#}}/events",
    body: '{"title": "{{#start.title#}}", "date": "{{#start.date#}}"}',
  },
  {
    method: "patch",
    url: "{{#env.base_url#}}/events/{{#start.id#}}",
    body: '{"title": "{{#start.title#}}"}',
  },
  { method: "delete", url: "{{#env.base_url#}}/events/{{#start.id#}}", body: "none" },
] as const;

function httpNode(app: number, index: number): string {
  const call = CALLS[index % CALLS.length] ?? CALLS[0];
  const body =
    call.body === "none"
      ? "body: {type: none, data: []}"
      : `body:\n          type: json\n          data:\n          - {key: '', type: text, value: '${call.body}'}`;
  return `    - id: '${app}${index}'
      data:
        type: http-request
        title: Call ${index}
        desc: 'calls the event service'
        method: ${call.method}
        url: '${call.url}'
        headers: "Accept:application/json\\nX-Request:{{#sys.workflow_run_id#}}"
        params: ''
        authorization: {type: no-auth}
        ${body}
        timeout: {max_connect_timeout: 0, max_read_timeout: 0, max_write_timeout: 0}
        retry_config: {retry_enabled: true, max_retries: 3, retry_interval: 100}
        selected: false
      position: {x: ${index * 300}, y: 0}`;
}

function app(index: number): string {
  const nodes = Array.from({ length: NODES }, (_, node) => httpNode(index, node)).join("\n");
  return `app:
  mode: workflow
  name: events ${index}
kind: app
version: 0.3.0
workflow:
  environment_variables:
  - {name: base_url, value: 'http://127.0.0.1:5599', value_type: string}
  graph:
    edges: []
    nodes:
    - id: start
      data: {type: start, title: Start, variables: []}
${nodes}
`;
}

const folder = mkdtempSync(join(tmpdir(), "tooldeck-bench-dify-"));
try {
  mkdirSync(join(folder, "apps"));
  for (let index = 0; index < APPS; index++)
    writeFileSync(join(folder, "apps", `app-${index}.yml`), app(index));
  const started = performance.now();
  const loaded = loadToolConfigs([join(folder, "apps")], { roots: [folder] });
  const loadedAt = performance.now();
  const diagnostics = lint(loaded.tools, { profile: "dify" });
  const seconds = (performance.now() - started) / 1000;
  printTable("Loading and linting Dify apps (target: under 3 s)", [
    {
      apps: APPS,
      "HTTP nodes": loaded.tools.length,
      "load errors": loaded.errors.length,
      findings: diagnostics.length,
      "load s": ((loadedAt - started) / 1000).toFixed(2),
      "lint s": ((performance.now() - loadedAt) / 1000).toFixed(2),
      seconds: seconds.toFixed(2),
    },
  ]);
  if (loaded.tools.length !== APPS * NODES) process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
