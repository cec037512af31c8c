import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { FetchLike } from "../../../src/net/fetch-like.js";
import type { CustomToolSchemaRow } from "../../../src/platforms/flowise/custom-tool/custom-tool-row.js";
import { createCustomToolExecutable } from "../../../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import {
  createCaptureService,
  NO_DNS,
} from "../../../test/platforms/flowise/custom-tool/run/custom-tool-harness.js";
import { sharedFixture } from "../../support/shared-fixture.js";

/**
 * Flowise's 13 marketplace Custom Tools (`shared/fixtures/flowise/custom-tools/`), run with code allowed
 * under the flowise profile against an in-process capture service: the request each one sends is the
 * one reference/flowise-custom-tool.md §10 lists [tpl-*]. The webhook templates' `YOUR-WEBHOOK-URL` is
 * replaced by a URL, as the reference's harness replaced their hosts.
 */
interface Template {
  name: string;
  description: string;
  schema: string;
  func: string;
}

function loadTemplate(file: string): Template {
  return JSON.parse(
    readFileSync(sharedFixture("flowise", "custom-tools", `${file}.json`), "utf8"),
  ) as Template;
}

async function runTemplate(file: string, args: Record<string, unknown>, fetch?: FetchLike) {
  const template = loadTemplate(file);
  const capture = createCaptureService();
  const tool = createCustomToolExecutable(
    {
      name: template.name,
      description: template.description,
      schema: JSON.parse(template.schema) as CustomToolSchemaRow[],
      func: template.func.replace("YOUR-WEBHOOK-URL", "https://hooks.test/webhook"),
    },
    { profile: "flowise", allowCode: true, fetch: fetch ?? capture.fetch, resolveHost: NO_DNS },
    { timeoutMs: 2000 },
  );
  const result = await tool.invoke(args);
  return {
    result,
    seen: capture.seen.map(({ method, url, headers, body }) => ({
      method,
      url,
      headers,
      body: body && JSON.parse(body),
    })),
  };
}

const JSON_TYPE = { "content-type": "application/json" };

describe("the marketplace templates' requests [tpl-*]", () => {
  test.each([
    [
      "Add Hubspot Contact",
      { email: "a@b.c", firstname: "Ada", lastname: "L" },
      "POST",
      "https://api.hubapi.com/crm/v3/objects/contacts",
      { authorization: "Bearer YOUR-TOKEN", ...JSON_TYPE },
      { properties: { email: "a@b.c", firstname: "Ada", lastname: "L" } },
    ],
    [
      "Create Airtable Record",
      { column1: "a", column2: "b" },
      "POST",
      "https://api.airtable.com/v0/YOUR-BASE-ID/YOUR-TABLE-ID",
      { authorization: "Bearer YOUR-TOKEN", ...JSON_TYPE },
      { records: [{ fields: { column1: "a", column2: "b" } }] },
    ],
    [
      "Get Stock Mover",
      {},
      "GET",
      "https://morning-star.p.rapidapi.com/market/v2/get-movers",
      { "x-rapidapi-key": "YOUR-API-KEY", "x-rapidapi-host": "morning-star.p.rapidapi.com" },
      "",
    ],
    [
      "Make Webhook",
      { message: "hi" },
      "POST",
      "https://hook.eu1.make.com/abcdefg",
      JSON_TYPE,
      { message: "hi" },
    ],
    [
      "Perplexity AI Search",
      { query: "q" },
      "POST",
      "https://api.perplexity.ai/chat/completions",
      { authorization: "Bearer", ...JSON_TYPE },
      {
        model: "sonar",
        messages: [
          { role: "system", content: "You are a market research assistant." },
          { role: "user", content: "q" },
        ],
      },
    ],
    [
      "Send Discord Message",
      { content: "hi" },
      "POST",
      "https://hooks.test/webhook?wait=true",
      JSON_TYPE,
      { content: "hi" },
    ],
    ["Send Slack Message", { text: "hi" }, "POST", "https://hooks.test/webhook", JSON_TYPE, { text: "hi" }],
    [
      "Send Teams Message",
      { content: "hi" },
      "POST",
      "https://hooks.test/webhook?wait=true",
      JSON_TYPE,
      { content: "hi" },
    ],
    [
      "SendGrid Email",
      { fromEmail: "f@x.y", toEmail: "t@x.y", subject: "s", content: "c" },
      "POST",
      "https://api.sendgrid.com/v3/mail/send",
      { authorization: "Bearer YOUR-API-KEY", ...JSON_TYPE },
      {
        personalizations: [{ to: [{ email: "t@x.y" }] }],
        from: { email: "f@x.y" },
        subject: "s",
        content: [{ type: "text/plain", value: "c" }],
      },
    ],
    [
      "Spider Web Scraper",
      { url: "https://example.com" },
      "POST",
      "https://api.spider.cloud/crawl",
      { authorization: "Bearer SPIDER_API_KEY", ...JSON_TYPE },
      { depth: 1, limit: 1, request: "smart", return_format: "text", url: "https://example.com" },
    ],
    [
      "Spider Web Search & Scrape",
      { query: "q" },
      "POST",
      "https://api.spider.cloud/search",
      { authorization: "Bearer SPIDER_API_KEY", ...JSON_TYPE },
      { search: "q", country: "us", language: "en", search_limit: 3 },
    ],
  ])("%s", async (file, args, method, url, headers, body) => {
    const { result, seen } = await runTemplate(file, args);
    expect(result.ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method,
      url,
      headers: { ...headers, "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)" },
    });
    if (typeof body === "string") expect(seen[0]?.body).toBe(body);
    else expect(seen[0]?.body).toMatchObject(body);
  });

  test("tpl-hubspot-email-only: the model leaves firstname out, and the template fails before sending", async () => {
    const { result, seen } = await runTemplate("Add Hubspot Contact", { email: "a@b.c" });
    expect(result.output).toBe("NodeVM Execution Error: ReferenceError: $firstname is not defined");
    expect(seen).toEqual([]);
  });

  test("Perplexity's non-2xx answer, in the template's words", async () => {
    const failing: FetchLike = async () =>
      Response.json({ error: "down" }, { status: 500, statusText: "Internal Server Error" });
    const { result } = await runTemplate("Perplexity AI Search", { query: "q" }, failing);
    expect(result.output).toBe(
      'Error occurred while fetching data from Perplexity AI: API error: 500 Internal Server Error - {"error":"down"}',
    );
  });

  test("Get Current DateTime sends nothing and returns JSON text (QuickJS has no Intl: the time is not Sydney's)", async () => {
    const { result, seen } = await runTemplate("Get Current DateTime", {});
    expect(seen).toEqual([]);
    expect(JSON.parse(result.output)).toMatchObject({ timezone: "Australia/Sydney" });
  });

  test("Print or Export Text Document: the only template that guards its optional arguments; $input is ''", async () => {
    const { seen } = await runTemplate("Print or Export Text Document", { inType: "md", outType: "pdf" });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "https://jotterpad.app/publicApi/v1/exports/upload/md/pdf",
      headers: { authorization: "Apikey API_KEY" },
      body: { metadata: "", name: "Untitled Document", input: expect.stringMatching(/---\n\n$/) },
    });
  });
});
