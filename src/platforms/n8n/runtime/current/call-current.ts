import { networkFetch } from "../../../../net/network-fetch.js";
import type { ToolResult } from "../../../../runtime/tool-result.js";
import type { CompiledParameters } from "../../expression/compiled-parameters.js";
import { refusedResult, toolError } from "../model-text.js";
import type { N8nCallContext } from "../n8n-call-context.js";
import { networkFailureOf, networkSentence } from "../n8n-error-text.js";
import { N8nNodeError } from "../node-failure.js";
import { optimizeSettingsOf } from "../optimize-response.js";
import { buildCurrentRequest, type CurrentCall } from "./build-current-request.js";
import { currentItems } from "./current-output.js";
import { sendCurrent } from "./send-current.js";

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
  try {
    const optimize = optimizeSettingsOf(config.parameters);
    const items = currentItems(exchange.response, call.response, optimize, exchange.headers);
    return { ok: true, output: JSON.stringify(items), request: call.request, response: exchange.response };
  } catch (error) {
    if (error instanceof N8nNodeError)
      return toolError(config, error.message, call.request, exchange.response);
    throw error;
  }
}
