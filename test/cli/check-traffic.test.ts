import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { writeTrafficFile } from "../../src/traffic/traffic-file.js";
import { exchange } from "../support/exchange.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const API = "https://api.mycompany.com";

/** The new user of issue 33: the tutorial's request tools against their own host, and no description. */
function newUserProject(): string {
  const tools = readFileSync(packagePath("tools", "request-tools.yaml"), "utf8").replaceAll(
    "{{$vars.base_url}}",
    API,
  );
  return hostileProject({ "tools/request-tools.yaml": tools });
}

const event = (id: string) => ({ id, name: `Event ${id}`, date: "2024-07-15T18:00:00Z", location: "Berlin" });

/** What the agent's calls left behind: reads, creates, updates by id, deletes by id, and the tutorial's PUT. */
function recordTraffic(dir: string, folder = "scenarios/traffic"): void {
  const exchanges = [];
  for (let i = 1; i <= 5; i++) {
    exchanges.push(exchange("GET", `${API}/events`, 200, [event("1"), event("2")]));
    exchanges.push(exchange("GET", `${API}/events/${i}`, 200, event(String(i))));
    exchanges.push(
      exchange("POST", `${API}/events`, 201, event(`${i + 10}`), {
        name: "Demo",
        date: "2024-08-01T10:00:00Z",
        location: "Online",
      }),
    );
    exchanges.push(exchange("PATCH", `${API}/events/${i}`, 200, event(String(i)), { name: "Renamed" }));
    exchanges.push(exchange("DELETE", `${API}/events/${i + 10}`, 204));
  }
  exchanges.push(exchange("PUT", `${API}/events`, 404, { error: "Endpoint not found" }, { name: "x" }));
  writeTrafficFile(join(dir, folder, "api.traffic.json"), {
    version: 1,
    kind: "traffic",
    source: "test",
    exchanges,
  });
}

describe("tooldeck check without a description, on a host with recorded traffic", () => {
  test("with no traffic, nothing is probed: every tool is an info", async () => {
    const { exit, stdout } = await tooldeckIn(newUserProject(), ["check"]);
    expect(exit).toBe(0);
    expect(stdout).toContain("api.mycompany.com has no OpenAPI description and is not called without --live");
    expect(stdout).toMatch(/✔ \d+ problems \(0 errors, 0 warnings/);
  });

  test("with traffic under scenarios/, the description is inferred, said so, and the tutorial's PUT fails", async () => {
    const dir = newUserProject();
    recordTraffic(dir);
    const { exit, stdout, stderr } = await tooldeckIn(dir, ["check"]);
    expect(exit).toBe(1);
    expect(stderr).toBe(
      `note: spec inferred from 26 recorded exchanges with ${API} (scenarios/): the tools are linted and probed against what the traffic showed\n`,
    );
    const api = "api.mycompany.com as seen in 26 recorded exchanges";
    expect(stdout).toContain(
      `error   PUT /events is not an operation of ${api} (did you mean PATCH /events/{eventId}?)  operation-not-found`,
    );
    // The path parameter the traffic always carried: the fix asks for it, required.
    expect(stdout).toContain(
      `fixable with --fix: PATCH ${API}/events/:eventId with a required eventId path param`,
    );
    expect(stdout).toContain(`update_event  PUT ${API}/events → 405 (spec emulator: ${api})`);
    expect(stdout).toContain(`get_events  GET ${API}/events/1?limit=2 → 200 (spec emulator: ${api})`);
    // The probe's 405 is the same cause: shown under the finding, not counted again.
    expect(stdout).toContain("probe error: PUT /events answered 405");
    expect(stdout).toMatch(/✖ \d+ problems \(1 error,/);
  });

  test("--traffic names where it is; --spec wins over any traffic", async () => {
    const dir = newUserProject();
    recordTraffic(dir, "captures");
    const named = await tooldeckIn(dir, ["check", "--traffic", "captures/", "--format", "json"]);
    expect(named.stderr).toContain("spec inferred from 26 recorded exchanges");
    expect(JSON.parse(named.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain(
      "operation-not-found",
    );
    const given = await tooldeckIn(dir, [
      "check",
      "--traffic",
      "captures/",
      "--spec",
      packagePath("tools", "event-api.openapi.yaml"),
      "--root",
      packagePath(),
    ]);
    expect(given.stderr).not.toContain("inferred");
    // The event API's description names localhost:5566, not the tools' host: it judges none of them.
    expect(given.stdout).toContain("no OpenAPI description for api.mycompany.com: 4 tools not compared");
    expect(given.stdout).not.toContain("is not an operation of");
  });

  test("traffic with other hosts only infers nothing", async () => {
    const dir = newUserProject();
    writeTrafficFile(join(dir, "scenarios", "other.traffic.json"), {
      version: 1,
      kind: "traffic",
      source: "test",
      exchanges: [exchange("GET", "https://elsewhere.test/events", 200, [])],
    });
    const { exit, stderr } = await tooldeckIn(dir, ["check"]);
    expect(exit).toBe(0);
    expect(stderr).toContain("no OpenAPI description given (--spec) or found");
  });
});
