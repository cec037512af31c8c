import type { N8nHttpToolConfig } from "./n8n-http-tool-config.js";

/**
 * The variable that holds one field of an n8n credential: `n8n_credential_<type>_<name>_<field>`, the
 * name's runs of characters outside `A-Z a-z 0-9` written `_`
 * (`n8n_credential_httpHeaderAuth_Weather_API_value`). A workflow export names its credentials and never
 * holds their secrets; the user gives them with `--var` or a vars file's `secrets:` (docs/n8n.md). The
 * word `credential` in the name makes tooldeck treat every such value as a secret.
 * @example
 * credentialVariable("httpBearerAuth", "My API", "token"); // "n8n_credential_httpBearerAuth_My_API_token"
 */
export function credentialVariable(type: string, name: string, field: string): string {
  const slug = name.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return `n8n_credential_${type}_${slug}_${field}`;
}

/** The credential type a node authenticates with, or undefined for `authentication: none`. */
export function credentialTypeOf(config: N8nHttpToolConfig): string | undefined {
  const { authentication, genericAuthType, nodeCredentialType } = config.parameters;
  if (authentication === "genericCredentialType" && typeof genericAuthType === "string")
    return genericAuthType;
  if (authentication === "predefinedCredentialType" && typeof nodeCredentialType === "string") {
    return nodeCredentialType;
  }
  return undefined;
}
