import type { CapturedWireTool } from "../providers/wire/index.js";
import {
  CAPTURE_CLIENTS,
  captureWireRequest,
  isRefusedCapture,
  wireToolsOfCapture,
} from "../providers/wire/index.js";
import type { ProviderId } from "../providers/wire-tool.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { toJsonText, toLineText } from "../text/safe-text.js";

/** A listed tool and where its config is. */
export interface SourcedTool {
  tool: ExecutableTool;
  file: string;
  path: string;
}

/** What `tools --provider P` prints, and whether the provider's client sent every tool. */
export interface ProviderListing {
  stdout: string;
  /** Lines for stderr: the client's refusal, or each tool it left out. */
  problems: string[];
}

/**
 * The tools as the provider's client sends them, all in one request (one agent): each tool's entry of
 * the captured request body, exactly as sent, with its config's file and path. A client that refuses
 * the list, or leaves a tool out, is a problem line naming the client.
 */
export async function providerListing(
  provider: ProviderId,
  tools: readonly SourcedTool[],
  json: boolean,
): Promise<ProviderListing> {
  // The AWS SDK warns on stderr that it will need Node 22 from 2027: noise beside a listing.
  if (provider === "bedrock") process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = CAPTURE_CLIENTS[provider];
  const captured = await captureWireRequest(
    provider,
    tools.map((each) => each.tool),
  );
  if (isRefusedCapture(captured))
    return { stdout: "", problems: [`${client} refuses to send these tools: ${captured.refused}`] };
  const entries = toEntries(wireToolsOfCapture(captured), tools);
  const problems = captured.dropped.map((name) => {
    const source = tools.find((each) => each.tool.name === name);
    return `${client} leaves ${name}${source ? ` (${where(source)})` : ""} out of the request it sends`;
  });
  const stdout = json ? `${toJsonText(JSON.stringify(entries, null, 2))}\n` : entries.map(toText).join("\n");
  return { stdout, problems };
}

/** One tool as `--provider P --json` prints it: `at` is where it sits in the request body. */
interface Entry {
  name: string;
  file: string;
  path: string;
  at: string;
  sent: Record<string, unknown>;
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
