import type { FetchLike } from "../../../../net/fetch-like.js";
import { networkFetch } from "../../../../net/network-fetch.js";
import { withOutboundPolicy } from "../../../../runtime/outbound/with-outbound-policy.js";
import type { ToolRuntimeOptions } from "../../../../runtime/runtime-options.js";
import { sanitizeToolName } from "../../../../runtime/tool-name.js";
import type { ExecutableTool, ToolResult } from "../../../../runtime/tool-result.js";
import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { type DifyVariablePool, difyVariablePool } from "../dify-variable-pool.js";
import { nodeEnvNames, nodeInputSchema } from "./node-inputs.js";
import { notReproduced } from "./node-results.js";
import { runNodeOnce } from "./run-node-once.js";

/**
 * A Dify HTTP Request node as an executable tool (docs/dify.md, "The HTTP Request node at run time"):
 * named by its title, described by its `desc`, its inputs the variables its templates reference (`env.*`
 * aside, which come from `--var`/`--secret`), and each call run as Dify runs the node: rendered,
 * sent and read as reference/dify-tools.md facts 22–44 say, through the runtime's fetch and its
 * outbound guard, the node's `retry_config` repeating a failed run. What the next node sees is the
 * output: `{"status_code", "body", "headers", "files"}` as JSON text, or the node's error.
 * @example
 * const tool = createDifyHttpTool(config, { vars: { base_url: "http://127.0.0.1:8080" } });
 * (await tool.invoke({ "start.id": "42" })).output; // '{"status_code":200,"body":"…","headers":{…},"files":[]}'
 */
export function createDifyHttpTool(
  config: DifyHttpRequestConfig,
  runtime: ToolRuntimeOptions = {},
): ExecutableTool {
  const options = withOutboundPolicy(runtime);
  const fetch: FetchLike = options.fetch ?? networkFetch;
  const envNames = nodeEnvNames(config);
  return {
    name: nodeToolName(config),
    description: config.desc ?? "",
    inputSchema: nodeInputSchema(config),
    endpoint: { method: config.method.toUpperCase(), url: config.url },
    // The run fills the inputs with whatever type its variables hold; Dify inserts each as its text.
    acceptsAnyArguments: true,
    async invoke(given, callOptions = {}) {
      const missing = envNames.find((name) => options.vars?.[name] === undefined);
      if (missing !== undefined)
        return notReproduced(`environment variable ${missing} is not set (${howToSet(missing, options)})`);
      const inputs = given !== null && typeof given === "object" && !Array.isArray(given) ? given : {};
      const pool = difyVariablePool(inputs as Record<string, unknown>, options.vars);
      return runWithRetries(config, pool, fetch, callOptions.signal);
    },
  };
}

/**
 * The node's `retry_config` (reference/dify-tools.md facts 8, 37): the graph engine runs a failed node
 * again, up to `max_retries` more times, `retry_interval` milliseconds apart; the last run is the result.
 * A call tooldeck refused or cannot reproduce is not run again.
 */
async function runWithRetries(
  config: DifyHttpRequestConfig,
  pool: DifyVariablePool,
  fetch: FetchLike,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  const { retry_enabled, max_retries, retry_interval } = config.retry_config;
  const tries = retry_enabled ? max_retries + 1 : 1;
  let result: ToolResult = await runNodeOnce(config, pool, fetch, signal);
  for (let attempt = 2; attempt <= tries && isNodeFailure(result); attempt++) {
    if (retry_interval > 0) await new Promise((resolve) => setTimeout(resolve, retry_interval));
    result = await runNodeOnce(config, pool, fetch, signal);
  }
  return result;
}

/** Where the user gives an env variable: the command line, or the scenario being run. */
function howToSet(name: string, options: ToolRuntimeOptions): string {
  return options.varsFrom === "scenario"
    ? `set it in the scenario's vars: { ${name}: … }`
    : `set it with --var ${name}=… or --secret ${name}=…`;
}

/** A failure of the node itself (Dify's error), not tooldeck's refusal or a call it cannot reproduce. */
function isNodeFailure(result: ToolResult): boolean {
  return !result.ok && result.notReproduced === undefined && !result.output.startsWith("not sent: ");
}

/**
 * The name a node is listed and called by: its title as a tool name, or, for a title with no Latin letter
 * or digit (`天气查询`, common in Dify apps, which would all become `____`), `http_request_<node id>`, so
 * two such nodes of an app stay apart in reports and `tooldeck call`.
 */
function nodeToolName(config: DifyHttpRequestConfig): string {
  const name = sanitizeToolName(config.name);
  return /[A-Za-z0-9]/.test(name) || config.node === ""
    ? name
    : sanitizeToolName(`http_request_${config.node}`);
}
