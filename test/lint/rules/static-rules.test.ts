import { OpenApiToolkitConfigSchema } from "../../../src/config/openapi-toolkit-config.js";
import { bracePlaceholder } from "../../../src/lint/rules/brace-placeholder.js";
import { customCodeNotRun } from "../../../src/lint/rules/custom-code-not-run.js";
import { outputLength } from "../../../src/lint/rules/output-length.js";
import { paramWithoutIn } from "../../../src/lint/rules/param-without-in.js";
import { secretInConfig } from "../../../src/lint/rules/secret-in-config.js";
import { toolDescription } from "../../../src/lint/rules/tool-description.js";
import { toolName } from "../../../src/lint/rules/tool-name.js";
import {
  flowiseBodyIgnored,
  flowiseContentTypeCase,
  flowiseErrorBodyHidden,
  flowiseFixedBodyOverridden,
} from "../../../src/platforms/flowise/lint/flowise-request-quirks.js";
import {
  flowiseChatflowVariable,
  flowiseVariableUnresolved,
} from "../../../src/platforms/flowise/lint/flowise-variables.js";
import { flowisePrivateHost } from "../../../src/platforms/flowise/lint/private-host.js";
import { profilePortability } from "../../../src/platforms/flowise/lint/profile-portability.js";
import { FLOWISE_DEFAULT_CODE } from "../../../src/runtime/toolkit/flowise-default-code.js";
import { requestTool, testRule } from "../support/test-rule.js";

const EVENT_BODY = { name: { type: "string", required: true } } as const;

testRule(bracePlaceholder, [
  {
    name: "`:id` passes",
    config: requestTool({ url: "{{$vars.base_url}}/events/:id" }),
    profile: "flowise",
    expected: [],
  },
  { name: "variables are not placeholders", config: requestTool(), profile: "flowise", expected: [] },
  {
    name: "`{id}` fails under flowise",
    config: requestTool({ url: "{{$vars.base_url}}/events/{id}" }),
    profile: "flowise",
    expected: ["error url: {id} is sent literally by Flowise (it only fills :id)"],
  },
  {
    name: "`{id}` is fine under standard",
    config: requestTool({ url: "http://h/events/{id}" }),
    expected: [],
  },
]);

testRule(paramWithoutIn, [
  {
    name: "`in` given",
    config: requestTool({ queryParamsSchema: { id: { type: "string", in: "path" } } }),
    expected: [],
  },
  {
    name: "no `in` under flowise: dropped",
    config: requestTool({ queryParamsSchema: { q: { type: "string" } } }),
    profile: "flowise",
    expected: [
      'warning queryParamsSchema.q: parameter q has no "in": Flowise drops it, so the LLM\'s value is never sent',
    ],
  },
  {
    name: "no `in` under standard: query",
    config: requestTool({ queryParamsSchema: { q: { type: "string" } } }),
    expected: ['warning queryParamsSchema.q: parameter q has no "in": it is sent in the query string'],
  },
]);

testRule(flowiseBodyIgnored, [
  {
    name: "with a schema",
    config: requestTool({ method: "POST", bodySchema: EVENT_BODY }),
    profile: "flowise",
    expected: [],
  },
  { name: "GET has no body", config: requestTool(), profile: "flowise", expected: [] },
  {
    name: "POST without a schema",
    config: requestTool({ method: "POST" }),
    profile: "flowise",
    expected: ["warning bodySchema: POST tool has no Body Schema: Flowise sends {} and drops the LLM's body"],
  },
  {
    name: "PUT with only a fixed body",
    config: requestTool({ method: "PUT", body: { a: 1 } }),
    profile: "flowise",
    expected: [
      "warning bodySchema: PUT tool has no Body Schema: Flowise sends only the fixed Body and drops the LLM's body",
    ],
  },
]);

testRule(flowiseFixedBodyOverridden, [
  {
    name: "disjoint keys",
    config: requestTool({ method: "POST", body: { a: 1 }, bodySchema: EVENT_BODY }),
    profile: "flowise",
    expected: [],
  },
  {
    name: "a key in both",
    config: requestTool({ method: "POST", body: { name: "fixed" }, bodySchema: EVENT_BODY }),
    profile: "flowise",
    expected: [
      "warning body.name: fixed Body key name is also in the Body Schema: Flowise sends the LLM's value, not the fixed one",
    ],
  },
]);

testRule(flowiseErrorBodyHidden, [
  {
    name: "every request tool",
    config: requestTool({ method: "DELETE" }),
    profile: "flowise",
    expected: [
      'info url: on an error answer the LLM sees only "Failed to make DELETE request: HTTP Error <status>: <text>", not the server\'s message',
    ],
  },
]);

testRule(flowisePrivateHost, [
  { name: "a variable host", config: requestTool(), profile: "flowise", expected: [] },
  {
    name: "a public host",
    config: requestTool({ url: "https://api.example.com/events" }),
    profile: "flowise",
    expected: [],
  },
  ...["http://localhost:5566/events", "http://127.0.0.1/x", "http://192.168.1.2/x", "http://[::1]:80/x"].map(
    (url) => ({
      name: url,
      config: requestTool({ url }),
      profile: "flowise" as const,
      expected: [
        `warning url: ${new URL(url).hostname.replace(/^\[|\]$/g, "")} is a loopback/private host: Flowise 3.1 answers "${url.includes("[") ? "" : "isDeniedIP: Error: "}Access to this host is denied by policy."`,
      ],
    }),
  ),
  {
    name: "an OpenAPI toolkit whose selected server is loopback",
    config: OpenApiToolkitConfigSchema.parse({
      kind: "openapi-toolkit",
      spec: "api.yaml",
      selectedServer: "http://127.0.0.1:5566",
    }),
    profile: "flowise",
    expected: [
      `warning selectedServer: the toolkit's server 127.0.0.1 is a loopback/private host: Flowise 3.1 refuses every call and its default code returns ""`,
    ],
  },
  {
    name: "an OpenAPI toolkit with a public selected server",
    config: OpenApiToolkitConfigSchema.parse({
      kind: "openapi-toolkit",
      spec: "api.yaml",
      selectedServer: "https://api.example.com",
    }),
    profile: "flowise",
    expected: [],
  },
  {
    name: "a loopback server under standard",
    config: OpenApiToolkitConfigSchema.parse({
      kind: "openapi-toolkit",
      spec: "api.yaml",
      selectedServer: "http://127.0.0.1:5566",
    }),
    expected: [],
  },
]);

testRule(flowiseContentTypeCase, [
  {
    name: "a lower-case content-type on a POST tool",
    config: requestTool({ method: "POST", headers: { "content-type": "text/plain" } }),
    profile: "flowise",
    expected: [
      'warning headers.content-type: header content-type does not replace Flowise\'s Content-Type: the server receives "application/json, text/plain"',
    ],
  },
  {
    name: "Content-Type as Flowise spells it",
    config: requestTool({ method: "PUT", headers: { "Content-Type": "text/plain" } }),
    profile: "flowise",
    expected: [],
  },
  {
    name: "a GET tool sends no default to collide with",
    config: requestTool({ headers: { "content-type": "text/plain" } }),
    profile: "flowise",
    expected: [],
  },
  {
    name: "standard replaces the default whatever the case",
    config: requestTool({ method: "POST", headers: { "content-type": "text/plain" } }),
    expected: [],
  },
]);

const agentflowTool = (method: "GET" | "DELETE" | "POST", resolved: ("url" | "headers" | "body")[]) =>
  requestTool({ method, flowiseVariables: { flow: "agentflow", resolved } });

testRule(flowiseVariableUnresolved, [
  {
    name: "the first tool's kind: its URL is resolved",
    config: agentflowTool("GET", ["url"]),
    profile: "flowise",
    expected: [],
  },
  {
    name: "another kind with a {{…}} URL",
    config: agentflowTool("DELETE", []),
    profile: "flowise",
    expected: [
      "error url: Flowise will send this URL unresolved: move a request tool of this kind first, or write the URL literally",
    ],
  },
  {
    name: "another kind with a literal URL and a {{…}} header",
    config: requestTool({
      method: "POST",
      url: "https://api.example.com/events",
      headers: { Authorization: "Bearer {{$vars.token}}" },
      flowiseVariables: { flow: "agentflow", resolved: [] },
    }),
    profile: "flowise",
    expected: [
      "error headers: Flowise will send this Headers value unresolved: move a request tool of this kind first, or write it literally",
    ],
  },
  {
    name: "the same tool under standard",
    config: agentflowTool("DELETE", []),
    expected: [],
  },
  {
    name: "a tool from tooldeck's own files",
    config: requestTool({ method: "DELETE" }),
    profile: "flowise",
    expected: [],
  },
]);

testRule(flowiseChatflowVariable, [
  {
    name: "$vars alone resolve",
    config: requestTool({ flowiseVariables: { flow: "chatflow" } }),
    profile: "flowise",
    expected: [],
  },
  {
    name: "{{current_date_time}} in the URL",
    config: requestTool({
      url: "{{$vars.base_url}}/log?at={{current_date_time}}",
      flowiseVariables: { flow: "chatflow" },
    }),
    profile: "flowise",
    expected: [
      "warning url: {{current_date_time}} in URL stays literal in a Flowise chatflow: it is sent as written",
    ],
  },
  {
    name: "a spaced variable in a header",
    config: requestTool({
      headers: { Authorization: "{{ $vars.token }}" },
      flowiseVariables: { flow: "chatflow" },
    }),
    profile: "flowise",
    expected: [
      "warning headers: {{ $vars.token }} in Headers stays literal in a Flowise chatflow: it is sent as written",
    ],
  },
  {
    name: "the same in tooldeck's own files: resolved",
    config: requestTool({ url: "{{ $vars.base_url }}/events?at={{current_date_time}}" }),
    profile: "flowise",
    expected: [],
  },
]);

testRule(toolName, [
  { name: "a good name", config: requestTool(), profile: "flowise", expected: [] },
  {
    // A name a provider refuses is provider-rejects' to say, in that provider's words.
    name: "a name providers refuse is not tool-name's",
    config: requestTool({ name: "get events!" }),
    expected: [],
  },
  {
    name: "rewritten by Flowise",
    config: requestTool({ name: "Get_Events" }),
    profile: "flowise",
    expected: ['warning name: Flowise sends this tool as "get_events", not "Get_Events"'],
  },
  {
    name: "used twice by one agent",
    config: requestTool(),
    others: [requestTool({ method: "POST" })],
    oneAgent: true,
    expected: ['error name: name "get_events" is also used by the tool in tools/t1.yaml'],
  },
  {
    name: "used by another agent (another file, flow or Agent node): no clash",
    config: requestTool(),
    others: [requestTool({ method: "POST" })],
    expected: [],
  },
]);

testRule(toolDescription, [
  { name: "a specific description", config: requestTool(), expected: [] },
  {
    name: "empty",
    config: requestTool({ description: " " }),
    expected: ["warning description: the description is empty: the LLM cannot tell when to use this tool"],
  },
  {
    name: "Flowise's default",
    config: requestTool({
      description: "Use this when you need to execute a GET request to get data from a website.",
    }),
    expected: [
      "info description: the description is Flowise's generic default: say which resource it reaches",
    ],
  },
  {
    name: "says delete, binds GET",
    config: requestTool({ description: "Use this to delete an event" }),
    expected: ['warning description: the description says "delete" but the tool sends GET'],
  },
  {
    name: "delete on DELETE",
    config: requestTool({ method: "DELETE", description: "Use this when you need to delete event" }),
    expected: [],
  },
]);

testRule(outputLength, [
  { name: "2000", config: requestTool({ maxOutputLength: 2000 }), expected: [] },
  { name: "no limit", config: requestTool(), expected: [] },
  {
    name: "0",
    config: requestTool({ maxOutputLength: 0 }),
    expected: ["warning maxOutputLength: max output length 0: the LLM gets an empty output from every call"],
  },
]);

testRule(secretInConfig, [
  {
    name: "a variable",
    config: requestTool({ headers: { Authorization: "Bearer {{$vars.token}}" } }),
    expected: [],
  },
  {
    name: "a harmless header",
    config: requestTool({ headers: { Accept: "application/json" } }),
    expected: [],
  },
  {
    name: "a literal bearer token",
    config: requestTool({ headers: { Authorization: "Bearer sk-123" } }),
    expected: ["warning headers.Authorization: header Authorization holds a literal credential"],
  },
  {
    name: "an api_key query value",
    config: requestTool({ url: "https://api.example.com/x?api_key=abc&page=2" }),
    expected: ["warning url: the URL carries a literal api_key"],
  },
  {
    name: "an api_key variable",
    config: requestTool({ url: "https://api.example.com/x?api_key={{$vars.k}}" }),
    expected: [],
  },
  {
    name: "a password in the URL",
    config: requestTool({ url: "https://u:p4ss@api.example.com/x" }),
    expected: ["warning url: the URL carries a password"],
  },
]);

testRule(profilePortability, [
  {
    name: "a plain GET with `in`",
    portability: true,
    config: requestTool({ queryParamsSchema: { limit: { type: "string", in: "query" } } }),
    expected: [],
  },
  {
    name: "the tutorial's delete_event, with --portability",
    portability: true,
    config: requestTool({
      method: "DELETE",
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
    }),
    expected: [
      "info : a required path param may be omitted under Flowise (queryParams itself is optional), not under standard",
    ],
  },
  {
    name: "PATCH with {id}, params and an integer",
    portability: true,
    config: requestTool({
      method: "PATCH",
      url: "{{$vars.base_url}}/events/{id}",
      queryParamsSchema: { id: { type: "integer", in: "path" } },
      bodySchema: EVENT_BODY,
    }),
    expected: [
      "info : PATCH tools exist only under standard (Flowise has no PATCH request tool)",
      "info : {name} placeholders are filled only under standard",
      "info : integer fields are strings to the LLM in Flowise and integers under standard",
    ],
  },
  {
    name: "the tutorial's delete_event: quiet by default",
    config: requestTool({
      method: "DELETE",
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
    }),
    expected: [],
  },
  {
    name: "a Flowise export judged under standard: it is leaving Flowise",
    fromFlowise: true,
    config: requestTool({
      method: "DELETE",
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
    }),
    expected: [
      "info : a required path param may be omitted under Flowise (queryParams itself is optional), not under standard",
    ],
  },
  {
    name: "a Flowise export judged under flowise",
    fromFlowise: true,
    profile: "flowise",
    config: requestTool({
      method: "DELETE",
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
    }),
    expected: [],
  },
]);

const toolkit = (customCode?: string) =>
  OpenApiToolkitConfigSchema.parse({
    kind: "openapi-toolkit",
    name: "events",
    spec: "event-api.openapi.yaml",
    ...(customCode === undefined ? {} : { customCode }),
  });

testRule(customCodeNotRun, [
  { name: "no Custom Code", config: toolkit(), expected: [] },
  { name: "Flowise's default code", config: toolkit(FLOWISE_DEFAULT_CODE), expected: [] },
  {
    name: "code of its own, not allowed",
    config: toolkit("return process.env.CI_TOKEN"),
    expected: [
      "warning customCode: its Custom Code was not run (it runs only with --allow-code, in a sandbox); Flowise's default code is used instead",
    ],
  },
  {
    name: "code of its own under flowise, not allowed",
    profile: "flowise",
    config: toolkit("return 'x'"),
    expected: [
      "warning customCode: its Custom Code was not run (it runs only with --allow-code, in a sandbox); Flowise's default code is used instead",
    ],
  },
  { name: "code of its own, allowed", config: toolkit("return 'x'"), allowCode: true, expected: [] },
  { name: "a request tool", config: requestTool(), expected: [] },
]);
