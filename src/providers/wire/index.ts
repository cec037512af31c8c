export { captureMcpToolsList } from "./capture-mcp-tools-list.js";
export { captureProviderRequest } from "./capture-provider-request.js";
export { captureWireRequest } from "./capture-wire-request.js";
export {
  CAPTURE_CLIENTS,
  type CapturedRequest,
  type CaptureOptions,
  type CaptureResult,
  DEFAULT_CAPTURE_MODELS,
  isRefusedCapture,
  type LangChainProviderId,
  type RefusedCapture,
} from "./captured-request.js";
export { type CapturedWireTool, wireToolsOfCapture } from "./captured-wire-tools.js";
export { type CapturedWireOptions, createCapturedWireToolsOf } from "./captured-wire-tools-of.js";
export { matchSentTools, type SentToolMatch } from "./match-sent-tools.js";
