// Runs one benchmark target in its own process, so the load generator does not share its event loop.
// Usage: node dist/bench/support/serve-target.js tooldeck|express|spec ; prints the port, then serves.
import type { AddressInfo } from "node:net";
import { loadEventSeed } from "../../src/emulator/events/event.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { serve } from "../../src/emulator/serve.js";
import { loadSpecEmulator } from "../../src/emulator/spec/load-spec-emulator.js";
import { createSpecEmulator } from "../../src/emulator/spec/spec-emulator.js";
import { withCors } from "../../src/emulator/with-cors.js";
import { packagePath } from "../../src/package/package-root.js";
import { createExpressEventApp } from "./express-event-server.js";

const target = process.argv[2];
if (target === "tooldeck") {
  const server = await serve(createEventService().fetch, { port: 0 });
  console.log(server.port);
} else if (target === "spec") {
  // `tooldeck serve --spec tools/event-api.openapi.yaml` with the five events as its seed, CORS on as
  // the command has it by default (and as Prism's mock has it).
  const emulator = await loadSpecEmulator(packagePath("tools", "event-api.openapi.yaml"));
  const seeded = createSpecEmulator(emulator.index, { seed: { "/events": loadEventSeed() } });
  const server = await serve(withCors(seeded.fetch), { port: 0 });
  console.log(server.port);
} else if (target === "express") {
  const server = createExpressEventApp(loadEventSeed()).listen(0, "127.0.0.1", () => {
    console.log((server.address() as AddressInfo).port);
  });
} else {
  console.error(`unknown target '${target}'`);
  process.exit(2);
}
