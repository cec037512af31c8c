import { createEventService } from "../../emulator/events/event-service.js";
import { generateApiKey } from "../../emulator/flowise/api-key-hash.js";
import { createFlowiseEmulator } from "../../emulator/flowise/flowise-emulator.js";
import { type FlowiseSeed, loadFlowiseSeed } from "../../emulator/flowise/flowise-seed.js";
import { type FetchHandler, type RunningServer, serve } from "../../emulator/serve.js";
import { loadSpecEmulator } from "../../emulator/spec/load-spec-emulator.js";
import { withCors } from "../../emulator/with-cors.js";
import { ToolDeckError } from "../../errors.js";
import { DRAIN_GRACE_MS } from "../../net/drain-grace.js";
import { projectReadOptions } from "../../project-files/project-read-options.js";
import { createProviderEmulator } from "../../providers/emulator/create-provider-emulator.js";
import { defaultJudge } from "../../providers/emulator/default-judge.js";
import { loadModelScript } from "../../providers/emulator/load-model-script.js";
import {
  EMULATED_PROVIDERS,
  type EmulatedProvider,
} from "../../providers/emulator/provider-emulator-options.js";
import { providerServeLines } from "../../providers/emulator/provider-serve-lines.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { SERVE_INFO } from "../help/serve-help.js";
import { parseCommandArgs, parsePort } from "../parse-command-args.js";
import { withRequestLog } from "../request-log.js";
import { serveSpec } from "../serve-spec.js";
import { stoppingNote } from "../stopping-note.js";

const EMULATORS = ["events", "flowise"] as const;
type Emulator = (typeof EMULATORS)[number];

export const serveCommand: Command = {
  ...SERVE_INFO,
  endsOnSignal: true,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("serve", args, {
      "events-port": { type: "string", default: "5566" },
      "flowise-port": { type: "string", default: "3000" },
      host: { type: "string", default: "127.0.0.1" },
      "api-key": { type: "string" },
      seed: { type: "string" },
      "openai-key": { type: "string" },
      only: { type: "string" },
      spec: { type: "string" },
      provider: { type: "string" },
      script: { type: "string" },
      port: { type: "string", default: "4010" },
      explain: { type: "boolean", default: false },
      log: { type: "boolean", default: false },
      "no-cors": { type: "boolean", default: false },
      root: { type: "string", multiple: true },
    });
    // What every served emulator's handler gets: CORS (unless --no-cors), then --log's line per request.
    const wrap = (handler: FetchHandler) => {
      const served = values["no-cors"] ? handler : withCors(handler);
      return values.log ? withRequestLog(served, io) : served;
    };
    if (positionals.length > 0) {
      throw new ToolDeckError("usage", `unexpected argument '${positionals[0]}'`);
    }
    if (values.spec !== undefined) return runSpec(values.spec, { ...values, wrap }, io);
    if (values.provider !== undefined) return runProvider(values.provider, { ...values, wrap }, io);
    if (values.script !== undefined) throw new ToolDeckError("usage", "--script needs --provider NAME");
    if (values.explain) throw new ToolDeckError("usage", "--explain needs --spec FILE");
    const only = parseOnly(values.only);
    const started: Started[] = [];
    try {
      if (only !== "flowise")
        started.push(await serveEvents(parsePort("events-port", values["events-port"]), values.host, wrap));
      if (only !== "events") {
        const port = parsePort("flowise-port", values["flowise-port"]);
        started.push(
          await serveFlowise(
            {
              port,
              host: values.host,
              apiKey: values["api-key"],
              seed: values.seed,
              root: values.root,
              openAIKey: values["openai-key"],
              wrap,
            },
            io,
          ),
        );
      }
    } catch (error) {
      await stopAll(started.map(({ server }) => server));
      throw error;
    }
    // Said only once every listener is up: a port in use later on leaves no "listening" line behind.
    for (const { lines } of started) for (const line of lines) io.stdout(`${line}\n`);
    const servers = started.map(({ server }) => server);
    io.stdout("Press Ctrl+C to stop.\n");
    await waitForAbort(io.signal);
    await stopGently(servers, io);
    return EXIT.ok;
  },
};

/** `serve --spec FILE`: the spec emulator alone, or with --explain its inference, printed. */
async function runSpec(
  spec: string,
  values: {
    seed?: string | undefined;
    root?: string[] | undefined;
    port: string;
    host: string;
    explain: boolean;
    wrap: (handler: FetchHandler) => FetchHandler;
  },
  io: CliIo,
): Promise<number> {
  // The description and the seed are named here: read as named, inside the project and their folders.
  const read = projectReadOptions(
    values.root ? { roots: values.root } : {},
    values.seed === undefined ? [spec] : [spec, values.seed],
  );
  // What the emulator meets while answering and cannot honour (a schema ajv cannot compile): said once.
  const report = (line: string) => io.stderr(`${toLineText(line)}\n`);
  const emulator = await loadSpecEmulator(spec, { seed: values.seed, roots: read.roots, log: report });
  if (values.explain) {
    const lines = [...emulator.explain(), ...emulator.notes()];
    io.stdout(`${lines.map(toLineText).join("\n")}\n`);
    return EXIT.ok;
  }
  const server = await serveSpec(
    emulator,
    { port: parsePort("port", values.port), host: values.host, wrap: values.wrap },
    io,
  );
  io.stdout("Press Ctrl+C to stop.\n");
  await waitForAbort(io.signal);
  await stopGently([server], io);
  return EXIT.ok;
}

/** `serve --provider NAME`: the provider's emulator alone, its turns from --script FILE. */
async function runProvider(
  name: string,
  values: {
    script?: string | undefined;
    root?: string[] | undefined;
    port: string;
    host: string;
    wrap: (handler: FetchHandler) => FetchHandler;
  },
  io: CliIo,
): Promise<number> {
  const provider = parseProvider(name);
  const port = parsePort("port", values.port);
  const read = projectReadOptions(
    values.root ? { roots: values.root } : {},
    values.script ? [values.script] : [],
  );
  const script =
    values.script === undefined ? undefined : loadModelScript(values.script, { roots: read.roots });
  const emulator = createProviderEmulator(provider, {
    judge: defaultJudge(provider),
    ...(script ? { script } : {}),
  });
  const server = await serve(values.wrap(emulator.fetch), { port, host: values.host });
  for (const line of providerServeLines(provider, server.url)) io.stdout(`${line}\n`);
  io.stdout("Press Ctrl+C to stop.\n");
  await waitForAbort(io.signal);
  await stopGently([server], io);
  return EXIT.ok;
}

function parseProvider(value: string): EmulatedProvider {
  if ((EMULATED_PROVIDERS as readonly string[]).includes(value)) return value as EmulatedProvider;
  throw new ToolDeckError(
    "usage",
    `--provider must be one of ${EMULATED_PROVIDERS.join(", ")}, got '${value}'`,
  );
}

function parseOnly(value: string | undefined): Emulator | undefined {
  if (value === undefined || (EMULATORS as readonly string[]).includes(value))
    return value as Emulator | undefined;
  throw new ToolDeckError("usage", `--only must be one of ${EMULATORS.join(", ")}, got '${value}'`);
}

/** A listening server and the lines that say so, printed once every server listens. */
interface Started {
  server: RunningServer;
  lines: string[];
}

async function serveEvents(
  port: number,
  host: string,
  wrap: (handler: FetchHandler) => FetchHandler,
): Promise<Started> {
  const events = await serve(wrap(createEventService().fetch), { port, host });
  return { server: events, lines: [`event service listening on ${events.url} (GET ${events.url}/events)`] };
}

interface FlowiseServeOptions {
  port: number;
  host: string;
  apiKey: string | undefined;
  seed: string | undefined;
  root: string[] | undefined;
  openAIKey: string | undefined;
  wrap: (handler: FetchHandler) => FetchHandler;
}

/**
 * The key comes from --api-key, then TOOLDECK_API_KEY, else is generated and printed as such. The OpenAI
 * key for embeddings comes only from --openai-key or TOOLDECK_OPENAI_KEY, never OPENAI_API_KEY: a key
 * held for other work is not spent unless handed to serve on purpose.
 */
async function serveFlowise(options: FlowiseServeOptions, io: CliIo): Promise<Started> {
  const given = options.apiKey ?? io.env.TOOLDECK_API_KEY;
  if (given === "") throw new ToolDeckError("usage", "the API key must not be empty");
  const apiKey = given ?? generateApiKey();
  const seed = options.seed === undefined ? undefined : loadSeedFolder(options.seed, options.root);
  const flowise = createFlowiseEmulator({
    apiKeys: [apiKey],
    ...(seed ? { seed } : {}),
    embeddings: {
      openAIApiKey: options.openAIKey ?? io.env.TOOLDECK_OPENAI_KEY,
      openAIBaseUrl: io.env.OPENAI_BASE_URL,
    },
  });
  await flowise.ready().catch((cause: Error) => {
    throw new ToolDeckError("load", `document store seed: ${cause.message}`, { cause });
  });
  const server = await serve(options.wrap(flowise.fetch), { port: options.port, host: options.host });
  const api = `${server.url}/api/v1`;
  const lines = [
    `Flowise API listening on ${api} (GET ${api}/chatflows)`,
    `Document store embeddings: ${flowise.describeEmbedding()}`,
    `API key: ${apiKey}${given === undefined ? " (generated; set --api-key or TOOLDECK_API_KEY to choose one)" : ""}`,
  ];
  return { server, lines };
}

/** `--seed DIR`: read inside the project (and each `--root`) and the folder as named, never through a symlink out. */
function loadSeedFolder(dir: string, root: string[] | undefined): FlowiseSeed {
  const read = projectReadOptions(root ? { roots: root } : {}, [dir]);
  return loadFlowiseSeed(dir, { roots: read.roots });
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

async function stopAll(servers: RunningServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}

/** On the signal: no new connections; the requests in flight are answered, within the grace. */
async function stopGently(servers: RunningServer[], io: CliIo): Promise<void> {
  io.stdout(stoppingNote(servers.reduce((sum, server) => sum + server.inFlight, 0)));
  await Promise.all(servers.map((server) => server.close({ graceMs: DRAIN_GRACE_MS })));
  io.stdout("stopped\n");
}
