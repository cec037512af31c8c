import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import type { LoadedTool } from "../../../src/config/tool-config.js";
import type { ConfigChange } from "../../../src/lint/diagnostic.js";
import { lint } from "../../../src/lint/lint.js";
import { spliceLiteral } from "../../../src/lint/literal-splice.js";
import type { LintRule } from "../../../src/lint/rule.js";
import { isRequestTool } from "../../../src/lint/rules/rule-helpers.js";
import { flowiseHtmlToText } from "../../../src/platforms/flowise/config/flowise-html-to-text.js";

/** A rule on calls whose finding carries these changes: what a rule's fix becomes in each format. */
function fixing(changes: ConfigChange[]): LintRule<RequestToolConfig> {
  return {
    id: "test-fix",
    severity: "error",
    profiles: ["flowise", "standard", "n8n"],
    judgesCalls: true,
    description: "test rule",
    docs: "test rule",
    appliesTo: isRequestTool,
    check: () => [{ path: "url", message: "m", fix: { description: "the fix", changes } }],
  };
}

function fixOf(tool: LoadedTool, changes: ConfigChange[], profile: "flowise" | "n8n") {
  const [found] = lint([tool], { profile, rules: [fixing(changes) as LintRule] });
  return found?.fix && { changes: found.fix.changes, notFixable: found.fix.notFixable };
}

const N8N_NODE: LoadedTool = {
  config: {
    kind: "n8n-http-tool",
    name: "update_event",
    type: "n8n-nodes-base.httpRequestTool",
    typeVersion: 4.2,
    parameters: { method: "PUT", url: "={{ $vars.base_url }}/events", sendBody: true },
    credentials: {},
    agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
  } as LoadedTool["config"],
  source: { file: "wf.json", path: "nodes[2]", format: "n8n" },
};

describe("a fix of an n8n node's request becomes the change of its parameters", () => {
  test("PUT /events → PATCH /events/:id: the Method, and the URL expression with the id as a $fromAI call", () => {
    const id = { type: "string", in: "path", required: true, description: "the event's id" };
    const changes = [
      { path: "method", value: "PATCH" },
      { path: "url", value: "{{$vars.base_url}}/events/:id" },
      { path: "queryParamsSchema.id", value: id },
    ];
    expect(fixOf(N8N_NODE, changes, "n8n")).toEqual({
      changes: [
        { path: "nodes[2].parameters.method", value: "PATCH" },
        {
          path: "nodes[2].parameters.url",
          value: "={{ $vars.base_url }}/events/{{ $fromAI('id', 'the event\\'s id', 'string') }}",
        },
      ],
      notFixable: undefined,
    });
  });

  test("a change outside the URL's literal text (its $vars base) is not rewritten: the fix says why", () => {
    expect(fixOf(N8N_NODE, [{ path: "url", value: "http://other.example/events" }], "n8n")).toEqual({
      changes: [],
      notFixable: "the URL's changed part is an n8n expression --fix cannot rewrite: change it in n8n",
    });
  });
});

function customTool(func: string): LoadedTool {
  return {
    config: {
      kind: "custom-tool",
      name: "update_event",
      description: "Use this to rename an event",
      schema: [
        { property: "id", type: "string", required: true },
        { property: "name", type: "string", required: true },
      ],
      func,
    } as LoadedTool["config"],
    source: { file: "update-event.json", path: "", format: "flowise" },
  };
}

const LITERAL_URL = `const fetch = require('node-fetch');
const res = await fetch("http://localhost:5566/events", { method: 'put', body: JSON.stringify({ name: $name }) });
return res.text();`;

describe("a fix of a Custom Tool's call becomes a literal change of its code, where one suffices", () => {
  test("the URL literal and the method literal (in its own case) are rewritten in func", () => {
    const changes = [
      { path: "method", value: "PATCH" },
      { path: "url", value: "http://localhost:5566/items" },
    ];
    expect(fixOf(customTool(LITERAL_URL), changes, "flowise")).toEqual({
      changes: [
        {
          path: "func",
          value: LITERAL_URL.replace(
            '"http://localhost:5566/events"',
            '"http://localhost:5566/items"',
          ).replace("method: 'put'", "method: 'patch'"),
        },
      ],
      notFixable: undefined,
    });
  });

  test.each([
    [
      "a URL built from an argument",
      LITERAL_URL.replace('"http://localhost:5566/events"', "'http://localhost:5566/events/' + $id"),
      "http://localhost:5566/items/:id",
      "the URL is built in code in the Custom Tool",
    ],
    [
      "a new URL with a path param",
      LITERAL_URL,
      "http://localhost:5566/events/:id",
      "the new URL takes an argument in its path: write it in the Custom Tool's code",
    ],
  ])("%s is not rewritten: the fix line says why", (_, code, url, reason) => {
    expect(fixOf(customTool(code), [{ path: "url", value: url }], "flowise")).toEqual({
      changes: [],
      notFixable: reason,
    });
  });
});

describe("spliceLiteral: a value edited as the text it amounts to", () => {
  test.each([
    ["<p>http://x/events/{id}</p>", "http://x/events/:id", "<p>http://x/events/:id</p>"],
    [
      "<p>http://x/events?a=1&amp;b={id}</p>",
      "http://x/events?a=1&b=:id",
      "<p>http://x/events?a=1&amp;b=:id</p>",
    ],
    ["<p>http://x/{id}&amp;{id}</p>", "http://x/:id&:id", undefined],
  ])("%s → %s", (stored, wanted, expected) => {
    expect(spliceLiteral(stored, wanted, flowiseHtmlToText)).toBe(expected);
  });
});
