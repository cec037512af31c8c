import { credentialTypeOf, credentialVariable } from "../config/credential-variables.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";

/** How a credential authenticates a request, its secrets read from the variables. */
export type Authentication =
  | { kind: "none" }
  | { kind: "header"; name: string; value: string }
  | { kind: "bearer"; token: string }
  | { kind: "basic"; user: string; password: string }
  | { kind: "query"; name: string; value: string };

export type AuthenticationPlan =
  | { ok: true; fields: readonly string[]; build: (field: (name: string) => string) => Authentication }
  | { ok: false; reason: string };

/**
 * OAuth2 credential types whose token n8n sends some other way than `Authorization: Bearer`
 * (n8n-nodes-base's HttpRequest GenericFunctions): not modelled.
 */
const SPECIAL_OAUTH2 = new Set(["shopifyOAuth2Api", "slackOAuth2Api", "microsoftDynamicsOAuth2Api"]);

/** Which fields of which credential a node needs, and how they become its authentication (fact 23). */
export function authenticationPlan(config: N8nHttpToolConfig): AuthenticationPlan {
  const type = credentialTypeOf(config);
  if (type === undefined) return { ok: true, fields: [], build: () => ({ kind: "none" }) };
  const legacy = config.type === "@n8n/n8n-nodes-langchain.toolHttpRequest";
  switch (type) {
    case "httpHeaderAuth":
      return plan(["name", "value"], (field) => ({
        kind: "header",
        name: field("name"),
        value: field("value"),
      }));
    case "httpQueryAuth":
      return plan(["name", "value"], (field) => ({
        kind: "query",
        name: field("name"),
        value: field("value"),
      }));
    case "httpBasicAuth":
      return plan(["user", "password"], (field) => ({
        kind: "basic",
        user: field("user"),
        password: field("password"),
      }));
    case "httpBearerAuth":
      // The legacy node refuses it before any call (fact 47); the current node sends the token (fact 23).
      if (legacy) return { ok: false, reason: "the legacy node does not support httpBearerAuth" };
      return plan(["token"], (field) => ({ kind: "bearer", token: field("token") }));
    default:
      if (type.endsWith("OAuth2Api") && !SPECIAL_OAUTH2.has(type) && !(legacy && type === "oAuth2Api")) {
        return plan(["access_token"], (field) => ({ kind: "bearer", token: field("access_token") }));
      }
      return {
        ok: false,
        reason: `credentials of type ${type} are not modelled (their authentication is not sent)`,
      };
  }
}

function plan(
  fields: readonly string[],
  build: (field: (name: string) => string) => Authentication,
): AuthenticationPlan {
  return { ok: true, fields, build };
}

export type AuthenticationResult = { ok: true; auth: Authentication } | { ok: false; missing: string };

/** The node's authentication with its secrets from `vars`, or the first variable missing. */
export function resolveAuthentication(
  config: N8nHttpToolConfig,
  plan: Extract<AuthenticationPlan, { ok: true }>,
  vars: Record<string, string> | undefined,
): AuthenticationResult {
  if (plan.fields.length === 0) return { ok: true, auth: { kind: "none" } };
  const type = credentialTypeOf(config) as string;
  const name = config.credentials[type]?.name ?? type;
  for (const field of plan.fields) {
    const variable = credentialVariable(type, name, field);
    if (vars?.[variable] === undefined) return { ok: false, missing: variable };
  }
  return { ok: true, auth: plan.build((field) => vars?.[credentialVariable(type, name, field)] as string) };
}
