import { isToolDeckError } from "../../errors.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import {
  defaultWireToolsOf,
  type ModelTool,
  toWireForm,
  type WireForm,
  type WireToolsOf,
} from "../default-wire-tools.js";
import type { ProviderId } from "../wire-tool.js";
import { captureWireRequest } from "./capture-wire-request.js";
import {
  CAPTURE_CLIENTS,
  type CapturedRequest,
  type CaptureOptions,
  type CaptureResult,
  isRefusedCapture,
} from "./captured-request.js";
import { wireToolsOfCapture } from "./captured-wire-tools.js";
import { matchSentTools } from "./match-sent-tools.js";

/** How `createCapturedWireToolsOf` captures, and who hears when it cannot. */
export interface CapturedWireOptions extends CaptureOptions {
  /**
   * Hears, once per provider and cause, that a provider's default wire form was judged instead of its
   * capture: its package is not installed, or the capture failed.
   */
  onNote?: (note: string) => void;
  /** How a request is captured (default `captureWireRequest`): a test gives one that fails. */
  capture?: typeof captureWireRequest;
}

/**
 * The seam `WireToolsOf` as `--wire captured` fills it: each agent's tools as the real LangChain
 * provider class (or tooldeck's MCP server, for `mcp`) sends them, captured at a fake endpoint on
 * 127.0.0.1 (`captureWireRequest`), each sent tool matched to the tool given by name (`matchSentTools`),
 * so that a tool the client leaves out is named as such (`dropped`) and no finding lands on its
 * neighbour. A client that refuses to send the list gives its refusal, with the default form judged
 * besides. A provider whose package is not installed, or whose capture fails, is judged in the default
 * form (`defaultWireToolsOf`), one note saying so; a missing package is not looked for again in the run.
 * Gemini and Vertex AI share one capture per agent (one class, `ChatGoogleGenerativeAI`, sends both).
 * @example
 * const diagnostics = await lint(loaded.tools, { wireToolsOf: createCapturedWireToolsOf({ onNote: console.error }) });
 */
export function createCapturedWireToolsOf(options: CapturedWireOptions = {}): WireToolsOf {
  const { onNote, capture = captureWireRequest, ...captureOptions } = options;
  const noted = new Set<string>();
  const note = (line: string) => {
    if (noted.has(line)) return;
    noted.add(line);
    onNote?.(line);
  };
  const missing = new Map<string, string>();
  const captures = new WeakMap<readonly ModelTool[], Map<ProviderId, Promise<CaptureResult>>>();
  const captureOnce = (provider: ProviderId, agentTools: readonly ModelTool[]) => {
    const byClass = captures.get(agentTools) ?? new Map<ProviderId, Promise<CaptureResult>>();
    captures.set(agentTools, byClass);
    const key = provider === "vertex" ? "gemini" : provider;
    let captured = byClass.get(key);
    if (!captured) {
      captured = capture(provider, agentTools.map(toCapturedTool), captureOptions);
      byClass.set(key, captured);
    }
    return captured;
  };
  return async (provider, agentTools) => {
    const client = CAPTURE_CLIENTS[provider];
    const unavailable = missing.get(client);
    if (unavailable !== undefined) return fallBack(provider, agentTools, unavailable, note);
    // The AWS SDK warns on stderr that it will need Node 22 from 2027: noise beside a report.
    if (provider === "bedrock") process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    let captured: CaptureResult;
    try {
      captured = await captureOnce(provider, agentTools);
    } catch (error) {
      // A ToolDeckError is the one loadProviderPackage throws: the package is missing for the whole run.
      const cause = isToolDeckError(error)
        ? error.message
        : `capturing what ${client} sends failed: ${error instanceof Error ? error.message : String(error)}`;
      if (isToolDeckError(error)) missing.set(client, cause);
      return fallBack(provider, agentTools, cause, note);
    }
    if (isRefusedCapture(captured)) {
      const form = toWireForm(await defaultWireToolsOf(provider, agentTools));
      return { ...form, client, refused: captured.refused };
    }
    return capturedForm(provider, captured, agentTools);
  };
}

/** The capture's tools as judged, each matched by name to the tool given. */
function capturedForm(
  provider: ProviderId,
  captured: CapturedRequest,
  agentTools: readonly ModelTool[],
): WireForm {
  const tools = wireToolsOfCapture(captured);
  const match = matchSentTools(
    agentTools.map((tool) => tool.name),
    tools.map((tool) => tool.name),
  );
  return { tools, given: match.given, client: CAPTURE_CLIENTS[provider], dropped: match.dropped };
}

async function fallBack(
  provider: ProviderId,
  agentTools: readonly ModelTool[],
  cause: string,
  note: (line: string) => void,
): Promise<WireForm> {
  note(`${provider}: judged the default wire form, not the captured one: ${cause}`);
  return toWireForm(await defaultWireToolsOf(provider, agentTools));
}

/** A tool as the capture binds it: what its model is given; a capture never runs it. */
function toCapturedTool(tool: ModelTool): ExecutableTool {
  return { ...tool, invoke: () => Promise.reject(new Error("a capture never runs a tool")) };
}
