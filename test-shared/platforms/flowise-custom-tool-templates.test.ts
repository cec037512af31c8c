import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { lint } from "../../src/lint/lint.js";
import { loadFlowiseFlow } from "../../src/platforms/flowise/config/load-flowise-flow.js";
import { sharedFixture } from "../support/shared-fixture.js";

/**
 * Flowise's 13 marketplace Custom Tool templates (`S/marketplaces/tools/*.json`), read where they lie in
 * shared/fixtures/ (never copied into the project), each loaded as the Tools page exports it and
 * analysed without running its code: what tooldeck reports for each (reference flowise-custom-tool.md §10).
 */
const TEMPLATES: [string, string[]][] = [
  [
    "Add Hubspot Contact.json",
    [
      'error custom-tool-unguarded-optional func: line 11: $firstname is read without a typeof guard: when the model leaves the optional firstname out, the call fails with "ReferenceError: $firstname is not defined"',
      'error custom-tool-unguarded-optional func: line 12: $lastname is read without a typeof guard: when the model leaves the optional lastname out, the call fails with "ReferenceError: $lastname is not defined"',
      "warning custom-tool-no-timeout func: line 24: POST https://api.hubapi.com/crm/v3/objects/contacts sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 24: header Authorization holds a literal credential",
    ],
  ],
  [
    "Create Airtable Record.json",
    [
      "warning custom-tool-no-timeout func: line 29: POST https://api.airtable.com/v0/YOUR-BASE-ID/YOUR-TABLE-ID sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 29: header Authorization holds a literal credential",
    ],
  ],
  ["Get Current DateTime.json", []],
  [
    "Get Stock Mover.json",
    [
      "warning custom-tool-no-timeout func: line 12: GET https://morning-star.p.rapidapi.com/market/v2/get-movers sets no timeout: in Flowise this call would hang the server when the service does not answer",
    ],
  ],
  [
    "Make Webhook.json",
    [
      "warning custom-tool-description-mismatch description: the description names Discord, but the code calls hook.eu1.make.com",
      "warning custom-tool-no-timeout func: line 20: POST https://hook.eu1.make.com/abcdefg sets no timeout: in Flowise this call would hang the server when the service does not answer",
    ],
  ],
  [
    "Perplexity AI Search.json",
    [
      "warning custom-tool-no-timeout func: line 29: POST https://api.perplexity.ai/chat/completions sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 29: header Authorization holds a literal credential",
    ],
  ],
  [
    "Print or Export Text Document.json",
    [
      "warning custom-tool-no-timeout func: line 37: the POST call sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning custom-tool-no-timeout func: line 55: POST https://jotterpad.app/publicApi/v1/exports/get sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 55: header Authorization holds a literal credential",
      "info custom-tool-dynamic-url func: the URL is built at run time: not checked",
    ],
  ],
  [
    "Send Discord Message.json",
    [
      "warning custom-tool-no-timeout func: line 19: POST YOUR-WEBHOOK-URL?wait=true sets no timeout: in Flowise this call would hang the server when the service does not answer",
    ],
  ],
  [
    "Send Slack Message.json",
    [
      "warning custom-tool-no-timeout func: line 19: POST YOUR-WEBHOOK-URL sets no timeout: in Flowise this call would hang the server when the service does not answer",
    ],
  ],
  [
    "Send Teams Message.json",
    [
      "warning custom-tool-no-timeout func: line 19: POST YOUR-WEBHOOK-URL?wait=true sets no timeout: in Flowise this call would hang the server when the service does not answer",
    ],
  ],
  [
    "SendGrid Email.json",
    [
      "warning custom-tool-no-timeout func: line 33: POST https://api.sendgrid.com/v3/mail/send sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 33: header Authorization holds a literal credential",
    ],
  ],
  [
    "Spider Web Scraper.json",
    [
      "warning custom-tool-no-timeout func: line 18: POST https://api.spider.cloud/crawl sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 18: header Authorization holds a literal credential",
    ],
  ],
  [
    "Spider Web Search & Scrape.json",
    [
      "warning custom-tool-no-timeout func: line 21: POST https://api.spider.cloud/search sets no timeout: in Flowise this call would hang the server when the service does not answer",
      "warning secret-in-config func: line 21: header Authorization holds a literal credential",
    ],
  ],
];

const templates = sharedFixture("flowise", "custom-tools");

function reported(file: string): string[] {
  const loaded = loadToolConfigs([join(templates, file)], { roots: [dirname(templates)] });
  const diagnostics = lint(loaded.tools, { profile: "flowise" });
  return [
    ...loaded.errors.map((error) => `load ${error.message}`),
    ...diagnostics.map((d) => `${d.severity} ${d.code} ${d.path}: ${d.message}`),
  ];
}

describe("the marketplace's Custom Tool templates, analysed without running", () => {
  test("all 13 are here, and each is listed below", () => {
    expect(readdirSync(templates).sort()).toEqual(TEMPLATES.map(([file]) => file).sort());
  });

  test.each(TEMPLATES)("%s", (file, expected) => {
    expect(reported(file)).toEqual(expected);
  });
});

describe("Text to SQL's customTool node", () => {
  test("is a load error naming the tool row's id, no longer dropped without a word", () => {
    const flow = JSON.parse(readFileSync(sharedFixture("flowise", "Text to SQL.json"), "utf8"));
    const loaded = loadFlowiseFlow(flow, "Text to SQL.json");
    expect(loaded.tools).toEqual([]);
    expect(loaded.skipped).toEqual([]);
    expect(loaded.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([
      `nodes[5].data.inputs.selectedTool: Custom Tool "4d723d69-e854-4351-90c0-6385ce908213" not found: Flowise's Tools-page export holds no id, so link it in tooldeck.config.yaml (flowise: { tools: { "4d723d69-e854-4351-90c0-6385ce908213": <its export> } }) or keep it as the one id-less export beside a flow with one unresolved Custom Tool; or load Flowise's "Export data" file, whose tools keep their ids, or read the flow from the server with --flowise URL`,
    ]);
  });
});

describe("Text to SQL's customTool node linked to a template by the settings", () => {
  test("is that template's tool, and the findings in its code point at the template's func", () => {
    const flowise = sharedFixture("flowise");
    const template = join(templates, "Get Stock Mover.json");
    const id = "4d723d69-e854-4351-90c0-6385ce908213";
    const linked = new Map([[id, { file: template, origin: `flowise.tools.${id} in tooldeck.config.yaml` }]]);
    const loaded = loadToolConfigs([join(flowise, "Text to SQL.json")], {
      roots: [flowise],
      linked: { flowise: linked },
    });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => [tool.source.file, tool.source.path])).toEqual([
      [join(flowise, "Text to SQL.json"), "nodes[5].data.inputs"],
    ]);
    const diagnostics = lint(loaded.tools, { profile: "flowise" });
    expect(diagnostics.map((d) => `${d.code} ${d.file}#${d.path}`)).toEqual([
      `custom-tool-no-timeout ${template}#func`,
    ]);
  });
});
