import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { serve } from "../../src/emulator/serve.js";
import { ToolDeckError } from "../../src/errors.js";
import { checkProject } from "../../src/index.js";
import type { CheckReport } from "../../src/lint/report.js";
import { packagePath } from "../../src/package/package-root.js";

// Relative paths are the project's, as `npm start` sees them.
const cwd = process.cwd();
beforeAll(() => process.chdir(packagePath()));
afterAll(() => process.chdir(cwd));

function copyOfTools(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-check-project-"));
  cpSync(packagePath("tools"), dir, { recursive: true });
  return dir;
}

const findings = (report: CheckReport) => report.diagnostics.map((d) => `${d.tool} ${d.code}`);
const sent = (report: CheckReport) => report.tools.map((tool) => `${tool.name}: ${tool.sent}`);

describe("checkProject: what tooldeck check runs, as one call", () => {
  test("lint only (target false): the static findings, nothing sent", async () => {
    const { report, loadFailed } = await checkProject({ paths: ["tools/"], target: false });
    expect(loadFailed).toBe(false);
    expect(report.profile).toBe("standard");
    expect(report.tools).toHaveLength(9);
    expect(report.tools.every((tool) => tool.sent === undefined)).toBe(true);
    expect(findings(report)).toContain("update_event operation-not-found");
    expect(findings(report)).not.toContain("update_event probe");
  });

  test("default: probes against the embedded emulator find update_event's PUT /events", async () => {
    const notes: string[] = [];
    const { report } = await checkProject({ paths: ["tools/"], onNote: (note) => notes.push(note) });
    const update = report.diagnostics.filter((d) => d.tool === "update_event" && d.severity === "error");
    expect(update.map((d) => `${d.code}: ${d.message}`)).toEqual([
      "operation-not-found: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
    ]);
    // The probe's 404 is the same cause: folded into the finding, not repeated.
    expect(update[0]?.related).toEqual([
      {
        code: "probe",
        severity: "error",
        path: "[2]",
        message: 'PUT /events answered 404 {"error":"Endpoint not found"}',
      },
    ]);
    expect(sent(report)).toContain(
      "update_event: PUT http://events.tooldeck.internal/events → 404 (embedded emulator)",
    );
    expect(notes).toEqual([]);
  });

  test("the same report as the CLI's: rules given in code take their severities", async () => {
    const { report } = await checkProject({
      paths: ["tools/"],
      rules: { "operation-not-found": "warning", probe: "off" },
    });
    expect(report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(findings(report)).not.toContain("update_event probe");
    expect(report.ruleOverrides).toEqual({
      source: "the rules option",
      off: ["probe"],
      downgraded: [{ rule: "operation-not-found", from: "error", to: "warning" }],
    });
  });

  test("requiredSettingsFile holds the rules given in code to a trusted file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-required-"));
    const trusted = join(dir, "trusted.yaml");
    writeFileSync(trusted, "rules:\n  probe: off\n");
    const same = await checkProject({
      paths: ["tools/"],
      target: false,
      rules: { probe: "off" },
      requiredSettingsFile: trusted,
    });
    expect(same.report.ruleOverrides?.off).toEqual(["probe"]);
    await expect(
      checkProject({
        paths: ["tools/"],
        target: false,
        rules: { probe: "warning" },
        requiredSettingsFile: trusted,
      }),
    ).rejects.toThrow(
      new ToolDeckError(
        "load",
        `the rules option differs from --config-required ${trusted} (rules.probe: warning, required off)`,
      ),
    );
  });

  test("an unknown rule id in code is a usage error, as in a settings file", async () => {
    await expect(checkProject({ paths: ["tools/"], rules: { "operation-not-fund": "off" } })).rejects.toThrow(
      /^rules\.operation-not-fund: no such rule, did you mean operation-not-found\? \(rules: operation-not-found, /,
    );
  });

  test("fix rewrites a copied config, keeps its comments, and the last run is clean", async () => {
    const dir = copyOfTools();
    const fixed: string[] = [];
    const { report } = await checkProject({
      paths: [dir],
      fix: { onFixed: (files) => fixed.push(...files.map((f) => f.file)) },
    });
    expect(fixed).toContain(join(dir, "request-tools.yaml"));
    const text = readFileSync(join(dir, "request-tools.yaml"), "utf8");
    expect(text).toContain("# update_event is kept exactly as the tutorial ships it");
    expect(text).toContain('url: "{{$vars.base_url}}/events/:id"');
    // Left: the limit param nothing declares, whose removal would take an argument from the model.
    expect(report.diagnostics.filter((d) => d.severity !== "info").map((d) => d.fix?.changesTool)).toEqual([
      "it drops the argument limit the model could send",
    ]);
  });

  test("onSecret hears the secret variables once the configs are loaded, and only those", async () => {
    const tools = loadToolConfigs(["tools/request-tools.yaml"]);
    const config = tools.tools[0]?.config;
    if (config?.kind !== "request") throw new Error("the tutorial's first tool is a request tool");
    config.headers = { Authorization: "AWS {{$vars.aws}}" };
    const heard: string[] = [];
    await checkProject({
      tools,
      target: false,
      vars: { aws: "wJalrXUt/K7MDENG", region: "Tech", pinned: "p-123", api_key: "k-123" },
      secretVars: ["pinned"],
      onSecret: (secret) => heard.push(secret),
    });
    expect(heard).toEqual(["wJalrXUt/K7MDENG", "p-123", "k-123"]);
  });

  test("tools already loaded are checked as given; fix needs paths", async () => {
    const tools = loadToolConfigs(["tools/request-tools.yaml"]);
    const { report } = await checkProject({ tools, spec: "tools/event-api.openapi.yaml", target: false });
    expect(report.tools.map((tool) => tool.name)).toEqual([
      "get_events",
      "create_event",
      "update_event",
      "delete_event",
    ]);
    await expect(checkProject({ tools, fix: true })).rejects.toThrow(
      "fix reads the configs again after each pass: give paths, not tools",
    );
  });

  test("a Flowise export is judged under flowise unless a profile is given", async () => {
    const flow = "fixtures/flowise/requests-chatflow.json";
    const judged = await checkProject({ paths: [flow], target: false });
    expect(judged.report.profile).toBe("flowise");
    const standard = await checkProject({ paths: [flow], target: false, profile: "standard" });
    expect(standard.report.profile).toBe("standard");
  });
});

describe("checkProject: broken setup throws, a broken config is a finding", () => {
  test("a folder without tools: the CLI's 'no tools found in …'", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-empty-"));
    await expect(checkProject({ paths: [dir] })).rejects.toThrow(`no tools found in ${dir}`);
    const allowed = await checkProject({ paths: [dir], allowEmpty: true });
    expect(allowed.report.tools).toEqual([]);
  });

  test("a path that does not exist is a load failure in the report", async () => {
    const { report, loadFailed } = await checkProject({ paths: ["nope/"] });
    expect(loadFailed).toBe(true);
    expect(report.diagnostics).toEqual([
      {
        code: "config-invalid",
        severity: "error",
        tool: "",
        file: "nope/",
        path: "",
        message: "no such file or folder",
      },
    ]);
  });

  test("a spec that cannot be read throws a load error naming it", async () => {
    await expect(checkProject({ paths: ["tools/"], spec: "/nonexistent/api.yaml" })).rejects.toThrow(
      /^\/nonexistent\/api\.yaml: /,
    );
  });
});

describe("checkProject against a real service (baseUrl)", () => {
  test("reads only, unless allowWrites", async () => {
    const server = await serve(createEventService().fetch, { port: 0 });
    try {
      const paths = ["tools/request-tools.yaml"];
      const reads = await checkProject({ paths, target: { baseUrl: `${server.url}/` } });
      expect(sent(reads.report)).toEqual([
        `get_events: GET ${server.url}/events/1?limit=2 → 200 (--base-url)`,
        "create_event: POST not probed (writes need --allow-writes)",
        "update_event: PUT not probed (writes need --allow-writes)",
        "delete_event: DELETE not probed (writes need --allow-writes)",
      ]);
      const writes = await checkProject({ paths, target: { baseUrl: server.url }, allowWrites: true });
      expect(sent(writes.report)).toEqual([
        `get_events: GET ${server.url}/events/1?limit=2 → 200 (--base-url)`,
        `create_event: POST ${server.url}/events → 201 (--base-url; removed after by DELETE /events/{id})`,
        "update_event: PUT not probed (nothing would undo it on a real service)",
        `delete_event: DELETE ${server.url}/events/{id} → 204 (--base-url; {id} made by POST /events)`,
      ]);
    } finally {
      await server.close();
    }
  });

  test("a base URL that is not http(s) is a usage error", async () => {
    await expect(checkProject({ paths: ["tools/"], target: { baseUrl: "file:///etc" } })).rejects.toThrow(
      "--base-url must be an http(s) URL, got 'file:///etc'",
    );
  });
});
