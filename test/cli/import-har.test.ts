import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { harEntry, harOf } from "../support/har.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** Recorded once by Debian's Chromium (scripts/capture-har.js) while a page called tooldeck serve. */
const BROWSER_CAPTURE = packagePath("fixtures", "traffic", "browser-capture.har");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("tooldeck import har", () => {
  test("a real browser's capture becomes a scenario that replays green, in run --ci too", async () => {
    const dir = hostileProject();
    copyFileSync(BROWSER_CAPTURE, join(dir, "capture.har"));
    const imported = await tooldeckIn(dir, ["import", "har", "capture.har"]);
    expect(imported.stderr).toBe("note: 1 HAR entry left out: a page, script, style, image or font\n");
    expect(imported.stdout).toBe(
      [
        "imported 8 calls: scenarios/capture.yaml, scenarios/traffic/capture.tools.json, scenarios/traffic/capture.traffic.json",
        "recorded scenarios/cassettes/capture.standard.cassette.json",
        "it replays green: tooldeck run scenarios/capture.yaml",
        "",
      ].join("\n"),
    );
    expect(imported.exit).toBe(0);
    const scenario = load(readFileSync(join(dir, "scenarios", "capture.yaml"), "utf8")) as {
      expect: { calls: { tool: string; status: number }[] };
    };
    // The browser's calls, with the statuses tooldeck serve gave the browser: the replay meets each one.
    expect(scenario.expect.calls).toEqual([
      { tool: "get_events", status: 200 },
      { tool: "get_events_by_event_id", status: 200 },
      { tool: "get_events_by_event_id", status: 404 },
      { tool: "post_events", status: 201 },
      { tool: "patch_events_by_event_id", status: 200 },
      { tool: "put_events", status: 404 },
      { tool: "delete_events_by_event_id", status: 204 },
      { tool: "get_events", status: 200 },
    ]);
    const run = await tooldeckIn(dir, ["run", "--ci"]);
    expect(run.stdout).toContain("✓ capture [standard] — 8 calls, replayed  scenarios/capture.yaml");
    expect(run.exit).toBe(0);
  });

  test("another host replays from the recorded answers, secrets masked in every file written", async () => {
    const api = "https://api.mycompany.com";
    const secret = "sk-live-4f3c2b1a";
    const dir = hostileProject({
      "capture.har": JSON.stringify(
        harOf([
          harEntry({
            url: `${api}/pets?limit=2`,
            requestHeaders: { Authorization: `Bearer ${secret}` },
            responseBody: '[{"id":1}]',
          }),
          harEntry({
            method: "POST",
            url: `${api}/pets`,
            requestHeaders: { Authorization: `Bearer ${secret}` },
            requestBody: JSON.stringify({ name: "Rex", password: secret }),
            status: 201,
            responseBody: '{"id":2,"name":"Rex"}',
          }),
        ]),
      ),
    });
    const imported = await tooldeckIn(dir, ["import", "har", "capture.har", "--name", "pets"]);
    expect(imported.exit).toBe(0);
    for (const file of filesUnder(join(dir, "scenarios")))
      expect(readFileSync(file, "utf8")).not.toContain(secret);
    const tools = JSON.parse(readFileSync(join(dir, "scenarios", "traffic", "pets.tools.json"), "utf8"));
    expect(tools[0]).toMatchObject({
      name: "get_pets",
      url: `${api}/pets`,
      headers: { authorization: "{{$vars.authorization}}" },
      queryParamsSchema: { limit: { type: "string", in: "query", required: true } },
    });
    expect((await tooldeckIn(dir, ["run", "--ci"])).exit).toBe(0);
  });

  test("a tool changed after the import no longer replays: the recorded answers never had its call", async () => {
    const dir = hostileProject();
    copyFileSync(BROWSER_CAPTURE, join(dir, "capture.har"));
    await tooldeckIn(dir, ["import", "har", "capture.har"]);
    const file = join(dir, "scenarios", "traffic", "capture.tools.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"method": "PATCH"', '"method": "PUT"'));
    const run = await tooldeckIn(dir, ["run", "--ci"]);
    expect(run.exit).toBe(1);
    expect(run.stdout).toContain("stale cassette (tool patch_events_by_event_id changed)");
    expect(run.stdout).toContain("- PATCH http://127.0.0.1:5566/events/1");
    expect(run.stdout).toContain("+ PUT http://127.0.0.1:5566/events/1");
  });

  test("usage: the kind, the files, and a capture with no API call are one-line errors", async () => {
    const dir = hostileProject({
      "page.har": JSON.stringify(harOf([harEntry({ url: "https://a.test/", mimeType: "text/html" })])),
    });
    expect((await tooldeckIn(dir, ["import", "postman", "x.json"])).stderr).toBe(
      "tooldeck import: expected 'import har FILE…', got 'postman'\n",
    );
    expect((await tooldeckIn(dir, ["import", "har"])).stderr).toBe(
      "tooldeck import: import har needs the HAR file(s) to import\n",
    );
    const empty = await tooldeckIn(dir, ["import", "har", "page.har"]);
    expect([empty.exit, empty.stderr.split("\n").at(-2)]).toEqual([
      2,
      "tooldeck import: no API calls to import in page.har",
    ]);
  });
});

describe("import har and infer --out never overwrite a file the user may have edited", () => {
  test("a second import har --name capture keeps the edited scenario, says so, and writes nothing", async () => {
    const dir = hostileProject();
    copyFileSync(BROWSER_CAPTURE, join(dir, "capture.har"));
    expect((await tooldeckIn(dir, ["import", "har", "capture.har", "--name", "capture"])).exit).toBe(0);
    const scenario = join(dir, "scenarios", "capture.yaml");
    const edited = `${readFileSync(scenario, "utf8")}# my notes\n`;
    writeFileSync(scenario, edited);
    const tools = readFileSync(join(dir, "scenarios", "traffic", "capture.tools.json"), "utf8");
    const again = await tooldeckIn(dir, ["import", "har", "capture.har", "--name", "capture"]);
    expect(again.stderr).toContain(
      "tooldeck import: scenarios/capture.yaml exists: give --force to replace it (tooldeck never overwrites a file you may have edited)\n",
    );
    expect(again.exit).toBe(2);
    expect(readFileSync(scenario, "utf8")).toBe(edited);
    expect(readFileSync(join(dir, "scenarios", "traffic", "capture.tools.json"), "utf8")).toBe(tools);
    const forced = await tooldeckIn(dir, ["import", "har", "capture.har", "--name", "capture", "--force"]);
    expect(forced.exit).toBe(0);
    expect(readFileSync(scenario, "utf8")).not.toContain("# my notes");
  });

  test("infer --out mine.yaml refuses a hand-written file, and --force replaces it", async () => {
    const dir = hostileProject();
    copyFileSync(BROWSER_CAPTURE, join(dir, "capture.har"));
    writeFileSync(join(dir, "mine.yaml"), "# written by hand\n");
    const refused = await tooldeckIn(dir, ["infer", "capture.har", "--out", "mine.yaml"]);
    expect(refused.stderr).toContain("mine.yaml exists: give --force to replace it");
    expect(refused.exit).toBe(2);
    expect(readFileSync(join(dir, "mine.yaml"), "utf8")).toBe("# written by hand\n");
    const forced = await tooldeckIn(dir, ["infer", "capture.har", "--out", "mine.yaml", "--force"]);
    expect(forced.exit).toBe(0);
    expect(readFileSync(join(dir, "mine.yaml"), "utf8")).toContain("openapi: 3.1.0");
  });
});
