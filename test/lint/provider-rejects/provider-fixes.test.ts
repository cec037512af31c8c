import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";
import { profileOfSource } from "../../../src/config/source-profile.js";
import { check } from "../../../src/lint/check.js";
import { checkWithFixes } from "../../../src/lint/check-with-fixes.js";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import { legalName } from "../../../src/lint/provider-rejects/provider-fix.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { ProviderId } from "../../../src/providers/wire-tool.js";
import { createTool } from "../../../src/runtime/create-tools.js";
import { shortenAtWord } from "../../../src/text/shorten-at-word.js";
import { type RecordedRequest, recordingFetch } from "../../support/recording-fetch.js";

/**
 * `check --fix --provider P` on provider-rejects (issue 42, item 4): each fix makes the tool legal for P
 * and changes nothing the tool sends to its API. What the config cannot say without changing the
 * request is not fixed, and the finding says why.
 */

const BASE = "http://api.test";
// A long description as teams write them: a pasted API doc, words and punctuation, over OpenAI's 1,024.
const LONG = `Use this to find events. ${"Returns the events of the team's calendar, newest first, with their dates, places and organisers; ".repeat(11)}Never guess an id.`;

function project(file: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "tooldeck-provider-fix-")), file);
  writeFileSync(path, text);
  return path;
}

function load(path: string) {
  return loadToolConfigs([path], { roots: [join(path, "..")] });
}

async function checked(path: string, providers: ProviderId[]) {
  return check(load(path), { profile: "standard", profileOf: profileOfSource, providers });
}

const rejections = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((d) => d.code === "provider-rejects");

/** Every tool of the file invoked with `args`: the requests they send, as a fetch receives them. */
async function sentRequests(path: string, args: Record<string, unknown>): Promise<RecordedRequest[]> {
  const recorder = recordingFetch(() => Response.json({ ok: true }));
  for (const { config, source } of load(path).tools) {
    const tools = await createTool(config, {
      profile: profileOfSource({ source }),
      fetch: recorder.fetch,
      vars: { base_url: BASE },
      resolveHost: async () => ["203.0.113.7"],
      // A Custom Tool's code runs in its sandbox, its fetch the recorder.
      allowCode: true,
    });
    for (const tool of tools) await tool.invoke(args);
  }
  return recorder.requests;
}

/** `check --fix` with these providers: what the file's tools send before and after, and the last report. */
async function fixed(path: string, providers: ProviderId[], args: Record<string, unknown>) {
  const before = await sentRequests(path, args);
  const skipped: string[] = [];
  const { report, fix } = await checkWithFixes(async () => ({ report: await checked(path, providers) }), {
    onNotFixed: (left) => skipped.push(...left.map((s) => `${s.diagnostic.code}: ${s.reason}`)),
  });
  const after = await sentRequests(path, args);
  return { before, after, report, fix, skipped };
}

describe("shortenAtWord: a description within a limit, cut where a word ends", () => {
  test.each([
    ["Lists the events of a calendar", 20, "Lists the events of"],
    ["Lists the events, of a calendar", 17, "Lists the events"],
    ["short", 10, "short"],
    // No word ends in the second half of the limit: cut at the limit.
    [`${"x".repeat(30)} y`, 20, "x".repeat(20)],
    // A character outside the BMP is never split in two.
    [`${"a".repeat(9)}😀bc`, 10, "a".repeat(9)],
  ])("%j within %i", (text, max, shortened) => {
    expect(shortenAtWord(text, max)).toBe(shortened);
    expect(shortenAtWord(text, max).length).toBeLessThanOrEqual(max);
  });
});

describe("legalName: a tool name every provider takes", () => {
  test.each([
    ["2fa_code", "_2fa_code"],
    ["events.list", "events_list"],
    ["get_events", "get_events"],
    ["9".repeat(70), `_${"9".repeat(63)}`],
  ])("%s → %s", (name, legal) => {
    expect(legalName(name)).toBe(legal);
    expect(legal).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
  });
});

const YAML = `# the team's events tool, description pasted from the API docs
kind: request
method: GET
name: 2fa_events
description: "${LONG}"
url: "{{$vars.base_url}}/events"
queryParamsSchema:
  limit: { type: number, in: query, description: How many events }
`;

describe("tooldeck YAML: check --fix --provider makes the request tool legal, its request unchanged", () => {
  test("a description over OpenAI's 1,024: shortened at a word boundary, the comment and the rest kept", async () => {
    const path = project("events.yaml", YAML);
    expect(rejections((await checked(path, ["openai"])).diagnostics)[0]?.fix).toMatchObject({
      description: "shorten the description to 1024 characters or fewer (openai takes 1024)",
      changes: [{ path: "description", value: shortenAtWord(LONG, 1024) }],
    });
    const { before, after, report } = await fixed(path, ["openai"], { queryParams: { limit: 3 } });
    expect(rejections(report.diagnostics)).toEqual([]);
    expect(after).toEqual(before);
    expect(before).toEqual([expect.objectContaining({ method: "GET", url: `${BASE}/events?limit=3` })]);
    const text = readFileSync(path, "utf8");
    expect(text).toContain("# the team's events tool");
    expect(text).toContain(`description: "${shortenAtWord(LONG, 1024)}"`);
    // Cut where a word ends.
    expect(LONG.startsWith(shortenAtWord(LONG, 1024))).toBe(true);
    expect(LONG[shortenAtWord(LONG, 1024).length]).toMatch(/\s/);
  });

  test("a name Gemini refuses (it starts with a digit): renamed to one every provider takes", async () => {
    const path = project("events.yaml", YAML.replace(LONG, "Use this to find events"));
    const { before, after, report } = await fixed(path, ["gemini"], { queryParams: { limit: 3 } });
    expect(rejections(report.diagnostics)).toEqual([]);
    expect(after).toEqual(before);
    expect(readFileSync(path, "utf8")).toContain("name: _2fa_events\n");
  });

  test("the new name is another tool's of the agent: not fixed, and the finding says why", async () => {
    const other = YAML.replace(LONG, "Other").replace("name: 2fa_events", "name: _2fa_events");
    const path = project(
      "events.yaml",
      `- ${YAML.replace(LONG, "Find").replaceAll("\n", "\n  ").trimEnd()}\n- ${other.replaceAll("\n", "\n  ").trimEnd()}\n`,
    );
    const [finding] = rejections((await checked(path, ["gemini"])).diagnostics);
    expect(finding?.fix).toMatchObject({
      changes: [],
      notFixable: "_2fa_events is another tool's name in this agent: rename it by hand",
    });
    const { before, after, fix } = await fixed(path, ["gemini"], {});
    expect(fix.findings).toBe(0);
    expect(after).toEqual(before);
  });
});

function requestsFlow(description: string): string {
  const flow = JSON.parse(readFileSync(packagePath("fixtures/flowise/requests-chatflow.json"), "utf8"));
  for (const node of flow.nodes) {
    const inputs = node.data.inputs;
    if (node.data.name === "requestsPost") {
      inputs.description = description;
      inputs.url = "http://api.example.com/events";
    }
    if (node.data.name === "requestsGet")
      inputs.requestsGetUrl = "<p>http://api.example.com/events?limit=5&amp;sort=date</p>";
  }
  return JSON.stringify(flow, null, 2);
}

describe("Flowise exports: the fix is written where Flowise keeps it", () => {
  test("a request node's description over OpenAI's limit: shortened in its inputs, the export otherwise byte for byte", async () => {
    const original = requestsFlow(LONG);
    const path = project("requests.json", original);
    const { before, after, report, skipped } = await fixed(path, ["openai"], { body: { name: "Launch" } });
    expect(skipped).toEqual([]);
    expect(rejections(report.diagnostics)).toEqual([]);
    expect(after).toEqual(before);
    expect(before.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET http://api.example.com/events?limit=5&sort=date",
      "POST http://api.example.com/events",
    ]);
    // Only the description's text changed: the export is the original with it replaced.
    const shortened = shortenAtWord(LONG, 1024);
    expect(readFileSync(path, "utf8")).toBe(
      original.replace(JSON.stringify(LONG), JSON.stringify(shortened)),
    );
  });

  test("a request node's Tool Name Gemini refuses (it starts with a digit): renamed in its input", async () => {
    const original = requestsFlow("Use this when you want to add an online event").replace(
      '"requestsGetName": "Find Events!"',
      '"requestsGetName": "2FA Events"',
    );
    const path = project("requests.json", original);
    const { before, after, report, skipped } = await fixed(path, ["gemini"], {});
    expect(skipped).toEqual([]);
    expect(rejections(report.diagnostics)).toEqual([]);
    expect(after).toEqual(before);
    expect(readFileSync(path, "utf8")).toBe(
      original.replace('"requestsGetName": "2FA Events"', '"requestsGetName": "_2fa_events"'),
    );
  });

  test("a Custom Tool's description (its Tools-page row): shortened in the row, its code and schema as they were", async () => {
    const row = JSON.parse(
      readFileSync(packagePath("fixtures/flowise/custom-tool-agent/update-event.tool.json"), "utf8"),
    );
    row.description = LONG;
    const original = JSON.stringify(row, null, 2);
    const path = project("update-event.tool.json", original);
    const args = { name: "Launch", date: "2026-12-01", location: "Online" };
    const { before, after, report } = await fixed(path, ["openai"], args);
    expect(rejections(report.diagnostics)).toEqual([]);
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
    const written = JSON.parse(readFileSync(path, "utf8"));
    expect(written).toEqual({ ...row, description: shortenAtWord(LONG, 1024) });
  });
});

function workflow(description: string): string {
  const flow = JSON.parse(readFileSync(packagePath("fixtures/n8n/event-assistant.json"), "utf8"));
  const node = flow.nodes.find((n: { name: string }) => n.name === "get_events");
  node.parameters.toolDescription = description;
  return JSON.stringify(flow, null, 2);
}

describe("a Flowise agentflow whose Custom Tool is a row read beside it", () => {
  test("the description is the row's, not the flow's: --fix leaves both files and says where to shorten it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-provider-fix-"));
    const flowText = readFileSync(packagePath("fixtures/flowise/custom-tool-agent/event-agent.json"), "utf8");
    writeFileSync(join(dir, "event-agent.json"), flowText);
    const row = JSON.parse(
      readFileSync(packagePath("fixtures/flowise/custom-tool-agent/update-event.tool.json"), "utf8"),
    );
    const rowText = JSON.stringify({ ...row, description: LONG }, null, 2);
    writeFileSync(join(dir, "update-event.tool.json"), rowText);
    const run = async () => ({
      report: await check(loadToolConfigs([dir], { roots: [dir] }), {
        profile: "standard",
        profileOf: profileOfSource,
        providers: ["openai"],
      }),
    });
    const skipped: string[] = [];
    const { report, fix } = await checkWithFixes(run, {
      onNotFixed: (left) => skipped.push(...left.map((s) => `${s.diagnostic.tool}: ${s.reason}`)),
    });
    expect(fix.findings).toBe(0);
    expect(skipped).toEqual([
      "update_event: the Custom Tool's description is in its Tools-page row, not in this flow: fix the row",
    ]);
    expect(rejections(report.diagnostics).map((d) => d.tool)).toEqual(["update_event"]);
    expect(readFileSync(join(dir, "event-agent.json"), "utf8")).toBe(flowText);
    expect(readFileSync(join(dir, "update-event.tool.json"), "utf8")).toBe(rowText);
  });
});

describe("n8n workflows: the node's Description is the tool's", () => {
  test("a Description over OpenAI's limit: shortened in the node's parameters, its request unchanged", async () => {
    const original = workflow(LONG);
    const path = project("assistant.json", original);
    const { before, after, report } = await fixed(path, ["openai"], { limit: 3 });
    expect(rejections(report.diagnostics)).toEqual([]);
    expect(after).toEqual(before);
    expect(before.some((r) => r.url === `${BASE}/events?limit=3`)).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(
      original.replace(JSON.stringify(LONG), JSON.stringify(shortenAtWord(LONG, 1024))),
    );
  });

  test("a Description written as an expression: not fixed, and the finding says why", async () => {
    const path = project("assistant.json", workflow(`=${LONG}`));
    const [finding] = rejections((await checked(path, ["openai"])).diagnostics);
    expect(finding?.fix?.notFixable).toBe("the node's Description is an n8n expression: shorten it in n8n");
  });

  test("a tool name is its node's title, which connections name: not fixed, and the finding says why", async () => {
    const text = workflow("Use this when you need to get events").replaceAll(
      '"get_events"',
      '"2 get events"',
    );
    const path = project("assistant.json", text);
    const [finding] = rejections((await checked(path, ["gemini"])).diagnostics);
    expect(finding?.fix?.notFixable).toBe(
      "the tool's name is its n8n node's title, which the workflow's connections name: rename the node in n8n",
    );
  });
});

const TAG_SPEC = {
  openapi: "3.0.0",
  info: { title: "Tags", version: "1" },
  servers: [{ url: "https://tags.example.com" }],
  paths: {
    "/tags": {
      post: {
        operationId: "tagEvents",
        description: "Tags events.",
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { texts: { type: "array" } } },
            },
          },
        },
        responses: { "200": { description: "tagged" } },
      },
    },
  },
};

describe("what the config cannot say without changing the request: not fixed, and the finding says why", () => {
  test("an OpenAPI toolkit's operation schema (an array without items): its config has no override", async () => {
    const path = project("tags.yaml", "kind: openapi-toolkit\nspec: ./tags.json\n");
    writeFileSync(join(path, "..", "tags.json"), JSON.stringify(TAG_SPEC));
    const [finding] = rejections((await checked(path, ["openai"])).diagnostics);
    expect(finding?.message).toContain("array schema missing items");
    expect(finding?.fix).toMatchObject({
      changes: [],
      notFixable:
        "an OpenAPI toolkit's tools are its spec's operations, and its config has no per-operation override: change the spec",
    });
    const before = readFileSync(path, "utf8");
    const { fix } = await fixed(path, ["openai"], {});
    expect(fix.findings).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  test("a request tool's optional param under OpenAI's strict mode: making it required would change the calls", async () => {
    const path = project(
      "events.yaml",
      YAML.replace(LONG, "Find events").replace("name: 2fa_events", "name: find_events"),
    );
    const [finding] = rejections((await checked(path, ["openai-strict"])).diagnostics);
    expect(finding?.message).toContain("'required' is required to be supplied");
    expect(finding?.fix?.notFixable).toBe(
      "tooldeck's runtime writes this part of the schema from the config's types: no field of the config says it otherwise",
    );
  });

  test("a Custom Tool's property Anthropic refuses: its code reads it, so the row and the code change together", async () => {
    const row = JSON.parse(
      readFileSync(packagePath("fixtures/flowise/custom-tool-agent/update-event.tool.json"), "utf8"),
    );
    row.schema = row.schema.replace('"property": "location"', '"property": "event location"');
    const path = project("update-event.tool.json", JSON.stringify(row, null, 2));
    const [finding] = rejections((await checked(path, ["anthropic"])).diagnostics);
    expect(finding?.message).toContain("Property keys should match pattern");
    expect(finding?.fix?.notFixable).toBe(
      "event location is the $event location the Custom Tool's code reads: rename its schema row and the code together in Flowise",
    );
  });

  test("an n8n $fromAI value with a default under OpenAI's strict mode: its call decides the value sent", async () => {
    const path = project("assistant.json", workflow("Use this when you need to get events"));
    const found = rejections((await checked(path, ["openai-strict"])).diagnostics);
    expect(found.find((d) => d.tool === "get_events")?.fix?.notFixable).toBe(
      "n8n builds this schema from the node's $fromAI calls and placeholders, whose types and names decide the values sent: change them in n8n",
    );
  });

  test("an empty description Bedrock refuses: --fix does not make one up", async () => {
    const path = project(
      "events.yaml",
      YAML.replace(LONG, "").replace("name: 2fa_events", "name: find_events"),
    );
    const [finding] = rejections((await checked(path, ["bedrock"])).diagnostics);
    expect(finding?.message).toContain("Member must have length greater than or equal to 1");
    expect(finding?.fix?.notFixable).toBe("--fix does not make up a description: write one");
  });

  test("a Flowise body field typed array, sent without items: the config has no field for its item type", async () => {
    const config = `kind: request
method: POST
name: tag_events
description: Tags events
url: "{{$vars.base_url}}/tags"
bodySchema:
  tags: { type: array, required: true, description: The tags }
`;
    const path = project("tags.yaml", config);
    const report = await check(load(path), { profile: "flowise", providers: ["openai", "gemini"] });
    expect(rejections(report.diagnostics).map((d) => [d.message.split(":")[0], d.fix?.notFixable])).toEqual([
      [
        "openai [openai/array-items]",
        "tags is typed array, and a request tool's schema has no field for its item type",
      ],
      [
        "gemini [gemini/array-items]",
        "tags is typed array, and a request tool's schema has no field for its item type",
      ],
    ]);
  });
});
