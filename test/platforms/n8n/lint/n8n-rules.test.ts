import { n8nDefaultPlaceholder } from "../../../../src/platforms/n8n/lint/n8n-default-placeholder.js";
import { n8nErrorBodyHidden } from "../../../../src/platforms/n8n/lint/n8n-error-body-hidden.js";
import { n8nJsonTemplateQuoting } from "../../../../src/platforms/n8n/lint/n8n-json-template-quoting.js";
import { n8nJsonUntyped } from "../../../../src/platforms/n8n/lint/n8n-json-untyped.js";
import { n8nLegacyUnderAgent3 } from "../../../../src/platforms/n8n/lint/n8n-legacy-under-agent-3.js";
import { n8nLiteralFromAi } from "../../../../src/platforms/n8n/lint/n8n-literal-fromai.js";
import { n8nMisconfiguredPlaceholder } from "../../../../src/platforms/n8n/lint/n8n-misconfigured-placeholder.js";
import { n8nMissingArgument } from "../../../../src/platforms/n8n/lint/n8n-missing-argument.js";
import { n8nUnevaluatedExpression } from "../../../../src/platforms/n8n/lint/n8n-unevaluated-expression.js";
import { testRule } from "../../../lint/support/test-rule.js";
import { AGENT_2, AGENT_3, currentNode, legacyNode } from "../support/n8n-nodes.js";

const current = (parameters: Record<string, unknown>, agent = AGENT_3) => currentNode(parameters, { agent });

const legacy = (parameters: Record<string, unknown>, agent = AGENT_2, name = "get_item") =>
  legacyNode(parameters, { agent, name });

const queryRow = (value: string) => ({
  sendQuery: true,
  queryParameters: { parameters: [{ name: "limit", value }] },
});

testRule(n8nLiteralFromAi, [
  {
    name: "an expression passes",
    config: current({ url: "=https://api.test/items/{{ $fromAI('id') }}" }),
    expected: [],
  },
  {
    name: "the same URL without `=` (reference fact 22)",
    config: current({ url: "https://api.test/items/{{ $fromAI('id', 'The item id', 'string') }}" }),
    expected: [
      "error parameters.url: url is not an expression: n8n sends its {{ $fromAI(…) }} as text while the model is asked for id",
    ],
  },
  {
    name: "a header value without `=`, two keys",
    config: current({
      url: "https://api.test",
      sendHeaders: true,
      headerParameters: { parameters: [{ name: "x", value: "{{ $fromAI('a') }}-{{ $fromAI('b') }}" }] },
    }),
    expected: [
      "error parameters.headerParameters.parameters[0].value: headerParameters.parameters[0].value is not an expression: n8n sends its {{ $fromAI(…) }} as text while the model is asked for a, b",
    ],
  },
  {
    name: "text that only mentions fromAI passes",
    config: current({ url: "https://api.test/fromAI" }),
    expected: [],
  },
  {
    name: "$fromAI written in the tool's description is documentation the model reads, not a value sent",
    config: current({
      url: "=https://api.test/items/{{ $fromAI('id') }}",
      toolDescription: "Gets an item. The URL is built as {{ $fromAI('id', 'The item id', 'string') }}",
    }),
    expected: [],
  },
  {
    name: "a legacy placeholder's description that shows a $fromAI call passes",
    config: legacy({
      url: "https://api.test/items/{id}",
      placeholderDefinitions: {
        values: [{ name: "id", description: "like {{ $fromAI('id') }}", type: "string" }],
      },
    }),
    expected: [],
  },
  {
    name: "a query value beside such a description is still judged",
    config: current({
      url: "https://api.test/items",
      toolDescription: "Lists items by {{ $fromAI('q') }}",
      ...queryRow("{{ $fromAI('q') }}"),
    }),
    expected: [
      "error parameters.queryParameters.parameters[0].value: queryParameters.parameters[0].value is not an expression: n8n sends its {{ $fromAI(…) }} as text while the model is asked for q",
    ],
  },
]);

testRule(n8nUnevaluatedExpression, [
  { name: "plain text passes", config: current({ url: "https://api.test/items" }), expected: [] },
  {
    name: "a credential in a header without `=` (the Classroom template)",
    config: current({
      url: "https://api.test",
      sendHeaders: true,
      headerParameters: {
        parameters: [{ name: "Authorization", value: "Bearer {{$credentials.oauth2.access_token}}" }],
      },
    }),
    expected: [
      "warning parameters.headerParameters.parameters[0].value: headerParameters.parameters[0].value is not an expression: n8n sends {{ $credentials.oauth2.access_token }} as written",
    ],
  },
  {
    name: "an expression reading another node is said (info)",
    config: current({
      url: "https://api.test",
      sendBody: true,
      specifyBody: "json",
      jsonBody: '={ "q": "{{ $(\'Gmail\').item.json.snippet }}" }',
    }),
    expected: [
      "info parameters.jsonBody: jsonBody reads {{ $('Gmail').item.json.snippet }} from the workflow's run, which tooldeck does not evaluate: its calls are not reproduced",
    ],
  },
  {
    name: "$fromAI and $vars expressions pass",
    config: current({ url: "={{ $vars.base_url }}/items/{{ $fromAI('id') }}" }),
    expected: [],
  },
  {
    name: "$fromAI without `=` is n8n-literal-fromai's",
    config: current({ url: "https://api.test/{{ $fromAI('id') }}" }),
    expected: [],
  },
]);

testRule(n8nMissingArgument, [
  {
    name: "a required key in the path (reference fact 14)",
    config: current({ url: "=https://api.test/items/{{ $fromAI('id') }}" }),
    expected: [
      "warning parameters.url: if the model leaves out id, n8n calls the URL with an empty string in its place (https://api.test/items/) and sends the call without any error",
    ],
  },
  {
    name: "a required query row is dropped",
    config: current({
      url: "https://api.test/items",
      ...queryRow("={{ $fromAI('limit', 'Max', 'number') }}"),
    }),
    expected: [
      "warning parameters.queryParameters.parameters[0].value: if the model leaves out limit, n8n sends the call without the query parameter and without any error",
    ],
  },
  {
    name: "a whole URL left out is an error the model sees, not silent",
    config: current({ url: "={{ $fromAI('url') }}" }),
    expected: [],
  },
  {
    name: "a default passes",
    config: current({
      url: "https://api.test/items",
      ...queryRow("={{ $fromAI('limit', 'Max', 'number', 10) }}"),
    }),
    expected: [],
  },
  {
    name: "Agent 2.2 checks required arguments",
    config: current({ url: "=https://api.test/items/{{ $fromAI('id') }}" }, AGENT_2),
    expected: [],
  },
]);

testRule(n8nJsonTemplateQuoting, [
  {
    name: "a string spliced between quotes (reference fact 16)",
    config: current({
      url: "https://api.test",
      sendBody: true,
      specifyBody: "json",
      jsonBody: '={ "name": "{{ $fromAI(\'name\') }}" }',
    }),
    expected: [
      "warning parameters.jsonBody: a value of name with a quote or a newline makes the JSON Body invalid JSON, and n8n then sends nothing",
    ],
  },
  {
    name: "a json value spliced: always [object Object]",
    config: current({
      url: "https://api.test",
      sendBody: true,
      specifyBody: "json",
      jsonBody: "={ \"filter\": {{ $fromAI('filter', 'F', 'json') }} }",
    }),
    expected: [
      "error parameters.jsonBody: filter is json: spliced into the JSON Body it is written [object Object], which is never valid JSON, and n8n sends nothing",
    ],
  },
  {
    name: "JSON.stringify passes",
    config: current({
      url: "https://api.test",
      jsonBody: "={ \"name\": {{ JSON.stringify($fromAI('name')) }} }",
    }),
    expected: [],
  },
  {
    name: "a whole-field expression keeps its type (fact 17)",
    config: current({ url: "https://api.test", jsonBody: "={{ $fromAI('body', 'B', 'json') }}" }),
    expected: [],
  },
  {
    name: "a number slot is not this rule's",
    config: current({ url: "https://api.test", jsonBody: "={ \"n\": {{ $fromAI('n', '', 'number') }} }" }),
    expected: [],
  },
]);

testRule(n8nJsonUntyped, [
  {
    name: "a json argument (reference fact 7)",
    config: current({ url: "https://api.test", jsonBody: "={{ $fromAI('body', 'The event', 'json') }}" }),
    expected: [
      "warning parameters.jsonBody: body is json: the model is given no type for it, only its description",
    ],
  },
  {
    name: "without a description",
    config: current({ url: "=https://api.test/{{ $fromAI('p', '', 'json') }}" }),
    expected: ["warning parameters.url: p is json: the model is given no type for it and no description"],
  },
  {
    name: "typed arguments pass",
    config: current({ url: "=https://api.test/{{ $fromAI('id', 'Id', 'number') }}" }),
    expected: [],
  },
  {
    name: "the legacy node's json is an object (fact 44)",
    config: legacy({
      url: "https://api.test/{id}",
      placeholderDefinitions: { values: [{ name: "id", type: "json" }] },
    }),
    expected: [],
  },
]);

testRule(n8nErrorBodyHidden, [
  {
    name: "Agent 3.x sees the status sentence (reference fact 28)",
    config: current({ url: "https://api.test" }),
    expected: [
      'info parameters.options: on an error answer the model sees only n8n\'s sentence for its status (404: "The resource you are requesting could not be found"), never the body',
    ],
  },
  {
    name: "Agent 2.2 sees an empty string (fact 42)",
    config: current({ url: "https://api.test" }, AGENT_2),
    expected: [
      "info parameters.options: on an error answer the model sees an empty string (Agent 2.2), never the body",
    ],
  },
  {
    name: "Never Error passes (fact 30)",
    config: current({ url: "https://api.test", options: { response: { response: { neverError: true } } } }),
    expected: [],
  },
  {
    name: "Full Response passes (fact 30)",
    config: current({ url: "https://api.test", options: { response: { response: { fullResponse: true } } } }),
    expected: [],
  },
  {
    name: "the legacy node shows bodies (fact 53)",
    config: legacy({ url: "https://api.test" }),
    expected: [],
  },
]);

testRule(n8nLegacyUnderAgent3, [
  {
    name: "the legacy node under Agent 3.1 (reference fact 39)",
    config: legacy({ url: "https://api.test/{id}" }, AGENT_3),
    expected: [
      'error type: agent "Agent" (3.1) cannot run the legacy toolHttpRequest: every call fails with "has a \\"supplyData\\" method but no \\"execute\\" method" and nothing is sent',
    ],
  },
  { name: "under Agent 2.2 it runs", config: legacy({ url: "https://api.test/{id}" }), expected: [] },
  { name: "the current node is not legacy", config: current({ url: "https://api.test" }), expected: [] },
]);

testRule(n8nMisconfiguredPlaceholder, [
  {
    name: "a definition used nowhere (reference fact 47)",
    config: legacy({
      url: "https://api.test/{id}",
      placeholderDefinitions: { values: [{ name: "id" }, { name: "limit", type: "number" }] },
    }),
    expected: [
      "error parameters.placeholderDefinitions: n8n fails the agent before any model call: Error in sub-node get_item: Misconfigured placeholder 'limit'",
    ],
  },
  {
    name: "a placeholder in the host with authentication",
    config: legacy({
      url: "https://{tenant}.api.test/items",
      authentication: "genericCredentialType",
      genericAuthType: "httpHeaderAuth",
    }),
    expected: [
      "error parameters: n8n fails the agent before any model call: Error in sub-node get_item: Can't use a placeholder for the domain when using authentication",
    ],
  },
  {
    name: "Bearer credentials",
    config: legacy({
      url: "https://api.test",
      authentication: "genericCredentialType",
      genericAuthType: "httpBearerAuth",
    }),
    expected: [
      "error parameters: n8n fails the agent before any model call: Error in sub-node get_item: The type httpBearerAuth is not supported",
    ],
  },
  {
    name: "a name that is no identifier",
    config: legacy({ url: "https://api.test" }, AGENT_2, "1st-Tool"),
    expected: [
      "error name: n8n fails the agent before any model call: Error in sub-node 1st-Tool: The name of this tool is not a valid alphanumeric string",
    ],
  },
  {
    name: "a sound setup passes",
    config: legacy({ url: "https://api.test/{id}", placeholderDefinitions: { values: [{ name: "id" }] } }),
    expected: [],
  },
]);

testRule(n8nDefaultPlaceholder, [
  {
    name: "a default URL with {courseId} (the Classroom template)",
    config: current(
      {
        url: "={{ $fromAI('url', 'Get a topic.', 'string', 'https://api.test/courses/{courseId}/topics/{topicId}') }}",
      },
      AGENT_2,
    ),
    expected: [
      "warning parameters.url: the default of url holds {courseId}, {topicId}: when the model leaves url out, n8n sends it as written",
    ],
  },
  {
    name: "a default without placeholders passes",
    config: current({ url: "={{ $fromAI('url', 'U', 'string', 'https://api.test/courses') }}" }),
    expected: [],
  },
  { name: "no default passes", config: current({ url: "={{ $fromAI('url') }}" }), expected: [] },
]);
