import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { LoadResult } from "../../src/config/load-result.js";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { type FetchHandler, type RunningServer, serve } from "../../src/emulator/serve.js";
import { checkProject } from "../../src/index.js";
import type { CheckReport } from "../../src/lint/report.js";
import { packagePath } from "../../src/package/package-root.js";

/**
 * `check --base-url <a real service> --allow-writes` on the tutorial's tools, against the event service
 * over a real socket: a write probe acts on an item made for it, never on the service's own data, and
 * removes what it made, so probes do not depend on their order and the service ends as it began.
 */

const SPEC = packagePath("tools", "event-api.openapi.yaml");

// Relative paths are the project's, as `npm start` sees them.
const cwd = process.cwd();
beforeAll(() => process.chdir(packagePath()));
afterAll(() => process.chdir(cwd));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The event service on a port, every request it gets written down (`DELETE /events/1`). */
async function eventService(
  handler: FetchHandler = createEventService().fetch,
): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  server = await serve((request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return handler(request);
  });
  return { url: server.url, requests };
}

async function listEvents(url: string): Promise<string> {
  return (await fetch(`${url}/events`)).text();
}

function checkAgainst(url: string, tools: LoadResult) {
  return checkProject({ tools, spec: SPEC, target: { baseUrl: url }, allowWrites: true });
}

/** A report as a set: tools by name, findings in their sorted order (the load order aside). */
function asSet(report: CheckReport) {
  return {
    tools: [...report.tools].sort((a, b) => a.name.localeCompare(b.name)),
    diagnostics: report.diagnostics,
  };
}

/** The tutorial's request tools, the first `count` of them. */
function tutorialTools(count: number): LoadResult {
  const loaded = loadToolConfigs(["tools/request-tools.yaml"]);
  return { ...loaded, tools: loaded.tools.slice(0, count) };
}

/** One request tool, loaded from a file of its own. */
function oneTool(config: object): LoadResult {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-live-writes-"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify([config]));
  return loadToolConfigs([dir]);
}

describe("write probes against a real service leave it as it was", () => {
  test("the tutorial's tools in two orders: the same report, and the service's events as before", async () => {
    const service = await eventService();
    const before = await listEvents(service.url);
    const loaded = loadToolConfigs(["tools/"]);
    const forwards = await checkAgainst(service.url, loaded);
    expect(await listEvents(service.url)).toBe(before);
    const backwards = await checkAgainst(service.url, { ...loaded, tools: [...loaded.tools].reverse() });
    expect(await listEvents(service.url)).toBe(before);
    expect(asSet(backwards.report)).toEqual(asSet(forwards.report));
    // Only update_event fails (PUT /events is no operation); deleteEvent no longer takes get_events' event.
    const errors = forwards.report.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => `${d.tool} ${d.code}`)).toEqual(["update_event operation-not-found"]);
    expect(forwards.report.tools.map((tool) => `${tool.name}: ${tool.sent}`)).toEqual([
      `listEvents: GET ${service.url}/events → 200 (--base-url)`,
      `createEvent: POST ${service.url}/events → 201 (--base-url; removed after by DELETE /events/{id})`,
      `getEventById: GET ${service.url}/events/1 → 200 (--base-url)`,
      `updateEventDetails: PATCH ${service.url}/events/{id} → 200 (--base-url; {id} made by POST /events and removed after)`,
      `deleteEvent: DELETE ${service.url}/events/{id} → 204 (--base-url; {id} made by POST /events)`,
      `get_events: GET ${service.url}/events/1?limit=2 → 200 (--base-url)`,
      `create_event: POST ${service.url}/events → 201 (--base-url; removed after by DELETE /events/{id})`,
      "update_event: PUT not probed (nothing would undo it on a real service)",
      `delete_event: DELETE ${service.url}/events/{id} → 204 (--base-url; {id} made by POST /events)`,
    ]);
    expect(service.requests.filter((line) => /^(PUT|PATCH|DELETE) \/events\/1\b/.test(line))).toEqual([]);
  });

  test("a write whose arguments do not lead to the item made for it is not sent; the item is removed", async () => {
    // An integer id: a made event's UUID is not one, so the probe's arguments would name event 1.
    const tools = oneTool({
      kind: "request",
      method: "DELETE",
      name: "delete_by_number",
      description: "Use this to delete an event by its number",
      url: "{{$vars.base_url}}/events/:id",
      queryParamsSchema: { id: { type: "integer", in: "path", required: true, description: "its number" } },
    });
    const service = await eventService(createEventService({ randomId: () => "made-for-probe" }).fetch);
    const before = await listEvents(service.url);
    service.requests.length = 0;
    const { report } = await checkAgainst(service.url, tools);
    expect(service.requests).toEqual(["POST /events", "DELETE /events/made-for-probe"]);
    expect(await listEvents(service.url)).toBe(before);
    expect(report.tools[0]?.sent).toBe("DELETE not probed (its arguments miss the item made for it)");
    expect(report.diagnostics.map((d) => `${d.severity} ${d.message}`)).toContain(
      `info write not probed on a real service: its arguments do not lead to the item made for it at /events/{id}: it would call DELETE ${service.url}/events/1`,
    );
  });

  test("a service that does not make the item: the write is not sent, a warning says why", async () => {
    const events = createEventService();
    const service = await eventService((request) =>
      request.method === "POST"
        ? Response.json({ error: "creating is closed" }, { status: 503 })
        : events.fetch(request),
    );
    const { report } = await checkAgainst(service.url, tutorialTools(4));
    expect(service.requests).toEqual(["GET /events/1?limit=2", "POST /events", "POST /events"]);
    const deleteEvent = report.tools.find((tool) => tool.name === "delete_event");
    expect(deleteEvent?.sent).toBe("DELETE not probed (the item it acts on could not be made)");
    expect(report.diagnostics.filter((d) => d.tool === "delete_event" && d.code === "probe")).toEqual([
      expect.objectContaining({
        severity: "warning",
        message:
          'write not probed on a real service: making the item it acts on failed: POST /events answered 503 {"error":"creating is closed"}',
      }),
    ]);
  });

  test("a delete the service refuses once: its error is reported, and the item made for it removed after", async () => {
    const events = createEventService({ randomId: () => "made-for-probe" });
    let refused = 0;
    const service = await eventService((request) =>
      request.method === "DELETE" && refused++ === 0
        ? Response.json({ error: "try again" }, { status: 500 })
        : events.fetch(request),
    );
    const before = await listEvents(service.url);
    service.requests.length = 0;
    const tools = tutorialTools(4);
    const { report } = await checkAgainst(service.url, { ...tools, tools: tools.tools.slice(3) });
    expect(service.requests).toEqual([
      "POST /events",
      "DELETE /events/made-for-probe",
      "DELETE /events/made-for-probe",
    ]);
    expect(await listEvents(service.url)).toBe(before);
    expect(report.tools[0]?.sent).toBe(
      `DELETE ${service.url}/events/{id} → 500 (--base-url; {id} made by POST /events and removed after)`,
    );
    expect(report.diagnostics.filter((d) => d.code === "probe").map((d) => d.message)).toEqual([
      'DELETE /events/{id} answered 500 {"error":"try again"}',
    ]);
  });

  test("an item the service will not remove is a warning naming it", async () => {
    const events = createEventService({ randomId: () => "made-for-probe" });
    const service = await eventService((request) =>
      request.method === "DELETE"
        ? Response.json({ error: "locked" }, { status: 423 })
        : events.fetch(request),
    );
    const { report } = await checkAgainst(service.url, tutorialTools(2));
    expect(report.diagnostics.filter((d) => d.tool === "create_event" && d.code === "probe")).toEqual([
      expect.objectContaining({
        severity: "warning",
        message:
          'the probe left an item on the service: DELETE /events/made-for-probe answered 423 {"error":"locked"}',
      }),
    ]);
  });
});
