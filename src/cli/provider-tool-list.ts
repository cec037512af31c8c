import type { ToolAgent } from "../config/tool-config.js";
import {
  CAPTURE_CLIENTS,
  type CapturedWireTool,
  captureWireRequest,
  isRefusedCapture,
  wireToolsOfCapture,
} from "../providers/wire/index.js";
import type { ProviderId } from "../providers/wire-tool.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { toJsonText, toLineText } from "../text/safe-text.js";

/** A listed tool, where its config is, and the agent it is given to. */
export interface SourcedTool {
  tool: ExecutableTool;
  file: string;
  path: string;
  agent: ToolAgent;
}

/** What `tools --provider P` prints, and whether the provider's client sent every tool. */
export interface ProviderListing {
  stdout: string;
  /** Lines for stderr: the client's refusal, or each tool it left out. */
  problems: string[];
}

/** One tool as `--provider P --json` prints it: `at` is where it sits in its agent's request body. */
interface Entry {
  name: string;
  agent: string;
  file: string;
  path: string;
  at: string;
  sent: Record<string, unknown>;
}

/**
 * The tools as the provider's client sends them, one request per agent (the tools an Agent node or an
 * n8n agent holds, else a file's): each tool's entry of the captured request body, exactly as sent,
 * with its config's file and path. A client that refuses an agent's list, or leaves a tool out, is a
 * problem line naming the client.
 */
export async function providerListing(
  provider: ProviderId,
  tools: readonly SourcedTool[],
  json: boolean,
): Promise<ProviderListing> {
  // The AWS SDK warns on stderr that it will need Node 22 from 2027: noise beside a listing.
  if (provider === "bedrock") process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const agents = byAgent(tools);
  const entries: Entry[][] = [];
  const problems: string[] = [];
  for (const agentTools of agents) {
    const sent = await agentListing(provider, agentTools, agents.length > 1);
    entries.push(sent.entries);
    problems.push(...sent.problems);
  }
  if (json) return { stdout: `${toJsonText(JSON.stringify(entries.flat(), null, 2))}\n`, problems };
  const texts = entries
    .filter((agentEntries) => agentEntries.length > 0)
    .map((agentEntries) => {
      const heading = agents.length > 1 ? `${toLineText(`${agentEntries[0]?.agent}:`)}\n` : "";
      return heading + agentEntries.map(toText).join("\n");
    });
  return { stdout: texts.join("\n"), problems };
}

/** One agent's request: its tools as sent, or the client's refusal, and the tools it left out. */
async function agentListing(
  provider: ProviderId,
  tools: readonly SourcedTool[],
  namesAgent: boolean,
): Promise<{ entries: Entry[]; problems: string[] }> {
  const client = CAPTURE_CLIENTS[provider];
  const agent = tools[0]?.agent.label ?? "";
  const captured = await captureWireRequest(
    provider,
    tools.map((each) => each.tool),
  );
  if (isRefusedCapture(captured)) {
    const whose = namesAgent ? `the tools of ${agent}` : "these tools";
    return { entries: [], problems: [`${client} refuses to send ${whose}: ${captured.refused}`] };
  }
  const problems = captured.dropped.map((name) => {
    const source = tools.find((each) => each.tool.name === name);
    return `${client} leaves ${name}${source ? ` (${where(source)})` : ""} out of the request it sends`;
  });
  return { entries: toEntries(wireToolsOfCapture(captured), tools), problems };
}

/** The tools grouped by agent, the agents in the order their first tool is listed. */
function byAgent(tools: readonly SourcedTool[]): SourcedTool[][] {
  const groups = new Map<string, SourcedTool[]>();
  for (const tool of tools) {
    const group = groups.get(tool.agent.id);
    if (group) group.push(tool);
    else groups.set(tool.agent.id, [tool]);
  }
  return [...groups.values()];
}

/** Each sent tool with its config: the next listed tool of its name, in order (clients keep the order). */
function toEntries(sent: readonly CapturedWireTool[], tools: readonly SourcedTool[]): Entry[] {
  let next = 0;
  return sent.map((wire) => {
    const found = tools.findIndex((each, i) => i >= next && each.tool.name === wire.name);
    if (found >= 0) next = found + 1;
    const source = tools[found];
    return {
      name: wire.name,
      agent: source?.agent.label ?? "",
      file: source?.file ?? "",
      path: source?.path ?? "",
      at: wire.path,
      sent: wire.sent,
    };
  });
}

function where(source: { file: string; path: string }): string {
  return `${source.file}${source.path ? ` ${source.path}` : ""}`;
}

/** A sent tool as text: its name, place in the body and config on one line, then its entry as sent. */
function toText(entry: Entry): string {
  const sent = toJsonText(JSON.stringify(entry.sent, null, 2)).replace(/^/gm, "    ");
  return `${toLineText(`${entry.name}  ${entry.at}  (${where(entry)})`)}\n${sent}\n`;
}
