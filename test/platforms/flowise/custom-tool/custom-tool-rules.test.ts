import { beforeAll, describe, expect, test } from "vitest";
import type { LoadedTool } from "../../../../src/config/tool-config.js";
import { lint } from "../../../../src/lint/lint.js";
import { loadSpec } from "../../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../../src/openapi/operation-index.js";
import { packagePath } from "../../../../src/package/package-root.js";
import type { CustomToolConfig } from "../../../../src/platforms/flowise/custom-tool/custom-tool-config.js";

type Row = CustomToolConfig["schema"][number];

function customTool(func: string, schema: Row[] = [], extra: Partial<CustomToolConfig> = {}): LoadedTool {
  const config: CustomToolConfig = {
    kind: "custom-tool",
    name: "t",
    description: "d",
    schema,
    func,
    ...extra,
  };
  return { config, source: { file: "t.yaml", path: "" } };
}

/** The findings of one rule: `path: message`. */
function findings(code: string, tool: LoadedTool, spec?: OperationIndex) {
  return lint([tool], { profile: "flowise", ...(spec ? { spec } : {}) })
    .filter((diagnostic) => diagnostic.code === code)
    .map((diagnostic) => `${diagnostic.severity} ${diagnostic.path}: ${diagnostic.message}`);
}

const FETCH = "const fetch = require('node-fetch');\n";
const STRING = (property: string, required = false): Row => ({ property, type: "string", required });

describe("custom-tool-date-type", () => {
  test.each([
    [
      "a required date",
      [{ property: "when", type: "date", required: true }],
      [
        'error schema[0].type: when is a date: the model sends a date-time string, which Flowise\'s z.date() never accepts, so every call fails with "Received tool input did not match expected schema"',
      ],
    ],
    [
      "an optional date",
      [{ property: "when", type: "date" }],
      [
        'warning schema[0].type: when is a date: every call that gives it fails with "Received tool input did not match expected schema" (a date-time string is never a Date to Flowise)',
      ],
    ],
    [
      "a date row overridden by a later string row of the same property",
      [{ property: "when", type: "date" }, STRING("when")],
      [],
    ],
    ["no date", [STRING("when")], []],
  ])("%s", (_, schema, expected) => {
    expect(findings("custom-tool-date-type", customTool("return 1", schema as Row[]))).toEqual(expected);
  });
});

describe("custom-tool-dropped-type", () => {
  test.each([
    [
      "object, integer and a capitalised String",
      [
        { property: "a", type: "object" },
        { property: "b", type: "integer" },
        { property: "c", type: "String" },
      ],
      [
        'warning schema[0].type: a has type "object", which Flowise drops from the schema without a word: the model is never offered it',
        'warning schema[1].type: b has type "integer", which Flowise drops from the schema without a word: the model is never offered it',
        'warning schema[2].type: c has type "String", which Flowise drops from the schema without a word: the model is never offered it',
      ],
    ],
    [
      "the four types Flowise keeps",
      ["string", "number", "boolean", "date"].map((type, index) => ({ property: `p${index}`, type })),
      [],
    ],
  ])("%s", (_, schema, expected) => {
    expect(findings("custom-tool-dropped-type", customTool("return 1", schema))).toEqual(expected);
  });
});

describe("custom-tool-unguarded-optional", () => {
  const schema = [STRING("email", true), STRING("firstname")];
  test.each([
    [
      "an optional argument read in an if (the Hubspot template)",
      "const body = {};\nif ($firstname) body.firstname = $firstname;\nreturn $email;",
      [
        'error func: line 2: $firstname is read without a typeof guard: when the model leaves the optional firstname out, the call fails with "ReferenceError: $firstname is not defined"',
      ],
    ],
    [
      "guarded by typeof in an if",
      "if (typeof $firstname !== 'undefined') return $firstname;\nreturn $email;",
      [],
    ],
    [
      "guarded by typeof in ?: and &&",
      "const a = typeof $firstname === 'string' ? $firstname : '';\nconst b = typeof $firstname !== 'undefined' && $firstname;\nreturn a + b;",
      [],
    ],
    [
      "read in the else branch of its typeof test",
      "if (typeof $firstname === 'undefined') { return ''; } else { return $firstname; }",
      [
        'error func: line 1: $firstname is read without a typeof guard: when the model leaves the optional firstname out, the call fails with "ReferenceError: $firstname is not defined"',
      ],
    ],
    [
      "a $name that is no property",
      "return $lastname;",
      [
        'error func: line 1: $lastname is no property of the schema Flowise gives the model: reading it always fails with "ReferenceError: $lastname is not defined"',
      ],
    ],
    [
      "a $name the code declares itself, and $vars, $flow, $input",
      "const $lastname = 1;\nreturn $lastname + $vars.x + $flow.chatflowId + $input + $email;",
      [],
    ],
  ])("%s", (_, func, expected) => {
    expect(findings("custom-tool-unguarded-optional", customTool(func, schema))).toEqual(expected);
  });
});

describe("custom-tool-global-fetch", () => {
  test.each([
    [
      "the global fetch",
      "const r = await fetch('https://api.example.com/x');\nreturn r.text();",
      [
        'error func: line 1: fetch is not a global in Flowise\'s sandbox: this call always fails with "ReferenceError: fetch is not defined"',
      ],
    ],
    ["node-fetch required as fetch", `${FETCH}return (await fetch('https://api.example.com/x')).text();`, []],
    ["a function of the code's own called fetch", "function fetch(u) { return u; }\nreturn fetch('x');", []],
  ])("%s", (_, func, expected) => {
    expect(findings("custom-tool-global-fetch", customTool(func))).toEqual(expected);
  });
});

describe("custom-tool-no-timeout", () => {
  test.each([
    [
      "node-fetch without a timeout",
      `${FETCH}await fetch('https://api.example.com/x', { method: 'POST' });`,
      [
        "warning func: line 2: POST https://api.example.com/x sets no timeout: in Flowise this call would hang the server when the service does not answer",
      ],
    ],
    [
      "axios.get without one, through an alias",
      "const http = require('axios');\nconst get = http;\nawait get.get('https://api.example.com/x');",
      [
        "warning func: line 3: GET https://api.example.com/x sets no timeout: in Flowise this call would hang the server when the service does not answer",
      ],
    ],
    ["node-fetch with a timeout", `${FETCH}await fetch('https://api.example.com/x', { timeout: 5000 });`, []],
    [
      "axios.post with one",
      "const axios = require('axios');\nawait axios.post('https://api.example.com/x', {}, { timeout: 5000 });",
      [],
    ],
  ])("%s", (_, func, expected) => {
    expect(findings("custom-tool-no-timeout", customTool(func))).toEqual(expected);
  });
});

describe("custom-tool-runtime-var", () => {
  test.each([
    [
      "each variable once, at its first read",
      "const a = $vars.API_KEY;\nconst b = $vars['API_KEY'] + $vars.base_url;",
      [
        "info func: line 1: reads $vars.API_KEY: as a runtime variable it is the Flowise server's environment variable API_KEY ('' when unset)",
        "info func: line 2: reads $vars.base_url: as a runtime variable it is the Flowise server's environment variable base_url ('' when unset)",
      ],
    ],
    ["no variable", "return 1;", []],
  ])("%s", (_, func, expected) => {
    expect(findings("custom-tool-runtime-var", customTool(func))).toEqual(expected);
  });
});

describe("custom-tool-description-mismatch", () => {
  const post = (url: string) => `${FETCH}await fetch('${url}', { method: 'POST', timeout: 1 });`;
  test.each([
    [
      "Discord, but a Make webhook (the make_webhook template)",
      "Useful when you need to send message to Discord",
      post("https://hook.eu1.make.com/abc"),
      ["warning description: the description names Discord, but the code calls hook.eu1.make.com"],
    ],
    [
      "Discord and discord.com",
      "Send a message to Discord",
      post("https://discord.com/api/webhooks/1/x"),
      [],
    ],
    ["Slack and a subdomain of slack.com", "Post to Slack", post("https://hooks.slack.com/services/x"), []],
    [
      "a host the code does not write out",
      "Send to Discord",
      `${FETCH}await fetch($vars.hook, { timeout: 1 });`,
      [],
    ],
    ["no service named", "Useful to send a message", post("https://hook.eu1.make.com/abc"), []],
  ])("%s", (_, description, func, expected) => {
    expect(findings("custom-tool-description-mismatch", customTool(func, [], { description }))).toEqual(
      expected,
    );
  });
});

describe("custom-tool-dynamic-url and custom-tool-syntax", () => {
  test.each([
    [
      "a URL from a function's result",
      `${FETCH}const u = pick();\nawait fetch(u);`,
      ["info func: the URL is built at run time: not checked"],
    ],
    [
      "a method computed at run time",
      `${FETCH}await fetch('https://x.example/a', { method: pick() });`,
      ["info func: the URL is built at run time: not checked"],
    ],
    [
      "two unknown calls: said once",
      `${FETCH}await fetch(a());\nawait fetch(b());`,
      ["info func: the URL is built at run time: not checked"],
    ],
    [
      "a URL of literals, names, $vars and $x",
      `${FETCH}const base = $vars.base_url;\nawait fetch(\`\${base}/events/\` + $id);`,
      [],
    ],
  ])("%s", (_, func, expected) => {
    expect(findings("custom-tool-dynamic-url", customTool(func, [STRING("id", true)]))).toEqual(expected);
  });

  test("code that does not parse: one error, and no other rule reads it", () => {
    const tool = customTool("const x = ;\nreturn x");
    expect(findings("custom-tool-syntax", tool)).toEqual([
      'error func: line 1: the code does not parse (Unexpected token): every call fails with "NodeVM Execution Error: SyntaxError: …"',
    ]);
    expect(lint([tool], { profile: "flowise" }).map((diagnostic) => diagnostic.code)).toEqual([
      "custom-tool-syntax",
    ]);
  });
});

describe("tool-name on a Custom Tool, whose name Flowise passes on unchecked", () => {
  // The name providers refuse (`Get Weather (1)`) is provider-rejects' (test/lint/provider-rejects).
  test.each([
    ["Get Weather (1)", []],
    ["get_weather", []],
  ])("%s", (name, expected) => {
    expect(findings("tool-name", customTool("return 1", [], { name }))).toEqual(expected);
  });
});

describe("the calls in the code, judged as request tools against the spec", () => {
  let events: OperationIndex;
  beforeAll(async () => {
    events = createOperationIndex(await loadSpec(packagePath("tools", "event-api.openapi.yaml")));
  });
  const row = [STRING("id", true), STRING("name", true), STRING("date", true), STRING("location", true)];

  test("update_event's PUT {{$vars.base_url}}/events in code: operation-not-found with the PATCH hint", () => {
    const func = `${FETCH}const url = $vars.base_url + '/events';\nconst r = await fetch(url, { method: 'PUT', body: JSON.stringify({ name: $name }) });\nreturn r.text();`;
    const [finding] = lint([customTool(func, row, { name: "update_event" })], {
      profile: "flowise",
      spec: events,
    }).filter((diagnostic) => diagnostic.code === "operation-not-found");
    expect(finding).toMatchObject({
      severity: "error",
      tool: "update_event",
      path: "func",
      message:
        "line 3: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
      suggestion:
        "call PATCH /events/{id} (updateEventDetails) in the code: method 'PATCH', URL $vars.base_url + '/events/' + $id",
    });
    expect(finding?.fix).toBeUndefined();
  });

  test.each([
    {
      name: "the server's base path the code writes is kept",
      url: "'https://api.crm.test/v2/contacts/' + $id + '/note'",
      suggested: "URL 'https://api.crm.test/v2/contacts/' + $id + '/notes'",
    },
    {
      name: "a host the server does not name keeps its URL as written",
      url: "'https://crm.internal.test/contacts/' + $id + '/note'",
      suggested: "URL 'https://crm.internal.test/contacts/' + $id + '/notes'",
    },
  ])("the PATCH-style hint for a spec with a base path: $name", async ({ url, suggested }) => {
    const crm = createOperationIndex(
      await loadSpec({
        openapi: "3.0.3",
        info: { title: "CRM", version: "2" },
        servers: [{ url: "https://api.crm.test/v2" }],
        paths: {
          "/contacts/{id}/notes": {
            post: { operationId: "addNote", responses: { "201": { description: "the note" } } },
          },
        },
      }),
    );
    const func = `${FETCH}await fetch(${url}, { method: 'POST', timeout: 1 });`;
    const [finding] = lint([customTool(func, [STRING("id", true)])], {
      profile: "flowise",
      spec: crm,
    }).filter((diagnostic) => diagnostic.code === "operation-not-found");
    expect(finding?.suggestion).toBe(
      `call POST /contacts/{id}/notes (addNote) in the code: method 'POST', ${suggested}`,
    );
  });

  test("a query key the operation does not declare", () => {
    const func = `${FETCH}await fetch($vars.base_url + '/events?limit=' + $name, { timeout: 1 });\nawait fetch(\`\${$vars.base_url}/events\`, { method: 'POST', timeout: 1, body: JSON.stringify({ name: $name, date: $date, location: $location, colour: 'red' }) });`;
    const codes = lint([customTool(func, row)], { profile: "flowise", spec: events })
      .filter((diagnostic) =>
        ["undeclared-query-param", "body-fields", "operation-not-found"].includes(diagnostic.code),
      )
      .map((diagnostic) => `${diagnostic.code} ${diagnostic.message}`);
    expect(codes).toEqual([
      "undeclared-query-param line 2: query param limit is not declared by GET /events (listEvents): the service ignores it",
    ]);
  });

  test("a call the spec has, built from a path argument: judged on its body alone", () => {
    const call = (body: string) =>
      `${FETCH}await fetch($vars.base_url + '/events/' + encodeURIComponent($id), { method: 'PATCH', timeout: 1, body: JSON.stringify(${body}) });`;
    const judged = (func: string) =>
      lint([customTool(func, row)], { profile: "flowise", spec: events })
        .filter((diagnostic) =>
          ["operation-not-found", "body-fields", "undeclared-query-param"].includes(diagnostic.code),
        )
        .map((diagnostic) => `${diagnostic.code} ${diagnostic.message}`);
    expect(judged(call("{ name: $name, date: $date, location: $location }"))).toEqual([]);
    expect(judged(call("{ name: $name, date: $date }"))).toEqual([
      "body-fields line 2: PATCH /events/{id} (updateEventDetails) requires body field location, which the tool never sends",
    ]);
  });

  test("a field's format the description never tells, and a type the operation does not take", () => {
    const rows: Row[] = [
      { property: "name", type: "number", required: true },
      { property: "date", type: "string", description: "Date of the event", required: true },
      STRING("location", true),
    ];
    const func = `${FETCH}await fetch($vars.base_url + '/events', { method: 'POST', timeout: 1, body: JSON.stringify({ name: $name, date: $date, location: $location }) });`;
    const judged = lint([customTool(func, rows)], { profile: "flowise", spec: events })
      .filter((diagnostic) => ["undisclosed-format", "field-types"].includes(diagnostic.code))
      .map((diagnostic) => `${diagnostic.code} ${diagnostic.path}: ${diagnostic.message}`);
    expect(judged).toEqual([
      "field-types func: line 2: name is string in POST /events (createEvent), but the tool declares number",
      'undisclosed-format func: line 2: date must be an ISO 8601 date-time in POST /events (createEvent), and nothing tells the LLM: a guess like "2024-07-15" is rejected',
    ]);
  });

  test("secret-in-config reads the literal credentials the code sends", () => {
    const func = `${FETCH}const token = 'sk-live-123';\nawait fetch('https://api.example.com/x', { timeout: 1, headers: { Authorization: \`Bearer \${token}\`, 'X-Trace': 'a' } });\nawait fetch('https://api.example.com/y', { timeout: 1, headers: { Authorization: 'Bearer ' + $vars.token } });`;
    expect(findings("secret-in-config", customTool(func))).toEqual([
      "warning func: line 3: header Authorization holds a literal credential",
    ]);
  });
});
