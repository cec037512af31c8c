/** The help lines several commands share: text only, so `--help` loads nothing else. */

export const PROJECT_FLAGS_HELP = `  --root DIR          also read files that configs, specs and $refs name from DIR (repeatable; default: this
                      repository and the folders of the paths given, unless a symlink leads out of it)
  --allow-remote-refs download http(s) specs and $refs (never from private, metadata or other
                      special-purpose addresses: loopback, 100.64.0.0/10, 192.0.0.0/24, TEST-NETs, …)`;

/** The --config line of the commands that load tools without linting them (tools, call, agent, mcp). */
export const SETTINGS_FLAG_HELP = `  --config FILE       the settings whose flowise: { tools: { <id>: <file> } } links Custom Tools to their
                      exports and dify: { providers: { <name>: <file> } } names custom tool providers'
                      documents, as check reads them (default tooldeck.config.{json,yaml,yml} here)`;

/** The lines of every help that says where requests may go (docs/security.md). */
export const OUTBOUND_FLAGS_HELP = `  --allow-host HOST   also call this host (host or host:port; repeatable); any other host is refused
  --allow-writes      send POST, PUT, PATCH and DELETE to real services too (the emulators always take them)`;

/** The --allow-code line of every help that runs tools. */
export const ALLOW_CODE_HELP =
  "  --allow-code        run toolkits' Custom Code (in a sandbox: QuickJS in WebAssembly, nothing of Node's, 64 MiB, a hard time limit); without it Flowise's default code is used";

/** The --sandbox-workers lines of every help that runs tools (docs/security.md). */
export const SANDBOX_WORKERS_HELP = `  --sandbox-workers N run at most N sandboxed calls at once, for the whole command (default: the CPU count;
                      memory at most N x 64 MiB); the other calls wait their turn, their time limit counted
                      from their start`;

export const TOOL_FLAGS_HELP = `  --profile P         standard (what the config means), n8n (what n8n 2.41 does), flowise (what
                      Flowise 3.1 does) or dify (what Dify does); default, as check: a platform's
                      export runs as that platform runs it, anything else as standard
  --flow FILE         only the tools of this flow (a file, or an agent: 'flow.json › Agent 1'), when
                      several flows have a tool of one name
  --var KEY=VALUE     set {{$vars.KEY}} (repeatable); printed as it is unless it is secret (docs/security.md)
  --secret KEY=VALUE  set {{$vars.KEY}} and never print its value (repeatable; a credential-like name such
                      as api_key, or a use as a credential in a config, makes a --var secret too)
  --vars FILE         variables from a JSON or YAML object; those under its secrets: are secret
  --base-url URL      send every tool to this service instead of the emulators (sets base_url; a toolkit's
                      server and a request tool's or HTTP node's own origin become it)
  --spec FILE         the OpenAPI description of the tools' service: a stateful emulator of it answers
                      every host the embedded emulators do not (toolkits' own specs are emulated too)
  --live              call the tools' real hosts instead of spec emulators (they still need --allow-host)
${OUTBOUND_FLAGS_HELP}
${ALLOW_CODE_HELP}
${SANDBOX_WORKERS_HELP}
${SETTINGS_FLAG_HELP}
${PROJECT_FLAGS_HELP}`;

/** The flags that read a running platform instance's tools (tools, lint and check). */
export const PLATFORM_FLAGS_HELP = `  --flowise URL       also read the tools of a Flowise instance's chatflows (GET /api/v1/chatflows)
  --api-key KEY       its API key (default $TOOLDECK_API_KEY or $FLOWISE_API_KEY)
  --chatflow ID       only this chatflow (repeatable)
  --n8n URL           also read the HTTP tools of an n8n instance's workflows (GET /api/v1/workflows;
                      the API key from --api-key, $TOOLDECK_API_KEY or $N8N_API_KEY)
  --workflow ID       only this n8n workflow (repeatable)
  --dify URL          also read the apps of a Dify instance through its console export
                      (GET /console/api/apps/{id}/export, secrets left out; the console token from
                      --api-key, $TOOLDECK_API_KEY or $DIFY_API_KEY), and the documents of the custom
                      tool providers they use (…/tool-provider/api/get?provider=NAME, once each)
  --app ID            only this Dify app (repeatable)
                      (each sends the key to the URL's origin only: a redirect elsewhere is refused)`;

/**
 * The MCP source flags of tools, lint and check: the only way to name an MCP server, since an argument
 * is always a path.
 */
export const MCP_FLAGS_HELP = `  --mcp COMMAND       also list the tools of the MCP server this command starts over stdio (tools/list;
                      quoted: split as a shell would, run without one; repeatable)
  --mcp-url URL       also list the tools of this Streamable HTTP MCP server (its host needs
                      --allow-host; repeatable)`;
