import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool } from "../../config/tool-config.js";
import { ToolDeckError } from "../../errors.js";
import type { ListedMcpTool } from "../../mcp/list-mcp-tools.js";
import { configPathsToRead, loadToolSources } from "../../pipeline/load-tool-sources.js";
import { PROVIDER_IDS, type ProviderId } from "../../providers/wire-tool.js";
import { createTool } from "../../runtime/create-tools.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import { toJsonText, toLineText } from "../../text/safe-text.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { TOOLS_INFO } from "../help/tools-help.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { SETTINGS_FLAG, settingsLinks } from "../settings-links.js";
import { PROJECT_FLAGS, profileChoice, reportLoadIssues, specReadOptions } from "../tool-options.js";
import { commandLineSources, TOOL_SOURCE_FLAGS } from "../tool-source-flags.js";

export const toolsCommand: Command = {
  ...TOOLS_INFO,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("tools", args, {
      profile: { type: "string" },
      provider: { type: "string" },
      json: { type: "boolean", default: false },
      "allow-host": { type: "string", multiple: true },
      ...TOOL_SOURCE_FLAGS,
      ...PROJECT_FLAGS,
      ...SETTINGS_FLAG,
    });
    const profileOf = profileChoice(values.profile);
    const provider = values.provider === undefined ? undefined : parseProvider(values.provider);
    const sources = await commandLineSources(positionals, values, io);
    const read = specReadOptions(values, configPathsToRead(sources));
    const loaded = reportLoadIssues(
      "tools",
      await loadToolSources({
        ...sources,
        roots: read.roots,
        allowHosts: values["allow-host"],
        ...settingsLinks(values),
      }),
      io,
    );
    if (loaded.tools.length + loaded.mcpTools.length === 0 && loaded.errors.length === 0) {
      const named = [...positionals, ...(values.mcp ?? []), ...(values["mcp-url"] ?? [])];
      throw new ToolDeckError("usage", `no tools found in ${named.join(", ") || "tools/"}`);
    }
    const listed: { tool: ExecutableTool; source: LoadedTool["source"] }[] = [];
    let failed = loaded.errors.length > 0;
    for (const { config, source } of loaded.tools) {
      try {
        const tools = await createTool(config, { profile: profileOf({ source }), ...read });
        listed.push(...tools.map((tool) => ({ tool, source })));
      } catch (error) {
        const where = `${source.file}${source.path ? `: ${source.path}` : ""}`;
        io.stderr(`tooldeck tools: ${toLineText(`${where}: ${(error as Error).message}`)}\n`);
        failed = true;
      }
    }
    if (provider) {
      const sent = await listForProvider(provider, listed, loaded.mcpTools, values.json, io);
      return failed ? EXIT.usage : sent;
    }
    const entries = [...listed.map(toEntry), ...loaded.mcpTools.map(fromMcp)];
    io.stdout(
      // A config's description is the pull request author's text: shown, never obeyed by the terminal.
      values.json ? `${toJsonText(JSON.stringify(entries, null, 2))}\n` : entries.map(toText).join("\n"),
    );
    return failed ? EXIT.usage : EXIT.ok;
  },
};

function parseProvider(value: string): ProviderId {
  const provider = PROVIDER_IDS.find((id) => id === value);
  if (provider) return provider;
  const known = PROVIDER_IDS.join(", ").replace(/, (?=[^,]*$)/, " or ");
  throw new ToolDeckError("usage", `--provider must be ${known}, got '${value}'`);
}

/**
 * `--provider P`: the tools as that provider's client sends them, one request per agent
 * (src/providers/wire/, loaded only then: it loads LangChain's provider classes). An MCP server's
 * tool is given as it was listed, the server's tools as one agent's.
 */
async function listForProvider(
  provider: ProviderId,
  listed: readonly { tool: ExecutableTool; source: LoadedTool["source"] }[],
  mcpTools: readonly ListedMcpTool[],
  json: boolean,
  io: CliIo,
): Promise<number> {
  const { providerListing } = await import("../provider-tool-list.js");
  const tools = [
    ...listed.map(({ tool, source }) => ({
      tool,
      file: source.file,
      path: source.path,
      agent: agentOf(source),
    })),
    ...mcpTools.map((tool) => ({
      tool: asExecutable(tool),
      file: tool.source.file,
      path: tool.source.path,
      agent: agentOf(tool.source),
    })),
  ];
  const { stdout, problems } = await providerListing(provider, tools, json);
  io.stdout(stdout);
  for (const problem of problems) io.stderr(`tooldeck tools: ${toLineText(problem)}\n`);
  return problems.length > 0 ? EXIT.findings : EXIT.ok;
}

/** An MCP server's listed tool, to be handed to a provider's client: it is never called here. */
function asExecutable(tool: ListedMcpTool): ExecutableTool {
  return {
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema,
    invoke: () => Promise.reject(new Error(`${tool.name} is only listed`)),
  };
}

/** One listed tool, as `--json` prints it. */
interface Entry {
  name: string;
  description: string | undefined;
  method: string | undefined;
  url: string | undefined;
  file: string;
  path: string;
  inputSchema: Record<string, unknown>;
}

function toEntry({ tool, source }: { tool: ExecutableTool; source: LoadedTool["source"] }): Entry {
  return {
    name: tool.name,
    description: tool.description,
    method: tool.endpoint?.method,
    url: tool.endpoint?.url,
    file: source.file,
    path: source.path,
    inputSchema: tool.inputSchema,
  };
}

/** An MCP server's tool: it names no method or URL (the server decides what it calls). */
function fromMcp(tool: ListedMcpTool): Entry {
  return {
    name: tool.name,
    description: tool.description,
    method: undefined,
    url: undefined,
    file: tool.source.file,
    path: tool.source.path,
    inputSchema: tool.inputSchema,
  };
}

/** A tool as text: its name, endpoint and file on one line, its description on the next, then its schema. */
function toText(entry: Entry): string {
  const where = `${entry.file}${entry.path ? ` ${entry.path}` : ""}`;
  const endpoint = entry.method ? `${entry.method} ${entry.url}` : "";
  const schema = toJsonText(JSON.stringify(entry.inputSchema, null, 2)).replace(/^/gm, "    ");
  return `${toLineText(`${entry.name}  ${endpoint}  (${where})`)}\n  ${toLineText(entry.description ?? "")}\n${schema}\n`;
}
