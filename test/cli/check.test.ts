import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { createFlowiseEmulator } from "../../src/emulator/flowise/flowise-emulator.js";
import { serve } from "../../src/emulator/serve.js";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeck, tooldeckWithEnv } from "../support/run-tooldeck.js";

function copyOfTools(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-check-"));
  cpSync(packagePath("tools"), dir, { recursive: true });
  return dir;
}

describe("tooldeck check on tools/ (what npm start shows)", () => {
  test("stylish: the update_event error with its fix, the limit and date warnings, the other probes pass", async () => {
    const { exit, stdout } = await tooldeck("check", "--fail-on", "none");
    expect(exit).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "tools/event-toolkit.yaml
        listEvents  GET http://localhost:5566/events → 200 (embedded emulator)
        createEvent  POST http://localhost:5566/events → 201 (embedded emulator)
        getEventById  GET http://localhost:5566/events/1 → 200 (embedded emulator)
        updateEventDetails  PATCH http://localhost:5566/events/1 → 200 (embedded emulator)
        deleteEvent  DELETE http://localhost:5566/events/1 → 204 (embedded emulator)

      tools/request-tools.yaml
        get_events  GET http://events.tooldeck.internal/events/1?limit=2 → 200 (embedded emulator)
          warning query param limit is not declared by GET /events/{id} (getEventById) or GET /events (listEvents): the service ignores it  undeclared-query-param
                  at tools/request-tools.yaml:15:5 ([0].queryParamsSchema.limit)
                  → remove limit, or document it in the OpenAPI description if the service reads it
                  suggested fix (--fix-suggestions): remove queryParamsSchema.limit — it drops the argument limit the model could send
        create_event  POST http://events.tooldeck.internal/events → 201 (embedded emulator)
          warning date must be an ISO 8601 date-time in POST /events (createEvent), and nothing tells the LLM: a guess like "2024-07-15" is rejected  undisclosed-format
                  at tools/request-tools.yaml:34:7 ([1].bodySchema.date.description)
                  → say it in the description: "Date of the event, an ISO 8601 date-time (e.g. 2024-07-15T18:00:00Z)"
                  fixable with --fix: say in the description that date is an ISO 8601 date-time
        update_event  PUT http://events.tooldeck.internal/events → 404 (embedded emulator)
          error   PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)  operation-not-found
                  at tools/request-tools.yaml:47:3 ([2].url)
                  probe error: PUT /events answered 404 {"error":"Endpoint not found"}
                  → call PATCH /events/{id} (updateEventDetails): PATCH {{$vars.base_url}}/events/:id with a required id path param
                  fixable with --fix: PATCH {{$vars.base_url}}/events/:id with a required id path param
        delete_event  DELETE http://events.tooldeck.internal/events/1 → 204 (embedded emulator)

      ✖ 3 problems (1 error, 2 warnings, 0 infos) in 9 tools (profile standard)
      "
    `);
  });

  test("exit 1 by default when an error is found", async () => {
    expect((await tooldeck("check")).exit).toBe(1);
    expect((await tooldeck("check", "--fail-on", "warning", "--no-probe")).exit).toBe(1);
  });

  test("json: the same findings for machines", async () => {
    const { stdout } = await tooldeck("check", "--format", "json", "--fail-on", "none");
    const report = JSON.parse(stdout);
    expect(report.summary).toBe("3 problems (1 error, 2 warnings, 0 infos) in 9 tools");
    expect(
      report.diagnostics.filter((d: { severity: string }) => d.severity === "error"),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "operation-not-found",
          "column": 3,
          "file": "tools/request-tools.yaml",
          "fix": {
            "changes": [
              {
                "path": "[2].method",
                "value": "PATCH",
              },
              {
                "path": "[2].url",
                "value": "{{$vars.base_url}}/events/:id",
              },
              {
                "path": "[2].queryParamsSchema.id",
                "value": {
                  "description": "ID of the event",
                  "in": "path",
                  "required": true,
                  "type": "string",
                },
              },
            ],
            "configPath": "[2]",
            "description": "PATCH {{$vars.base_url}}/events/:id with a required id path param",
          },
          "line": 47,
          "message": "PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
          "path": "[2].url",
          "related": [
            {
              "code": "probe",
              "message": "PUT /events answered 404 {"error":"Endpoint not found"}",
              "path": "[2]",
              "severity": "error",
            },
          ],
          "severity": "error",
          "suggestion": "call PATCH /events/{id} (updateEventDetails): PATCH {{$vars.base_url}}/events/:id with a required id path param",
          "tool": "update_event",
        },
      ]
    `);
  });

  test("flowise: the toolkit's localhost server is refused by Flowise's host policy; its default code returns ''", async () => {
    const { stdout } = await tooldeck("check", "--profile", "flowise", "--format", "json");
    const messages = JSON.parse(stdout).diagnostics.map(
      (d: { tool: string; message: string }) => `${d.tool}: ${d.message}`,
    );
    expect(messages).toContain(
      `listEvents: GET /events? got no answer: isDeniedIP: Error: Access to this host is denied by policy. (Flowise's default code returns "")`,
    );
  });

  test("flowise: the toolkit's by-id tools lose their id, the update suggestion names an HTTP node", async () => {
    // HTTP_SECURITY_CHECK=false, as Flowise reads it: the toolkit reaches its localhost server.
    const env = { HTTP_SECURITY_CHECK: "false" };
    const { stdout } = await tooldeckWithEnv(env, "check", "--profile", "flowise", "--format", "json");
    const report = JSON.parse(stdout);
    const messages = report.diagnostics.map(
      (d: { tool: string; code: string; message: string }) => `${d.tool} ${d.code}: ${d.message}`,
    );
    expect(messages).toContain(
      "getEventById flowise-toolkit: id is declared on the path item /events/{id}: Flowise ignores it, so getEventById calls /events/{id} literally",
    );
    // The probe's 404 is what the toolkit finding predicts: folded into it.
    const lost = report.diagnostics.find(
      (d: { tool: string; code: string }) => d.tool === "getEventById" && d.code === "flowise-toolkit",
    );
    expect(lost.related.map((r: { message: string }) => r.message)).toEqual([
      'GET /events/{id}? answered 404 {"error":"Event not found"}',
    ]);
    const update = report.diagnostics.find((d: { code: string }) => d.code === "operation-not-found");
    expect(update.suggestion).toMatch(
      /^no Flowise request tool can send PATCH \/events\/\{id\}: use an HTTP node/,
    );
    expect(update.fix).toBeUndefined();
  });

  test("sarif and junit", async () => {
    const sarif = JSON.parse((await tooldeck("check", "--format", "sarif")).stdout);
    expect(sarif.version).toBe("2.1.0");
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "operation-not-found");
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "tools/request-tools.yaml" },
      region: { startLine: 47, startColumn: 3 },
    });
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toContain("probe");
    const junit = (await tooldeck("check", "--format", "junit")).stdout;
    expect(junit).toContain('<testsuites name="tooldeck" tests="9" failures="1">');
  });

  test("profile-portability: quiet by default, for every config with --portability, for a Flowise export judged under standard", async () => {
    const portability = async (...args: string[]) => {
      const { stdout } = await tooldeck("lint", ...args, "--format", "json");
      return JSON.parse(stdout)
        .diagnostics.filter((d: { code: string }) => d.code === "profile-portability")
        .map((d: { tool: string; message: string }) => `${d.tool}: ${d.message}`);
    };
    expect(await portability("tools/request-tools.yaml")).toEqual([]);
    expect(await portability("tools/request-tools.yaml", "--portability")).toEqual([
      "delete_event: a required path param may be omitted under Flowise (queryParams itself is optional), not under standard",
    ]);
    const flow = "fixtures/flowise/requests-chatflow.json";
    expect(await portability(flow)).toEqual([]);
    expect(await portability(flow, "--profile", "standard")).toEqual([
      "requests_post: without a Body Schema Flowise drops the LLM's body; standard sends it",
    ]);
  });

  test("lint is the static half: no probes, no request sent", async () => {
    const { stdout } = await tooldeck("lint", "--format", "json");
    const report = JSON.parse(stdout);
    expect(report.diagnostics.map((d: { code: string }) => d.code)).not.toContain("probe");
    expect(report.tools[0].sent).toBeUndefined();
  });

  test("--fix rewrites update_event, keeps the file's comments, and the check passes after", async () => {
    const dir = copyOfTools();
    const { exit, stderr } = await tooldeck("check", dir, "--fix");
    expect(stderr).toContain(
      `fixed ${join(dir, "request-tools.yaml")}: update_event: PATCH {{$vars.base_url}}/events/:id`,
    );
    expect(stderr.split("\n").at(-2)).toBe("fixed 3 findings in 1 file (2 passes)");
    expect(exit).toBe(0);
    const text = readFileSync(join(dir, "request-tools.yaml"), "utf8");
    expect(text).toContain("# update_event is kept exactly as the tutorial ships it");
    expect(text).toContain('url: "{{$vars.base_url}}/events/:id"');
    // Removing limit would take an argument from the model: a suggestion --fix leaves alone.
    expect(text).toContain("limit:");
    const after = JSON.parse((await tooldeck("check", dir, "--format", "json")).stdout);
    expect(after.summary).toBe("1 problem (0 errors, 1 warning, 0 infos) in 9 tools");
    const update = after.tools.find((t: { name: string }) => t.name === "update_event");
    expect(update.sent).toBe("PATCH http://events.tooldeck.internal/events/1 → 200 (embedded emulator)");
  });

  test("--base-url probes a real service over a socket, reads only unless --allow-writes", async () => {
    const server = await serve(createEventService().fetch, { port: 0 });
    try {
      const { stdout } = await tooldeck(
        "check",
        "tools/request-tools.yaml",
        "--spec",
        "tools/event-api.openapi.yaml",
        "--base-url",
        server.url,
        "--format",
        "json",
      );
      const sent = JSON.parse(stdout).tools.map(
        (t: { name: string; sent: string }) => `${t.name}: ${t.sent}`,
      );
      expect(sent).toEqual([
        `get_events: GET ${server.url}/events/1?limit=2 → 200 (--base-url)`,
        "create_event: POST not probed (writes need --allow-writes)",
        "update_event: PUT not probed (writes need --allow-writes)",
        "delete_event: DELETE not probed (writes need --allow-writes)",
      ]);
      const writes = await tooldeck(
        "check",
        "tools/request-tools.yaml",
        "--base-url",
        server.url,
        "--allow-writes",
        "--format",
        "json",
      );
      expect(JSON.parse(writes.stdout).tools.map((t: { sent: string }) => t.sent)).toEqual([
        `GET ${server.url}/events/1?limit=2 → 200 (--base-url)`,
        `POST ${server.url}/events → 201 (--base-url; removed after by DELETE /events/{id})`,
        "PUT not probed (nothing would undo it on a real service)",
        `DELETE ${server.url}/events/{id} → 204 (--base-url; {id} made by POST /events)`,
      ]);
    } finally {
      await server.close();
    }
  });

  test("--flowise reads the tools of a Flowise instance's chatflows, over a real socket", async () => {
    const flowise = await serve(createFlowiseEmulator({ apiKeys: ["test-key"] }).fetch, { port: 0 });
    try {
      const { exit, stdout } = await tooldeck(
        "check",
        "--flowise",
        flowise.url,
        "--api-key",
        "test-key",
        "--format",
        "json",
      );
      expect(exit).toBe(1);
      const report = JSON.parse(stdout);
      // The seeded flows share one updatedDate second: Flowise 3.1.4 lists them earlier-written first,
      // and the emulator writes its seed in file-name order.
      expect(report.tools.map((t: { file: string; name: string }) => `${t.file} ${t.name}`)).toEqual([
        "flowise:Event OpenAPI Agent listEvents",
        "flowise:Event OpenAPI Agent createEvent",
        "flowise:Event OpenAPI Agent getEventById",
        "flowise:Event OpenAPI Agent updateEventDetails",
        "flowise:Event OpenAPI Agent deleteEvent",
        "flowise:Event Requests Agent get_events",
        "flowise:Event Requests Agent create_event",
        "flowise:Event Requests Agent update_event",
        "flowise:Event Requests Agent delete_event",
      ]);
      const update = report.diagnostics.find((d: { code: string }) => d.code === "operation-not-found");
      expect(update).toMatchObject({ tool: "update_event", file: "flowise:Event Requests Agent" });
      const args = [
        "check",
        "--flowise",
        flowise.url,
        "--api-key",
        "test-key",
        "--profile",
        "flowise",
        "--format",
        "json",
      ];
      const judged = JSON.parse((await tooldeck(...args)).stdout);
      const getEvents = judged.tools.find((t: { name: string }) => t.name === "get_events");
      expect(getEvents.sent).toBe(
        "GET http://localhost:5566/events/1?limit=2 → no answer (embedded emulator)",
      );
      // Flowise's refusal is the evidence of flowise-private-host, the finding that explains it.
      const privateHost = judged.diagnostics.find(
        (d: { code: string; tool: string }) => d.code === "flowise-private-host" && d.tool === "get_events",
      );
      expect(privateHost.related.map((r: { message: string }) => r.message)).toContain(
        "GET /events/1?limit=2 got no answer: Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.",
      );
      const refused = await tooldeck("lint", "--flowise", flowise.url, "--api-key", "wrong");
      expect(refused.exit).toBe(2);
      expect(refused.stderr).toBe(
        `tooldeck lint: Flowise ${flowise.url}/api/v1/chatflows: 401 Unauthorized Access (the API key was refused)\n`,
      );
    } finally {
      await flowise.close();
    }
  });

  test("--flowise: a remote chatflow's toolkit naming a local file is refused, the file never read", async () => {
    const seed = JSON.parse(
      readFileSync(packagePath("seeds", "flowise", "chatflows", "Event OpenAPI Agent.json"), "utf8"),
    );
    const toolkit = seed.nodes.find((node: { id: string }) => node.id === "openAPIToolkit_0");
    toolkit.data.inputs.openApiFile = packagePath("tools", "event-api.openapi.yaml");
    const flowise = await serve(
      createFlowiseEmulator({
        apiKeys: ["test-key"],
        seed: {
          chatflows: [{ id: "c1", name: "Hostile", type: "CHATFLOW", flowData: JSON.stringify(seed) }],
        },
      }).fetch,
      { port: 0 },
    );
    try {
      const { exit, stdout } = await tooldeck(
        "lint",
        "--flowise",
        flowise.url,
        "--api-key",
        "test-key",
        "--format",
        "json",
      );
      expect(exit).toBe(2);
      const report = JSON.parse(stdout);
      expect(report.tools).toEqual([]);
      expect(report.diagnostics[0]).toMatchObject({
        file: "flowise:Hostile",
        // Named from the project's root, as every path in a report is.
        message: '"tools/event-api.openapi.yaml" is outside the project',
      });
    } finally {
      await flowise.close();
    }
  });

  test("rule severities from a config file", async () => {
    const dir = copyOfTools();
    const config = join(dir, "tooldeck.config.yaml");
    writeFileSync(config, "rules:\n  operation-not-found: warning\n  probe: off\n");
    const { exit, stdout } = await tooldeck("check", dir, "--config", config, "--format", "json");
    expect(exit).toBe(0);
    expect(JSON.parse(stdout).summary).toBe("3 problems (0 errors, 3 warnings, 0 infos) in 9 tools");
    writeFileSync(config, "rules:\n  operation-not-fund: off\n");
    const typo = await tooldeck("check", dir, "--config", config);
    expect(typo.exit).toBe(2);
    expect(typo.stderr).toMatch(
      /^tooldeck check: .*tooldeck\.config\.yaml: rules\.operation-not-fund: no such rule, did you mean operation-not-found\? \(rules: /,
    );
  });

  test.each([
    [
      ["--format", "xml"],
      "tooldeck check: --format must be one of stylish, json, sarif, junit, github, html, optionally =FILE; got 'xml' (did you mean html?)\n",
    ],
    [
      ["--fail-on", "fatal"],
      "tooldeck check: --fail-on must be one of error, warning, info, none, got 'fatal'\n",
    ],
    [["--spec", "/nonexistent/api.yaml"], /^tooldeck check: \/nonexistent\/api\.yaml: /],
  ])("usage and load errors exit 2: %j", async (args, message) => {
    const { exit, stderr } = await tooldeck("check", ...args);
    expect(exit).toBe(2);
    if (typeof message === "string") expect(stderr).toBe(message);
    else expect(stderr).toMatch(message);
  });

  test("a broken config is reported in the report, the others are still checked, exit 2", async () => {
    const dir = copyOfTools();
    writeFileSync(
      join(dir, "broken.yaml"),
      "kind: request\nmethod: GET\nurl: x\nqueryParamsSchema:\n  id: { in: body }\n",
    );
    const { exit, stdout } = await tooldeck("check", dir, "--no-probe");
    expect(exit).toBe(2);
    expect(stdout).toContain(
      `${join(dir, "broken.yaml")}\n    error   expected "path" or "query"  config-invalid\n            at ${join(dir, "broken.yaml")}:5:9 (queryParamsSchema.id.in)\n`,
    );
    expect(stdout).toContain("update_event");
  });
});

describe("tooldeck check: probes judge what the LLM reads", () => {
  test("an answer longer than maxOutputLength is reported", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-short-"));
    writeFileSync(
      join(dir, "list.yaml"),
      'kind: request\nmethod: GET\nname: list_events\ndescription: List the events\nurl: "{{$vars.base_url}}/events"\nmaxOutputLength: 100\n',
    );
    const { stdout } = await tooldeck(
      "check",
      dir,
      "--spec",
      "tools/event-api.openapi.yaml",
      "--format",
      "json",
    );
    const messages = JSON.parse(stdout).diagnostics.map((d: { message: string }) => d.message);
    expect(messages).toContain(
      "the answer has 490 characters and the LLM is shown the first 100: it reads a cut document",
    );
  });
});
