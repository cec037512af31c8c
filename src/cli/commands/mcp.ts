import { formatConfigIssue } from "../../config/config-issue.js";
import type { LoadedTool } from "../../config/tool-config.js";
import { type RunningServer, serve } from "../../emulator/serve.js";
import { ToolDeckError } from "../../errors.js";
import { createMcpHttpHandler, DEFAULT_MCP_PATH } from "../../mcp/mcp-http-handler.js";
import { type StdioStreams, serveMcpStdio } from "../../mcp/serve-mcp-stdio.js";
import { toMcpServer } from "../../mcp/to-mcp-server.js";
import { DRAIN_GRACE_MS } from "../../net/drain-grace.js";
import { packageVersion } from "../../package/package-version.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import { secretVars } from "../../secrets/secret-vars.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { DEFAULT_MCP_PORT, MCP_INFO } from "../help/mcp-help.js";
import { parseCommandArgs, parsePort } from "../parse-command-args.js";
import { buildRunTools, describeRunProfiles, toolsForOneModel, toolsOfFlow } from "../run-tools.js";
import { specEmulatorsForRun } from "../spec-emulators-for-run.js";
import { stoppingNote } from "../stopping-note.js";
import { loadToolsReporting, TOOL_FLAGS, useSandboxWorkers } from "../tool-options.js";
import { type ToolRunSetup, toolRunSetup } from "../tool-run-setup.js";

const TRANSPORTS = ["stdio", "http"] as const;

/**
 * The `mcp` command; stdio serves on `streams` (default the process's stdin and stdout), so a test can
 * drive it in-process.
 */
export function createMcpCommand(streams?: () => StdioStreams): Command {
  return {
    ...MCP_INFO,
    endsOnSignal: true,
    run: (args, io) => runMcp(args, io, streams),
  };
}

export const mcpCommand: Command = createMcpCommand();

async function runMcp(args: string[], io: CliIo, streams?: () => StdioStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp", args, {
    ...TOOL_FLAGS,
    transport: { type: "string", default: "stdio" },
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: String(DEFAULT_MCP_PORT) },
    list: { type: "boolean", default: false },
  });
  const transport = parseTransport(values.transport);
  const port = parsePort("port", values.port);
  await useSandboxWorkers(values["sandbox-workers"], values["allow-code"]);
  const served = await loadServedTools(values, positionals, io);
  if (!served) return EXIT.usage;
  const { tools, profiles, setup, secretNames } = served;
  const target = setup.emulator ? "the embedded emulators, in-process" : (values["base-url"] ?? "");
  const summary = `${tools.length} tools (profile ${profiles}) against ${target}`;
  const newServer = () =>
    toMcpServer(tools, {
      version: packageVersion(),
      instructions: `HTTP tools from tooldeck tool configs, run as the ${profiles} profile does, against ${target}.`,
      vars: setup.runtime.vars ?? {},
      secretVars: secretNames,
      openWorld: !setup.emulator || values.live || (values["allow-host"]?.length ?? 0) > 0,
    });
  // Built once before anything is served or listed: two tools of one name are refused here.
  newServer();
  if (values.list) {
    io.stdout(listing(tools, summary));
    return EXIT.ok;
  }
  if (transport === "stdio") {
    io.stderr(`${toLineText(`note: serving ${summary} over stdio`)}\n`);
    await serveMcpStdio(newServer(), io.signal, streams?.(), {
      graceMs: DRAIN_GRACE_MS,
      onStopping: (inFlight) => io.stderr(stoppingNote(inFlight)),
    });
    return EXIT.ok;
  }
  return serveHttp(newServer, { host: values.host, port }, summary, io);
}

/**
 * The tools to serve, built as `call` builds them (the embedded emulators unless --base-url, spec
 * emulators unless --live, the outbound guard); undefined when a config could not be loaded.
 */
async function loadServedTools(
  values: Parameters<typeof toolRunSetup>[0] &
    Parameters<typeof specEmulatorsForRun>[1] & { flow?: string | undefined },
  positionals: string[],
  io: CliIo,
): Promise<
  { tools: ExecutableTool[]; profiles: string; setup: ToolRunSetup; secretNames: string[] } | undefined
> {
  const { loaded, read } = loadToolsReporting("mcp", positionals, values, io);
  if (loaded.errors.length > 0) return undefined;
  const served = leaveOutHttpNodes(loaded.tools, io);
  const setup = toolRunSetup(
    { ...values, tools: positionals },
    io,
    await specEmulatorsForRun(loaded.tools, values, read),
    loaded.vars,
  );
  const secrets = secretVars(setup.runtime.vars ?? {}, {
    marked: setup.secretVars,
    configs: loaded.tools.map((tool) => tool.config),
  });
  io.hideSecrets?.(secrets.map(([, value]) => value));
  const built = await buildRunTools(served, setup.runtime, setup.profileOf);
  const picked = toolsForOneModel(toolsOfFlow(built, values.flow));
  return {
    tools: picked.map(({ tool }) => tool),
    profiles: describeRunProfiles(picked, setup.runtime.profile ?? "standard"),
    setup,
    secretNames: secrets.map(([name]) => name),
  };
}

function parseTransport(value: string): (typeof TRANSPORTS)[number] {
  if ((TRANSPORTS as readonly string[]).includes(value)) return value as (typeof TRANSPORTS)[number];
  throw new ToolDeckError("usage", `--transport must be one of ${TRANSPORTS.join(", ")}, got '${value}'`);
}

/** HTTP nodes run before or after an agent; no LLM calls them, so no MCP client is offered them. */
function leaveOutHttpNodes(tools: readonly LoadedTool[], io: CliIo): LoadedTool[] {
  for (const { config, source } of tools) {
    if (config.kind !== "http") continue;
    const where = formatConfigIssue({ file: source.file, path: source.path, message: "" });
    io.stderr(
      `${toLineText(`note: ${where}: ${config.name ?? "an HTTP node"} is an HTTP node, not an LLM tool: not served`)}\n`,
    );
  }
  return tools.filter((tool) => tool.config.kind !== "http");
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** `--list`: each tool's name and endpoint, then its description, each one line; the summary last. */
function listing(tools: readonly ExecutableTool[], summary: string): string {
  const lines = tools.map((tool) => {
    const endpoint = tool.endpoint ? `  ${tool.endpoint.method} ${tool.endpoint.url}` : "";
    return `${toLineText(`${tool.name}${endpoint}`)}\n  ${toLineText(tool.description)}`;
  });
  return `${[...lines, toLineText(summary)].join("\n")}\n`;
}

async function serveHttp(
  newServer: Parameters<typeof createMcpHttpHandler>[0],
  listen: { host: string; port: number },
  summary: string,
  io: CliIo,
): Promise<number> {
  const server: RunningServer = await serve(createMcpHttpHandler(newServer, { host: listen.host }), listen);
  if (!isLoopback(listen.host))
    io.stderr(
      `${toLineText(`warning: listening on ${listen.host}: whoever reaches it can call the tools (there is no authentication)`)}\n`,
    );
  io.stdout(
    `MCP server (Streamable HTTP) listening on ${server.url}${DEFAULT_MCP_PATH}: ${toLineText(summary)}\n`,
  );
  io.stdout("Press Ctrl+C to stop.\n");
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    else io.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  io.stdout(stoppingNote(server.inFlight));
  await server.close({ graceMs: DRAIN_GRACE_MS });
  io.stdout("stopped\n");
  return EXIT.ok;
}
