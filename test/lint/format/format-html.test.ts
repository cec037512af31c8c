import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { formatHtml } from "../../../src/lint/format/format-html.js";
import type { CheckReport } from "../../../src/lint/report.js";
import { createSecretMasker } from "../../../src/secrets/secret-masker.js";

/** A pull request's tools, written to run script in whoever opens the report. */
const hostile: CheckReport = {
  profile: "standard",
  tools: [
    {
      name: "<img src=x onerror=alert(1)>",
      file: "tools/<svg onload=alert(2)>.yaml",
      path: "[0]",
      sent: "GET http://e/<b>bold</b> → 200",
      given: {
        description: "<script>alert(3)</script>",
        inputSchema: {
          type: "object",
          properties: { q: { type: "string", description: "</script><script>alert(4)</script>" } },
        },
      },
      exchange: {
        request: { method: "GET", url: "http://e/x?<i>=1", headers: { "X-Note": "<iframe src=//evil>" } },
        response: {
          status: 200,
          statusText: "OK",
          headers: {},
          body: '{"html":"</pre><script>alert(5)</script>"}',
        },
        output: "<style>body{display:none}</style>",
      },
    },
  ],
  diagnostics: [
    {
      code: "operation-not-found",
      severity: "error",
      tool: "<img src=x onerror=alert(1)>",
      file: "tools/<svg onload=alert(2)>.yaml",
      path: "[0].url",
      message: '"><script>alert(6)</script>',
      suggestion: "<a href=javascript:alert(7)>click</a>",
      fix: { description: "<u>fix</u>", changes: [{ path: "[0].method", value: "</script>" }] },
    },
  ],
};

/** The page's own script and style: the only ones there may be. */
function inline(page: string, tag: "script" | "style"): string[] {
  return [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => match[1] ?? "");
}

describe("formatHtml", () => {
  test("every text from input is escaped: no tag of it reaches the page", () => {
    const page = formatHtml(hostile);
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page.match(/<style/g)).toHaveLength(1);
    for (const tag of ["<img", "<svg", "<iframe", "<a href=javascript", "<b>bold", "<u>", "<i>="])
      expect(page).not.toContain(tag);
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(page).toContain("&lt;script&gt;alert(3)&lt;/script&gt;");
    // JSON written into the page (the schema, a body, a fix's value): its </script> is text too.
    expect(page).toContain("&lt;/script&gt;&lt;script&gt;alert(4)&lt;/script&gt;");
    expect(page).toContain("&lt;/pre&gt;&lt;script&gt;alert(5)&lt;/script&gt;");
    expect(page).toContain("[0].method: &quot;&lt;/script&gt;&quot;");
  });

  test("the policy lets nothing load and runs only the page's own script and style, by their hashes", () => {
    const page = formatHtml(hostile);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? "";
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(policy.split("; ")).toEqual([
      "default-src 'none'",
      `style-src ${hash(inline(page, "style")[0] ?? "")}`,
      `script-src ${hash(inline(page, "script")[0] ?? "")}`,
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    // Nothing is fetched: no address the page would load from (a `#` link stays in the page).
    expect(page).not.toMatch(/\b(?:src|href)="(?!https:\/\/github\.com|#)/);
  });

  test("findings carry their severity and rule for the filters, their docs link, suggestion and fix", () => {
    const page = formatHtml(hostile, { docsUrl: (code) => `https://docs.example/rules#${code}` });
    expect(page).toContain(
      '<li class="finding" id="first-error" data-severity="error" data-rule="operation-not-found">',
    );
    expect(page).toContain(
      '<a class="mono" href="https://docs.example/rules#operation-not-found" target="_blank" rel="noreferrer noopener">operation-not-found</a>',
    );
    expect(page).toContain('<p class="suggestion">&lt;a href=javascript:alert(7)&gt;click&lt;/a&gt;</p>');
    expect(page).toContain('<p class="fix">fixable with --fix: &lt;u&gt;fix&lt;/u&gt;</p>');
    expect(page).toContain('<option value="operation-not-found">operation-not-found (1)</option>');
    expect(page).toContain('value="error" checked> error (1)');
  });

  test("credential headers and query parameters are redacted, whatever they hold", () => {
    const page = formatHtml({
      ...hostile,
      tools: [
        {
          name: "t",
          file: "f.yaml",
          path: "",
          exchange: {
            request: {
              method: "GET",
              url: "http://e/x?api_key=abc123secret&q=1",
              headers: { Authorization: "Basic dXNlcjpwYXNz" },
            },
            output: "",
          },
        },
      ],
    });
    expect(page).not.toContain("abc123secret");
    expect(page).not.toContain("dXNlcjpwYXNz");
    expect(page).toContain("http://e/x?api_key=[redacted]&amp;q=1");
  });

  test("a secret is masked before it is escaped: escaped, it would no longer be found", () => {
    const secret = "pa's&w<rd-9";
    const mask = createSecretMasker([{ value: secret, replacement: "***" }]);
    const report: CheckReport = {
      profile: "standard",
      tools: [
        {
          name: "t",
          file: "f.yaml",
          path: "",
          exchange: {
            request: { method: "POST", url: "http://e/x", headers: {}, body: `{"token":"${secret}"}` },
            output: `echo ${secret}`,
          },
        },
      ],
      diagnostics: [],
    };
    // What masking stdout alone would leave: the escaped spelling.
    expect(mask(formatHtml(report))).toContain("pa&#39;s&amp;w&lt;rd-9");
    const page = formatHtml(report, { mask });
    expect(page).not.toContain("pa&#39;s");
    expect(page).toContain("echo ***");
  });

  test("each tool has an anchor, unique when two flows have a tool of one name", () => {
    const tool = (name: string, file: string) => ({ name, file, path: "" });
    const page = formatHtml({
      profile: "flowise",
      tools: [
        tool("update_event", "flows/a.json"),
        tool("update_event", "flows/b.json"),
        tool("Update Event", "flows/b.json"),
        tool("update_event-2", "flows/c.json"),
      ],
      diagnostics: [],
    });
    const ids = [...page.matchAll(/<article class="entry" id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([
      "tool-update_event",
      "tool-update_event-2",
      "tool-Update_Event",
      "tool-update_event-2-2",
    ]);
    expect(page).toContain('<h3><a class="anchor" href="#tool-update_event-2">update_event</a>');
  });

  test("each count of the summary links to the first finding of its severity; a count of 0 links nowhere", () => {
    const finding = (severity: "error" | "warning", tool: string) => ({
      code: "rule",
      severity,
      tool,
      file: "tools/x.yaml",
      path: "",
      message: `${severity} of ${tool}`,
    });
    const page = formatHtml({
      profile: "standard",
      tools: [],
      diagnostics: [finding("warning", "a"), finding("error", "b"), finding("warning", "c")],
    });
    expect(page).toContain(
      '✖ 3 problems (<a href="#first-error" data-only-severity="error">1 error</a>, <a href="#first-warning" data-only-severity="warning">2 warnings</a>, 0 infos) in 0 tools (profile standard)</p>',
    );
    expect(page.match(/id="first-warning"/g)).toHaveLength(1);
    expect(/id="first-warning"[\s\S]*?<\/li>/.exec(page)?.[0]).toContain("a: warning of a");
  });

  test("a report without details still shows every tool, finding and the summary", () => {
    const page = formatHtml({
      profile: "flowise",
      tools: [{ name: "get_events", file: "tools/get.yaml", path: "" }],
      diagnostics: [],
      ruleOverrides: { source: "tooldeck.config.yaml", off: ["probe"], downgraded: [] },
    });
    expect(page).toContain("✔ no problems in 1 tool (profile flowise)");
    expect(page).toContain("<li>rules turned off by tooldeck.config.yaml: probe</li>");
    expect(page).toContain('<p class="muted">no findings</p>');
    expect(page).not.toContain("<details");
  });
});
