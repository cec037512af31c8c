import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../../src/config/config-issue.js";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";
import { lint } from "../../../src/lint/lint.js";
import { createTools } from "../../../src/runtime/create-tools.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { sharedFixture } from "../../support/shared-fixture.js";

/**
 * The ten n8n.io template workflows of shared/fixtures/n8n/ (README there): each HTTP tool as n8n
 * gives it to the model (name, method, URL, its `$fromAI` arguments, `?` for optional), how many connected
 * nodes are said as not modelled, and what `tooldeck lint` reports (no OpenAPI description of these
 * services is at hand), by severity and rule.
 */
const WORKFLOWS: {
  workflow: string;
  notModelled: number;
  tools: string[];
  findings: Record<string, number>;
}[] = [
  {
    workflow: "6270",
    notModelled: 1,
    tools: [
      "Get_Weather GET https://api.open-meteo.com/v1/forecast (parameters0_Value, parameters1_Value, parameters2_Value, parameters3_Value, parameters4_Value, parameters5_Value, parameters6_Value, parameters7_Value)",
    ],
    findings: { "info n8n-error-body-hidden": 1 },
  },
  {
    workflow: "9277",
    notModelled: 7,
    tools: [
      "List_coursework GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/courseWork) (url?)",
      "Get_coursework_add-on_context GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/courseWork/{courseWorkId}/addOnContext) (url?)",
      "Get_coursework GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/courseWork/{courseWorkId}) (url?)",
      "List_courses GET $fromAI url (default https://classroom.googleapis.com/v1/courses) (url?)",
      "Get_grading_period_settings GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/gradingPeriodSettings) (url?)",
      "Get_course GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}) (url?)",
      "Patch_announcement PATCH $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/announcements/{announcementId}?updateMask=text) (url?, parameters0_Name, parameters0_Value)",
      "List_announcements GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/announcements) (url?)",
      "Get_announcement_add-on_context GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/announcements/{announcementId}/addOnContext) (url?)",
      "Get_announcement GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/announcements/{announcementId}) (url?)",
      "Delete_announcement DELETE $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/announcements/{announcementId}) (url?)",
      "Create_announcement POST $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/announcements) (url?, parameters0_Name, parameters0_Value, parameters1_Name, parameters1_Value)",
      "Get_post_attachment_submission GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/posts/{postId}/addOnAttachments/{attachmentId}/studentSubmissions/{submissionId}) (url?)",
      "Get_post_add-on_attachment GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/posts/{postId}/addOnAttachments/{attachmentId}) (url?)",
      "List_post_add-on_attachments GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/posts/{postId}/addOnAttachments) (url?)",
      "Get_post_add-on_context GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/posts/{postId}/addOnContext) (url?)",
      "Get_student GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/students/{userId}) (url?)",
      "List_students GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/students) (url?)",
      "Get_teacher GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/teachers/{userId}) (url?)",
      "List_teachers GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/teachers) (url?)",
      "Delete_topic DELETE $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/topics/{topicId}) (url?)",
      "Patch_topic PATCH $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/topics/{topicId}?updateMask=name) (url?, parameters0_Name, parameters0_Value, parameters1_Name, parameters1_Value)",
      "Create_topic POST $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/topics) (url?, parameters0_Name, parameters0_Value)",
      "Get_topic GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/topics/{topicId}) (url?)",
      "List_topics GET $fromAI url (default https://classroom.googleapis.com/v1/courses/{courseId}/topics) (url?)",
    ],
    findings: {
      "warning n8n-unevaluated-expression": 25,
      "warning n8n-default-placeholder": 24,
      "info n8n-error-body-hidden": 25,
    },
  },
  {
    workflow: "5850",
    notModelled: 43,
    tools: [
      "HTTP_Download_a_file_or_image GET $fromAI url (default none) (URL)",
      "HTTP_Request GET $fromAI url (default none) (URL)",
    ],
    findings: { "info n8n-error-body-hidden": 2 },
  },
  {
    workflow: "4723",
    notModelled: 10,
    tools: ["Fetch_FireFlies POST https://api.fireflies.ai/graphql (email)"],
    findings: {
      "warning secret-in-config": 1,
      "warning n8n-json-template-quoting": 1,
      "info n8n-error-body-hidden": 1,
    },
  },
  {
    workflow: "4484",
    notModelled: 0,
    tools: [
      "The_Polysingularity_Letters_Book POST https://infranodus.com/api/v1/graphAndAdvice?doNotSave=true&addStats=true&optimize=develop&includeGraph=false&includeGraphSummary=true&includeStatements=true (parameters1_Value)",
      "The_Flow_and_the_Notion_Book POST https://infranodus.com/api/v1/graphAndAdvice?doNotSave=true&addStats=true&optimize=develop&includeGraph=false&includeGraphSummary=true&includeStatements=true (parameters1_Value)",
      "Special_Agent_s_Manual_Book_Expert POST https://infranodus.com/api/v1/graphAndAdvice?doNotSave=true&addStats=true&optimize=develop&includeGraph=false&includeGraphSummary=true&includeStatements=true (parameters1_Value)",
      "Waves_into_Patterns_Book_Expert POST https://infranodus.com/api/v1/graphAndAdvice?doNotSave=true&addStats=true&optimize=develop&includeGraph=false&includeGraphSummary=true&includeStatements=true (parameters1_Value)",
    ],
    findings: { "info n8n-error-body-hidden": 4 },
  },
  {
    workflow: "5751",
    notModelled: 4,
    tools: [
      "instagram_full_profile_scraper POST https://api.apify.com/v2/acts/mohamedgb00714~instagram-full-profile-scraper/run-sync-get-dataset-items?token=YOUR_TOKEN_HERE apify token}} (username)",
      "get_url_mardown POST https://api.apify.com/v2/acts/mohamedgb00714~firescraper-ai-website-content-markdown-scraper/run-sync-get-dataset-items?token=YOUR_TOKEN_HERE apify token}} (crawelEnabled?, url)",
      "search_google POST https://google.serper.dev/search (parameters0_Value)",
    ],
    findings: {
      "warning n8n-json-template-quoting": 2,
      "warning secret-in-config": 2,
      "warning n8n-unevaluated-expression": 1,
      "info n8n-error-body-hidden": 3,
    },
  },
  {
    workflow: "4949",
    notModelled: 2,
    tools: [
      "Fetch_Available_Time_Slots GET https://api.cal.com/v2/slots/available (eventTypeId, startTime, endTime)",
    ],
    findings: { "warning secret-in-config": 1 },
  },
  {
    workflow: "3859",
    notModelled: 0,
    tools: [
      "get_page POST https://lemolex.app.n8n.cloud/webhook/get_text (url)",
      "list_links POST https://lemolex.app.n8n.cloud/webhook/list-links ()",
    ],
    findings: {},
  },
  {
    workflow: "4057",
    notModelled: 1,
    tools: [
      "Dumpling_AI_Agent_Search_for_Relevant_Info POST https://app.dumplingai.com/api/v1/agents/generate-completion ()",
    ],
    findings: { "warning tool-description": 1, "info n8n-unevaluated-expression": 1 },
  },
  {
    workflow: "4399",
    notModelled: 2,
    tools: ["web_search POST https://api.anthropic.com/v1/messages (JSON)"],
    findings: { "warning n8n-json-untyped": 1, "info n8n-error-body-hidden": 1 },
  },
];

/** `name METHOD URL (args)`: a URL the model writes whole is shown by its default. */
function describeTool(tool: ExecutableTool): string {
  const properties = tool.inputSchema.properties as Record<string, { default?: unknown }>;
  const required = new Set(tool.inputSchema.required as string[] | undefined);
  const written = tool.endpoint?.url ?? "";
  const url = /^=\{\{\s*\$fromAI\(/i.test(written)
    ? `$fromAI url (default ${String(properties.url?.default ?? "none")})`
    : written;
  const args = Object.keys(properties).map((key) => (required.has(key) ? key : `${key}?`));
  return `${tool.name} ${tool.endpoint?.method} ${url} (${args.join(", ")})`;
}

describe("the ten n8n template workflows", () => {
  test.each(WORKFLOWS)("workflow $workflow", async ({ workflow, notModelled, tools, findings }) => {
    const loaded = loadToolConfigs([sharedFixture("n8n", `${workflow}.json`)]);
    expect(loaded.errors).toEqual([]);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.notes?.every((note) => note.message.startsWith("not modelled: "))).toBe(true);
    expect(loaded.notes ?? []).toHaveLength(notModelled);
    const executable = await createTools(
      loaded.tools.map((tool) => tool.config),
      { profile: "n8n" },
    );
    expect(executable.map(describeTool)).toEqual(tools);
    const counted: Record<string, number> = {};
    for (const diagnostic of lint(loaded.tools, { profile: "n8n" })) {
      const key = `${diagnostic.severity} ${diagnostic.code}`;
      counted[key] = (counted[key] ?? 0) + 1;
    }
    expect(counted).toEqual(findings);
  });

  test("what they show: an unevaluated Bearer {{$credentials…}} header, a default URL with {courseId}, a pasted token, a quoted JSON template, an MCP Server Trigger", async () => {
    const messages = (workflow: string) =>
      lint(loadToolConfigs([sharedFixture("n8n", `${workflow}.json`)]).tools, { profile: "n8n" }).map(
        (d) => `${d.code} ${d.tool}${d.node ? ` (node "${d.node}")` : ""}: ${d.message}`,
      );
    expect(messages("9277")).toContain(
      'n8n-unevaluated-expression Get_topic (node "Get topic"): headerParameters.parameters[0].value is not an expression: n8n sends {{ $credentials.oauth2.access_token }} as written',
    );
    expect(messages("9277")).toContain(
      'n8n-default-placeholder Get_topic (node "Get topic"): the default of url holds {courseId}, {topicId}: when the model leaves url out, n8n sends it as written',
    );
    expect(messages("4723")).toEqual(
      expect.arrayContaining([
        'secret-in-config Fetch_FireFlies (node "Fetch FireFlies"): header Authorization holds a literal credential',
        'n8n-json-template-quoting Fetch_FireFlies (node "Fetch FireFlies"): a value of email with a quote or a newline makes the JSON Body invalid JSON, and n8n then sends nothing',
      ]),
    );
    expect(messages("4399")).toContain(
      "n8n-json-untyped web_search: JSON is json: the model is given no type for it, only its description",
    );
    const mcp = loadToolConfigs([sharedFixture("n8n", "5850.json")]);
    expect(mcp.tools.map((tool) => tool.config.kind === "n8n-http-tool" && tool.config.agent)).toEqual([
      { name: "utility tools", type: "@n8n/n8n-nodes-langchain.mcpTrigger", typeVersion: 1 },
      { name: "utility tools", type: "@n8n/n8n-nodes-langchain.mcpTrigger", typeVersion: 1 },
    ]);
    expect(
      (mcp.notes ?? []).map(formatConfigIssue).filter((line) => line.includes("mcpClientTool")),
    ).toHaveLength(6);
  });
});
