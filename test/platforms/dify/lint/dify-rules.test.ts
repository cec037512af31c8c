import { DifyHttpRequestConfigSchema } from "../../../../src/platforms/dify/config/dify-http-request-config.js";
import { difyBodyItems } from "../../../../src/platforms/dify/lint/dify-body-items.js";
import { difyErrorStatusLost } from "../../../../src/platforms/dify/lint/dify-error-status-lost.js";
import { difyErrorStatusPasses } from "../../../../src/platforms/dify/lint/dify-error-status-passes.js";
import { difyEscapedNewline } from "../../../../src/platforms/dify/lint/dify-escaped-newline.js";
import { difyHeaderNewline } from "../../../../src/platforms/dify/lint/dify-header-newline.js";
import { difyJsonBodyQuoting } from "../../../../src/platforms/dify/lint/dify-json-body-quoting.js";
import { difyJsonBodyRepaired } from "../../../../src/platforms/dify/lint/dify-json-body-repaired.js";
import { difyOptionsMethod } from "../../../../src/platforms/dify/lint/dify-options-method.js";
import { difyRawTextJson } from "../../../../src/platforms/dify/lint/dify-raw-text-json.js";
import { difyReferenceLiteral } from "../../../../src/platforms/dify/lint/dify-reference-literal.js";
import { difyUrlScheme } from "../../../../src/platforms/dify/lint/dify-url-scheme.js";
import { testRule } from "../../../lint/support/test-rule.js";

/** A Dify HTTP Request node (reference/dify-tools.md facts 10–14) with these fields of its `data`. */
function node(data: Record<string, unknown> = {}) {
  return DifyHttpRequestConfigSchema.parse({
    kind: "dify-http-request",
    name: "Search",
    node: "1754623071856",
    method: "post",
    url: "https://api.example.test/search",
    error_strategy: "fail-branch",
    ...data,
  });
}

const json = (value: string) => node({ body: { type: "json", data: [{ value }] } });
/** A JSON body whose variables' types the app's graph declares (the loader's `variableTypes`). */
const typed = (value: string, variableTypes: Record<string, string>) =>
  node({ body: { type: "json", data: [{ value }] }, variableTypes });

testRule(difyJsonBodyQuoting, [
  {
    name: "a quoted number (sys.dialogue_count) is safe",
    config: json('{"n": "{{#sys.dialogue_count#}}"}'),
    expected: [],
  },
  {
    name: "a quoted id Dify generates (sys.conversation_id) holds no quote",
    config: json('{"c": "{{#sys.conversation_id#}}"}'),
    expected: [],
  },
  {
    name: "an unquoted number (an HTTP node's status_code) is safe",
    config: json('{"status": {{#1719.status_code#}}}'),
    expected: [],
  },
  {
    name: "an environment variable is the app's own constant",
    config: json('{"key": "{{#env.api_key#}}"}'),
    expected: [],
  },
  {
    name: "a whole-body reference holds the JSON itself (fact 29)",
    config: json("{{#1719.text#}}"),
    expected: [],
  },
  {
    name: "a Start input between quotes: a value with a quote breaks the JSON (facts 22, 29; corpus 83-…即梦 4.0)",
    config: json('{"prompt": "{{#1756864683426.prompt#}}"}'),
    expected: [
      'warning body.data[0].value: {{#1756864683426.prompt#}} is inserted between quotes unescaped: a value with a " breaks the JSON body, and Dify then sends what json_repair makes of it, not what the template says',
    ],
  },
  {
    name: "an LLM's text without quotes: JSON only when the model answered JSON (fact 22), said as info",
    config: json('{"q": {{#llm.text#}}}'),
    expected: [
      "info body.data[0].value: {{#llm.text#}} is a text (a model's answer, a response body) inserted without quotes: valid JSON only when that text is JSON",
    ],
  },
  {
    name: "an unquoted value of unknown type: said for a boolean written True (fact 23; corpus 74-… 秘塔 includeSummary)",
    config: json('{"includeSummary": {{#1753787119287.includeSummary#}}}'),
    expected: [
      "info body.data[0].value: {{#1753787119287.includeSummary#}} is inserted without quotes as Dify writes its value: valid JSON for a number or an object, not for a string or a boolean (True)",
    ],
  },
  {
    name: "a Code node's string without quotes: text its author built as JSON (json.dumps), as the rule's own fix says",
    config: typed('{"message": {{#route.message_json#}}}', { "route.message_json": "code-string" }),
    expected: [],
  },
  {
    name: "a Code node's string between quotes can still hold a quote",
    config: typed('{"out": "{{#merge.out#}}"}', { "merge.out": "code-string" }),
    expected: [
      'warning body.data[0].value: {{#merge.out#}} is inserted between quotes unescaped: a value with a " breaks the JSON body, and Dify then sends what json_repair makes of it, not what the template says',
    ],
  },
  {
    name: "a number Start input, quoted or not, and a select's option between quotes hold no quote",
    config: typed('{"n": {{#start.n#}}, "m": "{{#start.n#}}", "kind": "{{#start.kind#}}"}', {
      "start.n": "number",
      "start.kind": "choice",
    }),
    expected: [],
  },
  {
    name: "a select whose options are JSON (true/false) without quotes inserts a JSON boolean (corpus 74-… 秘塔 includeSummary)",
    config: typed('{"includeSummary": {{#start.includeSummary#}}}', {
      "start.includeSummary": "choice-json",
    }),
    expected: [],
  },
  {
    name: "an object or an array of strings without quotes is written as JSON (fact 23)",
    config: typed('{"meta": {{#code.meta#}}, "tags": {{#code.tags#}}}', {
      "code.meta": "object",
      "code.tags": "array-json",
    }),
    expected: [],
  },
  {
    name: "the user's query without quotes is a string: never JSON",
    config: json('{"q": {{#sys.query#}}}'),
    expected: [
      "error body.data[0].value: {{#sys.query#}} is a string, inserted without quotes: the JSON body is never valid JSON, and Dify then sends what json_repair makes of it, not what the template says",
    ],
  },
  {
    name: "a text-input Start input without quotes is a string: never JSON",
    config: typed('{"city": {{#start.city#}}}', { "start.city": "string" }),
    expected: [
      "error body.data[0].value: {{#start.city#}} is a string, inserted without quotes: the JSON body is never valid JSON, and Dify then sends what json_repair makes of it, not what the template says",
    ],
  },
  {
    name: "a boolean and an array of objects without quotes are written the Python way (fact 23)",
    config: typed('{"on": {{#code.on#}}, "rows": {{#code.rows#}}}', {
      "code.on": "boolean",
      "code.rows": "array-python",
    }),
    expected: [
      "error body.data[0].value: {{#code.on#}} is a boolean, which Dify writes True or False: the JSON body is never valid JSON, and Dify then sends what json_repair makes of it, not what the template says",
      "error body.data[0].value: {{#code.rows#}} is an array Dify writes the Python way ([{'a': 1}], [True]): the JSON body is never valid JSON, and Dify then sends what json_repair makes of it, not what the template says",
    ],
  },
  {
    name: "an object between quotes: its own quotes end the string",
    config: typed('{"meta": "{{#code.meta#}}"}', { "code.meta": "object" }),
    expected: [
      "error body.data[0].value: {{#code.meta#}} is an object, which Dify writes as JSON text: between quotes, its own quotes end the JSON string, and Dify then sends what json_repair makes of it, not what the template says",
    ],
  },
  {
    name: "a raw-text body written as JSON: a quoted extracted string breaks it, with no repair (fact 31)",
    config: node({
      body: {
        type: "raw-text",
        data: [{ value: '{"goods_name": "{{#1745.goods_name#}}", "n": {{#1745.count#}}}' }],
      },
      variableTypes: { "1745.goods_name": "string", "1745.count": "number" },
    }),
    expected: [
      'warning body.data[0].value: {{#1745.goods_name#}} is inserted between quotes unescaped: a value with a " breaks the JSON body, and Dify sends the raw text as it is rendered: the service gets JSON it cannot parse',
    ],
  },
  {
    name: "a raw-text body that is not JSON, or one whole reference, is text",
    config: node({ body: { type: "raw-text", data: [{ value: "Question: {{#sys.query#}}" }] } }),
    expected: [],
  },
  {
    name: "a raw-text body of one Code node's payload",
    config: node({ body: { type: "raw-text", data: [{ value: "{{#code.slack_payload#}}" }] } }),
    expected: [],
  },
  {
    name: "a form-data body is encoded by Dify",
    config: node({ body: { type: "form-data", data: [{ key: "q", value: "{{#sys.query#}}" }] } }),
    expected: [],
  },
]);

testRule(difyJsonBodyRepaired, [
  {
    name: "JSON with references in and out of quotes",
    config: json('{"q": "{{#sys.query#}}", "n": {{#start.n#}}}'),
    expected: [],
  },
  {
    name: "raw newlines inside a string are accepted (strict=False, fact 29)",
    config: json('{"q": "line one\nline two"}'),
    expected: [],
  },
  {
    name: "a missing comma, as in the corpus file 83-…即梦 4.0… (fact 29)",
    config: json(
      '{\n"model":"{{#1756864683426.pmodel#}}",\n"prompt":"{{#1756864683426.prompt#}}"\n"negativePrompt":"",\n"width":1536\n}',
    ),
    expected: [
      "warning body.data[0].value: the JSON body is not JSON at line 4 (Expected ',' or '}' after property value): Dify sends what json_repair makes of it instead of failing",
    ],
  },
  {
    name: "a trailing comma",
    config: json('{"a": 1,}'),
    expected: [
      "warning body.data[0].value: the JSON body is not JSON at line 1 (Expected double-quoted property name): Dify sends what json_repair makes of it instead of failing",
    ],
  },
]);

testRule(difyHeaderNewline, [
  {
    name: "a header from env is the app's constant",
    config: node({ headers: "Authorization:Bearer {{#env.key#}}" }),
    expected: [],
  },
  {
    name: "a header from an id Dify generates (sys.workflow_run_id, a UUID) holds no newline",
    config: node({ headers: "X-Request:{{#sys.workflow_run_id#}}" }),
    expected: [],
  },
  {
    name: "a param from a paragraph input keeps its newline inside its value (fact 28)",
    config: node({ params: "q:{{#start.question#}}" }),
    expected: [],
  },
  {
    name: "a header from the user's query: a newline adds headers (fact 27)",
    config: node({ headers: "Accept:application/json\nX-Query:{{#sys.query#}}" }),
    expected: [
      "warning headers: header X-Query takes {{#sys.query#}}, rendered before the headers are split into lines: a newline in it adds headers of the value's choosing",
    ],
  },
  {
    name: "a header from a number input or a select's option holds no newline",
    config: node({
      headers: "X-Page:{{#start.page#}}\nX-Kind:{{#start.kind#}}",
      variableTypes: { "start.page": "number", "start.kind": "choice" },
    }),
    expected: [],
  },
]);

testRule(difyErrorStatusPasses, [
  { name: "an error strategy fails the node on a 404", config: node(), expected: [] },
  {
    name: "retry on also fails it (fact 39)",
    config: node({
      error_strategy: undefined,
      retry_config: { retry_enabled: true, max_retries: 3, retry_interval: 100 },
    }),
    expected: [],
  },
  {
    name: "another node reads its status_code (an if-else on it): the app handles the status",
    config: node({ error_strategy: undefined, statusRead: true }),
    expected: [],
  },
  {
    name: "neither: a 404 succeeds and its body flows on (fact 39)",
    config: node({ error_strategy: undefined }),
    expected: [
      "warning error_strategy: a 4xx answer (400, 401, 404, 422) succeeds: with no error strategy and retry off, the next node reads the error body as data",
    ],
  },
]);

testRule(difyErrorStatusLost, [
  {
    name: "every node: a 5xx or 429 loses its status and body (fact 38)",
    config: node(),
    expected: [
      'info retry_config: a 5xx or 429 answer fails the node with "Reached maximum retries for URL …": its status and body are lost',
    ],
  },
]);

testRule(difyOptionsMethod, [
  { name: "HEAD is sent", config: node({ method: "head" }), expected: [] },
  {
    name: "OPTIONS fails at run time (fact 35)",
    config: node({ method: "options" }),
    expected: [
      'error method: OPTIONS passes Dify\'s validation, but every run fails with "Invalid http method OPTIONS"',
    ],
  },
]);

testRule(difyUrlScheme, [
  { name: "https", config: node(), expected: [] },
  {
    name: "a URL from env depends on its value",
    config: node({ url: "{{#env.base_url#}}/events" }),
    expected: [],
  },
  {
    name: "a URL from a node's output depends on it",
    config: node({ url: "{{#1719878483248.item#}}" }),
    expected: [],
  },
  {
    name: "no scheme (fact 26)",
    config: node({ url: "api.example.test/search" }),
    expected: [
      'error url: the URL starts with "api.example.test/search", not http:// or https://: every run fails with "url should start with http:// or https://"',
    ],
  },
  {
    name: "empty (fact 26)",
    config: node({ url: "" }),
    expected: ['error url: the URL is empty: every run fails with "url is required"'],
  },
]);

testRule(difyBodyItems, [
  { name: "one JSON item", config: json("{}"), expected: [] },
  {
    name: "form-data takes any number",
    config: node({ body: { type: "form-data", data: [] } }),
    expected: [],
  },
  {
    name: "a json body with two items (fact 12)",
    config: node({ body: { type: "json", data: [{ value: "{}" }, { value: "{}" }] } }),
    expected: [
      'error body.data: the json body has 2 items: every run fails with "json body type should have exactly one item"',
    ],
  },
  {
    name: "a raw-text body with none (fact 12)",
    config: node({ body: { type: "raw-text", data: [] } }),
    expected: [
      'error body.data: the raw-text body has 0 items: every run fails with "raw-text body type should have exactly one item"',
    ],
  },
]);

testRule(difyReferenceLiteral, [
  {
    name: "references Dify takes: a numeric node id, sys, env, a nested name (fact 9)",
    config: node({
      url: "{{#env.base_url#}}/items/{{#1719878483248.item#}}",
      headers: "X-Q:{{#sys.query#}}",
      body: { type: "json", data: [{ value: '{"a": "{{#code_1.out.first#}}"}' }] },
    }),
    expected: [],
  },
  {
    name: "a hand-written node id with a - is text: the braces are sent as written (fact 9)",
    config: node({
      url: "https://github.com/trending/{{#start-node.language#}}?since=daily",
      body: { type: "json", data: [{ value: '{"case_id": "{{#node-mcp-create.body#}}"}' }] },
    }),
    expected: [
      "error body.data[0].value: {{#node-mcp-create.body#}} is not a Dify variable reference (its node id node-mcp-create is not 1–50 letters, digits or _): Dify sends it as written",
      "error url: {{#start-node.language#}} is not a Dify variable reference (its node id start-node is not 1–50 letters, digits or _): Dify sends it as written",
    ],
  },
  {
    name: "a space, a name starting with a digit, no name: text too",
    config: node({
      params: "q:{{# start.q #}}\nn:{{#start.1st#}}",
      authorization: { type: "api-key", config: { type: "bearer", api_key: "{{#token#}}" } },
    }),
    expected: [
      "error authorization.config.api_key: {{#token#}} is not a Dify variable reference (no variable name after the node id): Dify sends it as written",
      "error params: {{# start.q #}} is not a Dify variable reference (it holds a space): Dify sends it as written",
      "error params: {{#start.1st#}} is not a Dify variable reference (its name 1st does not start with a letter or _, or is longer than 30): Dify sends it as written",
    ],
  },
]);

testRule(difyEscapedNewline, [
  {
    name: "lines separated by real line breaks; a value holding a \\n that starts no key",
    config: node({
      headers: "Content-Type: application/json\nAccept: text/event-stream",
      params: "sep:\\n\nq:{{#sys.query#}}",
    }),
    expected: [],
  },
  {
    name: "a written \\n, as YAML single quotes keep it (an MCP call's Accept header never sent)",
    config: node({
      headers: "Content-Type: application/json\\nAccept: application/json, text/event-stream",
      params: "mode:cross_health\\nyear_month:{{#start.ym#}}",
    }),
    expected: [
      'error headers: header Content-Type\'s value holds a written \\n before "Accept:": Dify reads one line, so Accept is never sent as a header of its own and Content-Type carries the rest as its value',
      'error params: param mode\'s value holds a written \\n before "year_month:": Dify reads one line, so year_month is never sent as a param of its own and mode carries the rest as its value',
    ],
  },
]);

testRule(difyRawTextJson, [
  {
    name: "a raw-text JSON body with a Content-Type of the node's own, in any case",
    config: node({
      headers: "content-type: application/json",
      body: { type: "raw-text", data: [{ value: '{"q": "{{#sys.query#}}"}' }] },
    }),
    expected: [],
  },
  {
    name: "a raw-text body that is text, or a JSON body",
    config: node({ body: { type: "raw-text", data: [{ value: "Hello {{#sys.query#}}" }] } }),
    expected: [],
  },
  {
    name: "a raw-text JSON body with no Content-Type goes as text/plain (fact 33)",
    config: node({
      body: { type: "raw-text", data: [{ value: '{"goods_name": "{{#1745.goods_name#}}"}' }] },
    }),
    expected: [
      "warning body.type: the raw-text body is JSON, but the node sets no Content-Type: Dify sends it as text/plain, which a JSON API does not parse",
    ],
  },
]);
