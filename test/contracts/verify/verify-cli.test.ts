import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterEach, expect, test } from "vitest";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { packagePath } from "../../../src/package/package-root.js";
import { listenDuringTests, loopbackServer } from "../../support/loopback-server.js";
import { tooldeckIn } from "../../support/run-tooldeck.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A provider over a real socket on 127.0.0.1: the event service, its answers changed by `change`. */
async function provider(change: (answer: Response) => Promise<Response> | Response = (answer) => answer) {
  const events = createEventService();
  const server = createServer(getRequestListener(async (request) => change(await events.fetch(request))));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const verify = (...args: string[]) => tooldeckIn(packagePath(), ["verify", "scenarios/cassettes", ...args]);

test("green over a real socket: the tutorial's cassettes against the event service, exit 0", async () => {
  const run = await verify("--provider", await provider(), "--format", "json");
  expect(run.exit).toBe(0);
  expect(run.stderr).toContain("calls kept their contract, 0 broken");
  const report = JSON.parse(run.stdout) as { diagnostics: { code: string; severity: string }[] };
  expect(report.diagnostics.every((finding) => finding.code === "contract-not-verified")).toBe(true);
});

test("red over a real socket: a renamed field fails the contract, exit 1, naming the tool and the cassette", async () => {
  const renamed = await provider(
    async (answer) => new Response((await answer.text()).replaceAll('"name":', '"title":'), answer),
  );
  const run = await verify("--provider", renamed, "--no-color");
  expect(run.exit).toBe(1);
  expect(run.stdout).toContain("scenarios/cassettes/list-events.flowise.cassette.json");
  expect(run.stdout).toMatch(/get_events[\s\S]*GET \/events answered 200 OK, but \/0 lacks "name"/);
  expect(run.stdout).toContain("contract-shape");
});

const elsewhere = loopbackServer();
listenDuringTests(elsewhere);

test("a provider's redirect is not followed: the host it names gets nothing, and the call is broken (3xx, not 2xx)", async () => {
  const redirecting = await provider(
    () => new Response(null, { status: 302, headers: { location: `http://${elsewhere.host()}/events` } }),
  );
  const run = await verify("--provider", redirecting, "--format", "json");
  expect(run.exit).toBe(1);
  expect(elsewhere.requests).toEqual([]);
  expect(run.stdout).toContain("answered 302 Found where the agent relied on 2xx");
});

test("usage: no --provider, a provider that is no http URL, a malformed states file: exit 2 with one line", async () => {
  const none = await verify();
  expect(none.exit).toBe(2);
  expect(none.stderr).toBe(
    "tooldeck verify: name the service to verify with --provider URL (see 'tooldeck verify --help')\n",
  );
  const file = await verify("--provider", "file:///etc/passwd");
  expect(file.stderr).toBe("tooldeck verify: --provider must be an http(s) URL, got 'file:///etc/passwd'\n");
  const states = await verify("--provider", "http://127.0.0.1:9", "--states", "package.json");
  expect(states.exit).toBe(2);
  expect(states.stderr).toMatch(/^tooldeck verify: package\.json: .*\n$/);
});
