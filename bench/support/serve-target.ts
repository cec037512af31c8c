// Runs one benchmark target in its own process, so the load generator does not share its event loop.
// Usage: node dist/bench/support/serve-target.js tooldeck|express ; prints the port, then serves.
import type { AddressInfo } from "node:net";
import { loadEventSeed } from "../../src/emulator/events/event.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { serve } from "../../src/emulator/serve.js";
import { createExpressEventApp } from "./express-event-server.js";

const target = process.argv[2];
if (target === "tooldeck") {
  const server = await serve(createEventService().fetch, { port: 0 });
  console.log(server.port);
} else if (target === "express") {
  const server = createExpressEventApp(loadEventSeed()).listen(0, "127.0.0.1", () => {
    console.log((server.address() as AddressInfo).port);
  });
} else {
  console.error(`unknown target '${target}'`);
  process.exit(2);
}
