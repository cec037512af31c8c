import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterEach, beforeAll, expect, test } from "vitest";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { packagePath } from "../../../src/package/package-root.js";
import { tooldeckIn } from "../../support/run-tooldeck.js";

// Pact's verifier reports usage to pact.io unless told not to; tests send nothing off the machine.
beforeAll(() => {
  process.env.PACT_DO_NOT_TRACK = "true";
});

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function eventService(change: (text: string) => string = (text) => text): Promise<string> {
  const events = createEventService();
  const server = createServer(
    getRequestListener(async (request) => {
      const answer = await events.fetch(request);
      return new Response(change(await answer.text()), answer);
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The tutorial's read scenarios exported by the CLI, as a team would publish them. */
async function exportedPact(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), "tooldeck-pact-"));
  const cassettes = ["list-events.standard", "get-event-by-id.standard"].map(
    (name) => `scenarios/cassettes/${name}.cassette.json`,
  );
  const run = await tooldeckIn(packagePath(), [
    "export",
    "pact",
    ...cassettes,
    "--out",
    out,
    "--consumer",
    "event-agent",
    "--provider",
    "Event API",
    "--root",
    out,
  ]);
  expect(run.exit).toBe(0);
  expect(run.stderr).toBe(`wrote ${join(out, "event-agent-Event-API.json")}\n`);
  return join(out, "event-agent-Event-API.json");
}

async function pactVerify(provider: string, pact: string) {
  const { Verifier } = await import("@pact-foundation/pact-core");
  return new Verifier({ providerBaseUrl: provider, pactUrls: [pact], logLevel: "error" }).verify();
}

test("Pact's own verifier passes the exported pact against the event service (values differ: ids, names)", async () => {
  const pact = await exportedPact();
  const provider = await eventService((text) => text.replaceAll('"Tech Conference 2024"', '"Another name"'));
  await expect(pactVerify(provider, pact)).resolves.toContain('"result":true');
}, 60_000);

test("Pact's own verifier fails the exported pact when the provider renames a field the agent read", async () => {
  const pact = await exportedPact();
  const provider = await eventService((text) => text.replaceAll('"name":', '"title":'));
  await expect(pactVerify(provider, pact)).rejects.toThrow();
}, 60_000);
