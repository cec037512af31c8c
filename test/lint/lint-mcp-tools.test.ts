import { beforeAll, describe, expect, test } from "vitest";
import { lintMcpTools } from "../../src/lint/lint-mcp-tools.js";
import { loadSpecIndex } from "../../src/lint/load-check-inputs.js";
import type { ListedMcpTool } from "../../src/mcp/list-mcp-tools.js";
import type { OperationIndex } from "../../src/openapi/operation-index.js";
import { packagePath } from "../../src/package/package-root.js";

const SOURCE = "--mcp node server.js";
const OBJECT = { type: "object" };

function listed(tools: Omit<ListedMcpTool, "source">[], file = SOURCE): ListedMcpTool[] {
  return tools.map((tool, index) => ({ ...tool, source: { file, path: `tools[${index}]` } }));
}

/** `severity path: message` per finding, as the rule tables write them. */
function found(tools: ListedMcpTool[], options: Parameters<typeof lintMcpTools>[1] = {}): string[] {
  return lintMcpTools(tools, options).map((d) => `${d.severity} ${d.code} ${d.path}: ${d.message}`);
}

let events: OperationIndex;
beforeAll(async () => {
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
});

const dateField = (description: string, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: {
    body: {
      type: "object",
      properties: { name: { type: "string" }, date: { type: "string", description, ...extra } },
    },
  },
});

describe("tool-name and tool-description on MCP tools", () => {
  test.each([
    [
      "a name providers take, a description",
      [{ name: "get_events", description: "Get events", inputSchema: OBJECT }],
      [],
    ],
    [
      "a dotted name (MCP allows it; the providers refusing it are provider-rejects' to name)",
      [{ name: "events.list", description: "List events", inputSchema: OBJECT }],
      [],
    ],
    [
      "no description",
      [{ name: "ping", inputSchema: OBJECT }],
      [
        "warning tool-description tools[0].description: the description is empty: the LLM cannot tell when to use this tool",
      ],
    ],
    [
      "Flowise's generic description",
      [
        {
          name: "get",
          description: "Use this when you need to execute a GET request to get data from a website.",
          inputSchema: OBJECT,
        },
      ],
      [
        "info tool-description tools[0].description: the description is Flowise's generic default: say which resource it reaches",
      ],
    ],
    [
      "one name twice in one server",
      [
        { name: "ping", description: "Ping", inputSchema: OBJECT },
        { name: "ping", description: "Ping again", inputSchema: OBJECT },
      ],
      [
        'error tool-name tools[0].name: name "ping" is also used by the tool at tools[1]',
        'error tool-name tools[1].name: name "ping" is also used by the tool at tools[0]',
      ],
    ],
  ])("%s", (_case, tools, expected) => {
    expect(found(listed(tools))).toEqual(expected);
  });

  test("each server is an agent of its own: a name another server also lists is no clash, one listed twice by a server is", () => {
    const tool = { name: "get_events", description: "Get events", inputSchema: OBJECT };
    const a = listed([tool]);
    const b = listed([tool], "--mcp-url http://h/mcp");
    expect(found([...a, ...b])).toEqual([]);
    expect(found([...listed([tool, tool]), ...b])).toEqual([
      'error tool-name tools[0].name: name "get_events" is also used by the tool at tools[1]',
      'error tool-name tools[1].name: name "get_events" is also used by the tool at tools[0]',
    ]);
  });

  test("settings turn a rule off or change its severity", () => {
    const tools = listed([{ name: "a.b", inputSchema: OBJECT }]);
    expect(found(tools, { settings: { "tool-name": "off", "tool-description": "error" } })).toEqual([
      "error tool-description tools[0].description: the description is empty: the LLM cannot tell when to use this tool",
    ]);
  });
});

describe("undisclosed-format on MCP tools, with the event API's description", () => {
  const DATE =
    'date must be an ISO 8601 date-time in POST /events (createEvent), and nothing tells the LLM: a guess like "2024-07-15" is rejected';
  const at = "tools[0].inputSchema.properties.body.properties.date.description";

  test.each([
    [
      "create_event: the operation by its verb and noun",
      "create_event",
      dateField("Date of the event"),
      [`warning undisclosed-format ${at}: ${DATE}`],
    ],
    [
      "createEvent: the operation by operationId",
      "createEvent",
      dateField("Date of the event"),
      [`warning undisclosed-format ${at}: ${DATE}`],
    ],
    ["the description says it", "create_event", dateField("Date of the event, ISO 8601"), []],
    ["the schema says it (format)", "create_event", dateField("Date", { format: "date-time" }), []],
    [
      "the schema says it (a pattern of its own)",
      "create_event",
      dateField("Date", { pattern: "^\\d{4}-\\d{2}-\\d{2}T" }),
      [],
    ],
    ["a name that says no operation", "ping", dateField("Date of the event"), []],
  ])("%s", (_case, name, inputSchema, expected) => {
    expect(found(listed([{ name, description: "Events", inputSchema }]), { spec: events })).toEqual(expected);
  });

  test("update_event is PATCH /events/{id}'s: the tutorial's PUT is not what the name says", () => {
    const tools = listed([
      { name: "update_event", description: "Update an event", inputSchema: dateField("Date") },
    ]);
    expect(found(tools, { spec: events })).toEqual([
      `warning undisclosed-format ${at}: date must be an ISO 8601 date-time in PATCH /events/{id} (updateEventDetails), and nothing tells the LLM: a guess like "2024-07-15" is rejected`,
    ]);
  });

  test("without a spec it is not judged; no finding carries a fix", () => {
    const tools = listed([{ name: "create_event", description: "Create", inputSchema: dateField("Date") }]);
    expect(found(tools)).toEqual([]);
    expect(lintMcpTools(tools, { spec: events }).every((d) => d.fix === undefined && d.suggestion)).toBe(
      true,
    );
  });
});
