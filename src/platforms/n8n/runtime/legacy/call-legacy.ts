import { networkFetch } from "../../../../net/network-fetch.js";
import type { ToolResult } from "../../../../runtime/tool-result.js";
import type { N8nHttpToolConfig } from "../../config/n8n-http-tool-config.js";
import { legacyPlan } from "../../schema/legacy-parameters.js";
import { legacySetupError } from "../../schema/legacy-setup.js";
import { isAgent3 } from "../agent-version.js";
import { sendCurrent } from "../current/send-current.js";
import { optimizeNotReproduced, refusedResult } from "../model-text.js";
import type { N8nCallContext } from "../n8n-call-context.js";
import { networkFailureOf } from "../n8n-error-text.js";
import { NotReproducible } from "../node-failure.js";
import { optimizeSettingsOf } from "../optimize-response.js";
import { buildLegacyRequest } from "./build-legacy-request.js";
import { legacyNetworkText, legacyText } from "./legacy-output.js";
import { lacksRequired, V1_INPUT_NOT_VALID, v1Values } from "./v1-input.js";

/** What Agent 3.x answers for any call of the legacy node; no request is sent (reference fact 39). */
export const LEGACY_UNDER_AGENT_3 =
  'The node "@n8n/n8n-nodes-langchain.toolHttpRequest" has a "supplyData" method but no "execute" method.';

/**
 * The workflow error an older agent fails with before its first model call when it holds this legacy
 * node set up in a way n8n refuses (reference fact 47); undefined when it is accepted, and under Agent
 * 3.x, which never runs the node.
 */
export function legacySetupFailure(config: N8nHttpToolConfig): string | undefined {
  if (isAgent3(config.agent)) return undefined;
  const setup = legacySetupError(config, legacyPlan(config.parameters));
  return setup && `Error in sub-node ${config.name}: ${setup.message}`;
}

/** The legacy node's HTTP client's own limit: none is set, so n8n's five minutes apply. */
const LEGACY_TIMEOUT_MS = 300_000;

/**
 * One call of the legacy `toolHttpRequest` 1.1 (reference sections 5 and 7): refused by Agent 3.x; under
 * an older agent (its setup already checked: `legacySetupFailure`) the request sent and the answer given
 * as its text. The string-input v1 takes its values from one JSON text (reference section 8).
 */
export async function callLegacy(
  context: N8nCallContext,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  const { config, options } = context;
  if (isAgent3(config.agent)) {
    return {
      ok: false,
      output: JSON.stringify([{ error: LEGACY_UNDER_AGENT_3 }]),
      error: LEGACY_UNDER_AGENT_3,
    };
  }
  const plan = legacyPlan(config.parameters);
  const v1 = config.typeVersion < 1.1;
  const values = v1 ? v1Values(args, plan) : args;
  // v1 with a required value missing sends none of the model's values: the placeholders stay, and a
  // value the model did give (`?q=x`) is not sent either (fact 59).
  const invalidV1 = v1 && lacksRequired(values, plan);
  const request = buildLegacyRequest(config.parameters, plan, context.auth, invalidV1 ? {} : values);
  const call = {
    request,
    response: { format: "text" as const, fullResponse: false, neverError: true, outputPropertyName: "data" },
    followRedirects: true,
    timeoutMs: LEGACY_TIMEOUT_MS,
  };
  const exchange = await sendCurrent(options.fetch ?? networkFetch, call, config, context.signal);
  if (!exchange.ok) {
    return (
      refusedResult(exchange.error, request) ?? {
        ok: false,
        output: legacyNetworkText(networkFailureOf(exchange.error).message),
        request,
      }
    );
  }
  // v1 with a required value missing: the request went, placeholder and all; its answer is dropped (fact 59).
  if (invalidV1)
    return {
      ok: false,
      output: V1_INPUT_NOT_VALID,
      error: V1_INPUT_NOT_VALID,
      request,
      response: exchange.response,
    };
  let output: string;
  try {
    output = legacyText(exchange.response, optimizeSettingsOf(config.parameters));
  } catch (error) {
    if (!(error instanceof NotReproducible)) throw error;
    return optimizeNotReproduced(error.message, legacyText(exchange.response), request, exchange.response);
  }
  const ok = exchange.response.status < 400;
  return ok
    ? { ok, output, request, response: exchange.response }
    : { ok, output, error: output, request, response: exchange.response };
}
