import { credentialTypeOf } from "../config/credential-variables.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { type LegacyPlan, textOf } from "./legacy-parameters.js";
import { isLegacyToolName, LEGACY_NAME_ERROR, toolNameOf } from "./tool-name.js";

/** Which of n8n's setup checks of the legacy node failed (reference fact 47). */
export type LegacySetupProblem = "placeholder" | "domain" | "bearer" | "name";

/**
 * The error that fails the agent before any model call when a legacy `toolHttpRequest` is set up in a
 * way n8n refuses (reference fact 47), with n8n's description; undefined when it is accepted.
 * @example
 * legacySetupError(config, plan); // { problem: "placeholder", message: "Misconfigured placeholder 'limit'" }
 */
export function legacySetupError(
  config: N8nHttpToolConfig,
  plan: LegacyPlan,
): { problem: LegacySetupProblem; message: string } | undefined {
  if (!isLegacyToolName(toolNameOf(config.name))) return { problem: "name", message: LEGACY_NAME_ERROR };
  const authType = credentialTypeOf(config);
  if (authType === "httpBearerAuth")
    return { problem: "bearer", message: "The type httpBearerAuth is not supported" };
  const used = new Set(plan.parameters.map((parameter) => parameter.name));
  const unused = plan.definitions.find((definition) => !used.has(definition.name));
  if (unused) return { problem: "placeholder", message: `Misconfigured placeholder '${unused.name}'` };
  if (authType !== undefined && /\{[a-zA-Z0-9_-]+\}/.test(hostOf(textOf(config.parameters.url)))) {
    return { problem: "domain", message: "Can't use a placeholder for the domain when using authentication" };
  }
  return undefined;
}

/** The URL's scheme and host as written, placeholders kept. */
function hostOf(url: string): string {
  return /^[a-z]+:\/\/[^/?#]*/i.exec(url)?.[0] ?? url.split("/")[0] ?? "";
}
