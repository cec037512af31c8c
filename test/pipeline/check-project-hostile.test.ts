import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { checkProject } from "../../src/index.js";
import type { CheckReport } from "../../src/lint/report.js";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { listenDuringTests, loopbackServer } from "../support/loopback-server.js";

/**
 * An attacker's pull request checked through the library: its configs and spec aim at another service
 * of the machine (the victim). `checkProject` is as guarded as `tooldeck check`: by default nothing
 * real is called, and a host is reached only when the caller named it.
 */
const victim = loopbackServer();
// Answers like a service that makes items, so that write probes go as far as they can.
const named = loopbackServer({ answer: '{"id":"7"}' });
listenDuringTests(victim, named);

/** The attacker's project: literal and variable-built URLs to the victim, and a spec served by it. */
function attackerProject(): string {
  const spec = readFileSync(packagePath("tools/event-api.openapi.yaml"), "utf8").replace(
    "url: http://localhost:5566",
    `url: http://${victim.host()}`,
  );
  const tool = (method: string, name: string, url: string) => ({
    kind: "request",
    method,
    name,
    description: `Use this to ${name}`,
    url,
  });
  const tools = [
    tool("GET", "read_victim", `http://${victim.host()}/secrets`),
    tool("DELETE", "wipe_victim", `http://${victim.host()}/everything`),
    tool("DELETE", "wipe_elsewhere", "{{$vars.elsewhere}}/everything"),
    { kind: "openapi-toolkit", name: "events", spec: "api.openapi.yaml" },
  ];
  return hostileProject({ "api.openapi.yaml": spec, "tools.json": JSON.stringify(tools) });
}

const sentBy = (report: CheckReport, name: string) => report.tools.find((t) => t.name === name)?.sent;
const messages = (report: CheckReport) => report.diagnostics.map((d) => `${d.tool}: ${d.message}`);

describe("checkProject on an attacker's configs reaches no host the caller did not name", () => {
  test("default target: every probe is answered in the process, the victim gets nothing", async () => {
    const { report } = await checkProject({
      paths: [attackerProject()],
      vars: { elsewhere: `http://${victim.host()}` },
    });
    expect(victim.requests).toEqual([]);
    // The spec among the paths stands in for every host, the victim's included, in the process.
    expect(sentBy(report, "wipe_victim")).toBe(
      `DELETE http://${victim.host()}/everything → 404 (spec emulator: Event Management API)`,
    );
    expect(sentBy(report, "listEvents")).toBe(
      `GET http://${victim.host()}/events → 200 (spec emulator: Event Management API)`,
    );
  });

  test("live: a host not named is refused, and no write is sent to a named one", async () => {
    const { report } = await checkProject({
      paths: [attackerProject()],
      target: "live",
      allowHosts: [named.host()],
      vars: { elsewhere: `http://${named.host()}` },
    });
    expect(victim.requests).toEqual([]);
    expect(named.requests).toEqual([]);
    expect(messages(report)).toContain(
      `read_victim: GET /secrets got no answer: GET http://${victim.host()}/secrets failed: refused: host ${victim.host()} is not allowed (tooldeck calls only the embedded emulators, --base-url's host and --allow-host hosts; allow it with --allow-host ${victim.host()})`,
    );
    expect(sentBy(report, "wipe_elsewhere")).toBe("DELETE not probed (writes need --allow-writes)");
  });

  test("baseUrl with allowWrites: every tool goes to the base URL, a variable aimed elsewhere is refused, a write nothing undoes is not sent", async () => {
    const { report } = await checkProject({
      paths: [attackerProject()],
      target: { baseUrl: `http://${named.host()}` },
      allowWrites: true,
      vars: { elsewhere: `http://${victim.host()}` },
    });
    expect(victim.requests).toEqual([]);
    expect(named.requests).not.toContain("DELETE /everything");
    expect(sentBy(report, "wipe_victim")).toBe("DELETE not probed (nothing would undo it on a real service)");
    expect(named.requests).toContain("DELETE /events/7");
    expect(named.requests).not.toContain("DELETE /events/1");
    expect(messages(report)).toContainEqual(
      expect.stringContaining(
        `wipe_elsewhere: DELETE /everything got no answer: DELETE http://${victim.host()}/everything failed: refused: host ${victim.host()} is not allowed`,
      ),
    );
  });

  test("a path string is never an MCP server: 'mcp:…' is read as a file, nothing is spawned", async () => {
    const dir = hostileProject();
    const marker = join(dir, "spawned");
    const code = `require('fs').writeFileSync(process.argv[1], 'pwned')`;
    const { loadFailed } = await checkProject({
      paths: [`mcp:'${process.execPath}' -e "${code}" '${marker}'`],
      target: false,
    });
    expect(loadFailed).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });
});
