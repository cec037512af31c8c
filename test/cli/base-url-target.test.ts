import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";
import { listenDuringTests, loopbackServer } from "../support/loopback-server.js";

/** A tool whose URL is built from a variable the attacker points at another host. */
const WIPE_ELSEWHERE = {
  kind: "request",
  method: "DELETE",
  name: "wipe",
  description: "Use this to delete everything",
  url: "{{$vars.elsewhere}}/everything",
};

/**
 * --base-url as an attacker meets it: the configs and specs of a pull request aim at another service
 * running on the same machine (the tutorial's own event service, a database's admin port). With
 * --base-url the user said where the probes go; nothing may reach any other service.
 */

const victim = loopbackServer();
// Answers like a service that makes items: a write probe makes the item it acts on and removes it after.
const target = loopbackServer({ answer: '{"id":"7","ok":true}' });
listenDuringTests(victim, target);

async function tooldeck(...args: string[]) {
  const captured = captureIo(new AbortController().signal, {});
  const exit = await runCli(args, captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** A tools folder with the event API's description whose server is the victim, and `configs`. */
function attackerTools(configs: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-base-url-"));
  const spec = readFileSync(packagePath("tools/event-api.openapi.yaml"), "utf8").replace(
    "url: http://localhost:5566",
    `url: http://${victim.host()}`,
  );
  writeFileSync(join(dir, "api.openapi.yaml"), spec);
  writeFileSync(join(dir, "tools.json"), JSON.stringify(configs));
  return dir;
}

const TOOLKIT = { kind: "openapi-toolkit", name: "events", spec: "api.openapi.yaml" };

describe("--base-url applies to every kind of tool", () => {
  test("check: a toolkit whose spec's server is another local service sends it nothing, writes included", async () => {
    const base = `http://${target.host()}`;
    const { stdout, stderr } = await tooldeck(
      "check",
      attackerTools([TOOLKIT]),
      "--base-url",
      base,
      "--allow-writes",
      "--fail-on",
      "none",
    );
    expect(victim.requests).toEqual([]);
    expect(target.requests).toEqual([
      "GET /events",
      ...["POST /events", "DELETE /events/7"],
      "GET /events/1",
      ...["POST /events", "PATCH /events/7", "DELETE /events/7"],
      ...["POST /events", "DELETE /events/7"],
    ]);
    expect(stdout).toContain(
      `deleteEvent  DELETE ${base}/events/{id} → 200 (--base-url; {id} made by POST /events)`,
    );
    expect(stderr).toContain(
      `note: writes go only to ${target.host()} (--base-url); a write to any other host is refused\n`,
    );
  });

  test("check: a request tool and an HTTP node with the victim's address in their URL go to --base-url", async () => {
    const tools = attackerTools([
      {
        kind: "request",
        method: "DELETE",
        name: "wipe",
        description: "Use this to delete an event",
        url: `http://${victim.host()}/events/:id`,
        queryParamsSchema: { id: { type: "string", in: "path", required: true, description: "its id" } },
      },
      {
        kind: "http",
        name: "add",
        method: "POST",
        url: `http://${victim.host()}/events`,
        body: { name: "x" },
      },
    ]);
    await tooldeck("check", tools, "--base-url", `http://${target.host()}/api`, "--allow-writes");
    expect(victim.requests).toEqual([]);
    expect(target.requests).toEqual([
      ...["POST /api/events", "DELETE /api/events/7"],
      ...["POST /api/events", "DELETE /api/events/7"],
    ]);
  });

  test("check: a write the spec cannot undo is sent to no one, --base-url included", async () => {
    const tools = attackerTools([
      { kind: "http", name: "reset", method: "POST", url: `http://${victim.host()}/reset`, body: {} },
    ]);
    const { stdout } = await tooldeck(
      "check",
      tools,
      "--base-url",
      `http://${target.host()}`,
      "--allow-writes",
    );
    expect(stdout).toContain("reset  POST not probed (nothing would undo it on a real service)");
    expect(stdout).toContain(
      "write not probed on a real service: POST /reset is not an operation of Event Management API, so nothing would undo it",
    );
    expect([...victim.requests, ...target.requests]).toEqual([]);
  });

  test("call: a toolkit operation goes to --base-url, not to its spec's server", async () => {
    const { exit, stdout } = await tooldeck(
      "call",
      "deleteEvent",
      "--tools",
      attackerTools([TOOLKIT]),
      "--args",
      '{"PathParameters":{"id":"1"}}',
      "--base-url",
      `http://${target.host()}`,
      "--allow-writes",
    );
    expect(exit).toBe(0);
    expect(stdout).toBe('{"id":"7","ok":true}\n');
    expect(victim.requests).toEqual([]);
    expect(target.requests).toEqual(["DELETE /events/1"]);
  });

  test("call: the hosts a write may reach are printed before it is sent", async () => {
    const { stderr } = await tooldeck(
      "call",
      "createEvent",
      "--tools",
      attackerTools([TOOLKIT]),
      "--args",
      '{"RequestBody":{"name":"x","date":"2024-07-15T10:00:00Z","location":"y"}}',
      "--base-url",
      `http://${target.host()}`,
      "--allow-host",
      "api.example.com",
      "--allow-writes",
    );
    expect(stderr).toBe(
      `note: writes go only to ${target.host()} (--base-url), api.example.com:* (--allow-host); a write to any other host is refused\n`,
    );
    expect(target.requests).toEqual(["POST /events"]);
  });

  test("a URL built from a variable that names another host is refused, even with --allow-writes", async () => {
    const tools = attackerTools([WIPE_ELSEWHERE]);
    const { stdout } = await tooldeck(
      "check",
      tools,
      "--base-url",
      `http://${target.host()}`,
      "--var",
      `elsewhere=http://${victim.host()}`,
      "--allow-writes",
    );
    expect(stdout).toContain(`refused: host ${victim.host()} is not allowed`);
    expect(victim.requests).toEqual([]);
  });

  test("--base-url without a port names port 80 only, not every service of that machine", async () => {
    const tools = attackerTools([WIPE_ELSEWHERE]);
    const { stdout } = await tooldeck(
      "check",
      tools,
      "--base-url",
      "http://127.0.0.1",
      "--var",
      `elsewhere=http://${victim.host()}`,
      "--allow-writes",
    );
    expect(stdout).toContain(`refused: host ${victim.host()} is not allowed`);
    expect(victim.requests).toEqual([]);
  });
});

describe("the report names each probe's target", () => {
  test("the embedded emulator, a spec emulator, or a host named with --live --allow-host", async () => {
    const tools = attackerTools([
      {
        kind: "request",
        method: "GET",
        name: "embedded",
        description: "Use this to list events",
        url: "{{$vars.base_url}}/events",
      },
      {
        kind: "request",
        method: "GET",
        name: "named",
        description: "Use this",
        url: `http://${target.host()}/x`,
      },
    ]);
    const emulated = await tooldeck(
      "check",
      tools,
      "--live",
      "--allow-host",
      target.host(),
      "--fail-on",
      "none",
    );
    expect(emulated.stdout).toContain(
      "embedded  GET http://events.tooldeck.internal/events → 200 (embedded emulator)",
    );
    expect(emulated.stdout).toContain(`named  GET http://${target.host()}/x → 200 (--allow-host)`);
    const toolkit = await tooldeck("check", attackerTools([TOOLKIT]), "--fail-on", "none");
    expect(toolkit.stdout).toContain(
      `listEvents  GET http://${victim.host()}/events → 200 (spec emulator: Event Management API)`,
    );
    expect(victim.requests).toEqual([]);
  });
});
