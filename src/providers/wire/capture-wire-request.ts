import { toLangChainTools } from "../../runtime/langchain/to-langchain-tools.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import type { ProviderId } from "../wire-tool.js";
import { captureMcpToolsList } from "./capture-mcp-tools-list.js";
import { captureProviderRequest } from "./capture-provider-request.js";
import type { CaptureOptions, CaptureResult } from "./captured-request.js";

/**
 * What a provider is sent for tooldeck's tools, any provider: for the LangChain providers the request
 * their class sends for the tools as tooldeck's runtime builds them (`toLangChainTools`, as Flowise's
 * and n8n's agents bind them), for `mcp` the `tools/list` result of tooldeck's MCP server. A list the
 * MCP server refuses (two tools of one name), or that the MCP SDK's client refuses (a schema whose
 * `type` is not `object`), gives the refusal.
 * @example
 * const captured = await captureWireRequest("anthropic", await createTools(configs));
 */
export async function captureWireRequest(
  provider: ProviderId,
  tools: readonly ExecutableTool[],
  options: CaptureOptions = {},
): Promise<CaptureResult> {
  if (provider !== "mcp") return captureProviderRequest(provider, toLangChainTools(tools), options);
  try {
    return await captureMcpToolsList(tools);
  } catch (error) {
    return { provider, refused: refusalText(error) };
  }
}

/**
 * A refusal on one line: the MCP SDK's client checks a `tools/list` answer with zod and throws its
 * issues as a JSON array (`tools[2].inputSchema.type: Invalid input: expected "object"`).
 */
function refusalText(error: unknown): string {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return error instanceof Error ? error.message : String(error);
  return issues
    .map(
      (issue: { path?: (string | number)[]; message?: string }) =>
        `${issuePath(issue.path ?? [])}: ${issue.message}`,
    )
    .join("; ");
}

function issuePath(path: readonly (string | number)[]): string {
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : `${i > 0 ? "." : ""}${key}`)).join("");
}
