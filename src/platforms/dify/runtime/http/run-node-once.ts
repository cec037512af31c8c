import type { FetchLike } from "../../../../net/fetch-like.js";
import { OutboundRefusedError } from "../../../../runtime/outbound/outbound-policy.js";
import type { ToolResult } from "../../../../runtime/tool-result.js";
import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { DifyNodeError, DifyNotReproduced } from "../dify-node-error.js";
import type { DifyVariablePool } from "../dify-variable-pool.js";
import { buildNodeRequest, type NodeRequest } from "./node-request.js";
import { checkAnswerSize, isFileAnswer, nodeOutputs } from "./node-response.js";
import { nodeFailed, nodeSucceeded, notReproduced, refused, toolResponseOf } from "./node-results.js";
import { type NodeExchange, nodeTimeoutMs, sendNodeRequest } from "./node-send.js";
import { transportFailure } from "./transport-failure.js";

/** Statuses Dify's client retries and, with no retries left, never returns (fact 38, `STATUS_FORCELIST`). */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * One run of the node (graphon `HttpRequestNode._run`): the request built, sent, and its answer read;
 * a non-2xx answer succeeds unless the node has an error strategy or retry (fact 39).
 */
export async function runNodeOnce(
  config: DifyHttpRequestConfig,
  pool: DifyVariablePool,
  fetch: FetchLike,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  let built: NodeRequest;
  try {
    built = buildNodeRequest(config, pool);
  } catch (error) {
    if (error instanceof DifyNodeError) return nodeFailed(config, error);
    if (error instanceof DifyNotReproduced) return notReproduced(error.message);
    throw error;
  }
  const exchange = await sendNodeRequest(fetch, built.request, nodeTimeoutMs(config), signal);
  return readExchange(config, built, exchange);
}

function readExchange(config: DifyHttpRequestConfig, built: NodeRequest, exchange: NodeExchange): ToolResult {
  const { request } = built;
  if (!exchange.ok) {
    if (exchange.error instanceof OutboundRefusedError) return refused(exchange.error.message, request);
    const failure = transportFailure(exchange.error, exchange.timedOut);
    return failure.ok ? nodeFailed(config, failure.error, request) : notReproduced(failure.reason, request);
  }
  const { answer } = exchange;
  if (RETRIED_STATUSES.has(answer.status))
    return nodeFailed(
      config,
      new DifyNodeError("HttpRequestNodeError", `Reached maximum retries for URL ${built.url}`),
      request,
    );
  const response = toolResponseOf(answer);
  const isFile = isFileAnswer(answer);
  try {
    checkAnswerSize(answer, isFile);
  } catch (error) {
    if (error instanceof DifyNodeError) return nodeFailed(config, error, request, response);
    throw error;
  }
  const outputs = nodeOutputs(answer, isFile);
  const success = answer.status >= 200 && answer.status < 300;
  if (!success && (config.error_strategy !== undefined || config.retry_config.retry_enabled)) {
    const failure = new DifyNodeError(
      "HTTPResponseCodeError",
      `Request failed with status code ${answer.status}`,
    );
    return nodeFailed(config, failure, request, response);
  }
  return nodeSucceeded(outputs, request, response);
}
