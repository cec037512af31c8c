import { DRAIN_GRACE_MS } from "../../net/drain-grace.js";
import type { CommandInfo } from "../cli-io.js";

/** `tooldeck serve`: its name, summary and --help text (static: `--help` loads nothing else). */
export const SERVE_INFO: CommandInfo = {
  drainMs: DRAIN_GRACE_MS,
  name: "serve",
  summary: "serve the embedded emulators over HTTP",
  help: `Usage: tooldeck serve [options]

Serve the embedded emulators over HTTP until Ctrl+C (SIGINT) or SIGTERM. Then it stops taking
connections, answers the requests in flight (for at most ${DRAIN_GRACE_MS / 1000} s) and exits 0; a second signal stops it at
once (exit 130 or 143).

Options:
  --events-port PORT   port of the event service (default 5566; 0 picks a free port)
  --flowise-port PORT  port of the Flowise API emulator (default 3000; 0 picks a free port)
  --host HOST          address to listen on (default 127.0.0.1)
  --api-key KEY        the Flowise API key (default: env TOOLDECK_API_KEY, else a generated one)
  --seed DIR           Flowise seed folder with chatflows/*.json flow exports and document-stores/*.json
                       (default seeds/flowise)
  --openai-key KEY     let document stores configured with openAIEmbeddings call OpenAI (default: env
                       TOOLDECK_OPENAI_KEY, never OPENAI_API_KEY; OPENAI_BASE_URL points it at an
                       OpenAI-compatible server); without a key every embedding name is served by a
                       local hashed embedding, as in every other command
  --only NAME          serve only this emulator: events or flowise
  --log                print each request on stderr once answered: method, path, status, ms
  --no-cors            do not answer browsers' CORS preflights nor send Access-Control-* headers (by
                       default every emulator allows every origin, without credentials, as Prism does)
  --spec FILE          serve a stateful emulator of this OpenAPI description instead (docs/spec-emulator.md)
  --port PORT          its port, or --provider's (default 4010; 0 picks a free port)
  --seed FILE          with --spec: its starting items, JSON or YAML { "<collection path>": [items] }
                       (default the description's examples)
  --explain            with --spec: print what each operation does (PATCH /events/{id} → update
                       events; the envelope an answer wraps the item in: the item inside "data") and
                       the schema patterns it does not honour, and exit
  --provider NAME      serve an emulator of a model provider's tool-calling API instead: openai (POST
                       /v1/chat/completions, /v1/responses), anthropic (POST /v1/messages) or gemini (POST
                       /v1beta/models/{model}:generateContent), on --port; a request whose tools the
                       provider would refuse gets the provider's status and error body, a valid one the
                       scripted model's turn (docs/provider-emulators.md)
  --script FILE        with --provider: the model's turns, JSON or YAML ([{ calls: [{ tool, args }] },
                       { answer: "…" }], as a scenario's model.scripted); the request with N model turns
                       in its conversation gets turn N+1; default an answer saying the tools were accepted
  --root DIR           also read seeds and the description from DIR (repeatable); by default they are
                       read inside the project (the repository of the working directory) and their
                       own folder, never through a symlink out of it
  -h, --help           show this help

The event service starts with the five events of seeds/events.json; the Flowise emulator with the
chatflows of its seed folder, under /api/v1, and needs "Authorization: Bearer <key>". Both keep their
state in memory until they stop. URLs and the API key are printed once they listen.`,
};
