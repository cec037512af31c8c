import { createEventService } from "../../emulator/events/event-service.js";
import { type RunningServer, serve } from "../../emulator/serve.js";
import { ToolDeckError } from "../../errors.js";
import { type Command, EXIT } from "../cli-io.js";
import { parseCommandArgs, parsePort } from "../parse-command-args.js";

const HELP = `Usage: tooldeck serve [options]

Serve the embedded emulators over HTTP until Ctrl+C (SIGINT) or SIGTERM.

Options:
  --events-port PORT  port of the event service (default 5566; 0 picks a free port)
  --host HOST         address to listen on (default 127.0.0.1)
  --only NAME         serve only this emulator: events
  -h, --help          show this help

The event service starts with the five events of seeds/events.json and keeps its state in memory
until it stops. Its URL is printed once it listens.`;

const EMULATORS = ["events"] as const;

export const serveCommand: Command = {
  name: "serve",
  summary: "serve the embedded emulators over HTTP",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("serve", args, {
      "events-port": { type: "string", default: "5566" },
      host: { type: "string", default: "127.0.0.1" },
      only: { type: "string" },
    });
    if (values.help) {
      io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (positionals.length > 0) {
      throw new ToolDeckError("usage", `unexpected argument '${positionals[0]}'`);
    }
    if (values.only !== undefined && !(EMULATORS as readonly string[]).includes(values.only)) {
      throw new ToolDeckError("usage", `--only must be one of ${EMULATORS.join(", ")}, got '${values.only}'`);
    }
    const port = parsePort("events-port", values["events-port"]);
    const events = await serve(createEventService().fetch, { port, host: values.host });
    io.stdout(`event service listening on ${events.url} (GET ${events.url}/events)\n`);
    io.stdout("Press Ctrl+C to stop.\n");
    await waitForAbort(io.signal);
    await stopAll([events]);
    io.stdout("stopped\n");
    return EXIT.ok;
  },
};

function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

async function stopAll(servers: RunningServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}
