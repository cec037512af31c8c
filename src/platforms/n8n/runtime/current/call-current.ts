import { networkFetch } from "../../../../net/network-fetch.js";
import type { ToolResult } from "../../../../runtime/tool-result.js";
import type { N8nHttpToolConfig } from "../../config/n8n-http-tool-config.js";
import type { CompiledParameters } from "../../expression/compiled-parameters.js";
import { optimizeNotReproduced, refusedResult, toolError } from "../model-text.js";
import type { N8nCallContext } from "../n8n-call-context.js";
import { networkFailureOf, networkSentence } from "../n8n-error-text.js";
import { N8nNodeError, NotReproducible } from "../node-failure.js";
import { type OptimizeSettings, optimizeSettingsOf } from "../optimize-response.js";
import { buildCurrentRequest, type CurrentCall } from "./build-current-request.js";
import { currentItems } from "./current-output.js";
import { type Exchange, sendCurrent } from "./send-current.js";

/**
 * One call of the current HTTP Request tool (reference sections 3 and 4): the request built from the
 * arguments, sent, and its answer as the item list the model sees, compact JSON, no size limit, no
 * redaction (facts 25-27, 31); every failure as the agent words it.
 */
export async function callCurrent(
  context: N8nCallContext,
  parameters: CompiledParameters,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  const { config, options } = context;
  let call: CurrentCall;
  try {
    call = buildCurrentRequest(
      parameters,
      config.typeVersion,
      context.auth,
      { args, vars: options.vars },
      options.varsFrom,
    );
  } catch (error) {
    if (error instanceof N8nNodeError) return toolError(config, error.message);
    throw error;
  }
  const exchange = await sendCurrent(options.fetch ?? networkFetch, call, config, context.signal);
  if (!exchange.ok) {
    return (
      refusedResult(exchange.error, call.request) ??
      toolError(config, networkSentence(networkFailureOf(exchange.error)), call.request)
    );
  }
  return answerResult(config, call, exchange, optimizeSettingsOf(config.parameters));
}

/** What the model is given of an answer; one Optimize Response cannot rework as n8n does goes unoptimised. */
function answerResult(
  config: N8nHttpToolConfig,
  call: CurrentCall,
  exchange: Extract<Exchange, { ok: true }>,
  optimize: OptimizeSettings | undefined,
): ToolResult {
  try {
    const items = currentItems(exchange.response, call.response, optimize, exchange.headers);
    return { ok: true, output: JSON.stringify(items), request: call.request, response: exchange.response };
  } catch (error) {
    if (error instanceof N8nNodeError)
      return toolError(config, error.message, call.request, exchange.response);
    if (error instanceof NotReproducible && optimize !== undefined) {
      const plain = answerResult(config, call, exchange, undefined);
      return optimizeNotReproduced(error.message, plain.output, call.request, exchange.response);
    }
    throw error;
  }
}
