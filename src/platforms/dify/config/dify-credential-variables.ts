import { variablesIn } from "../../../runtime/variables.js";
import { isCredentialName, isCredentialParam } from "../../../secrets/credential-names.js";
import { templateReferences } from "../template/dify-template.js";
import type { DifyApiToolConfig } from "./dify-api-tool-config.js";
import type { DifyHttpRequestConfig } from "./dify-http-request-config.js";

/**
 * The `{{#env.X#}}` variables an HTTP Request node sends as credentials (reference/dify-tools.md fact 4:
 * exports keep keys in plain `string` env variables): its API key, and the values of headers and params
 * named as credentials are. Each is the tooldeck variable `X`.
 */
export function difyHttpCredentialVariables(config: DifyHttpRequestConfig): string[] {
  const texts = [
    ...(config.authorization.type === "api-key" ? [config.authorization.config.api_key] : []),
    ...lineValues(config.headers, isCredentialName),
    ...lineValues(config.params, isCredentialParam),
  ];
  return texts.flatMap((text) =>
    templateReferences(text).flatMap((selector) => (selector.startsWith("env.") ? [selector.slice(4)] : [])),
  );
}

/**
 * The variables a custom API tool's credentials are given by: `{{$vars.X}}` in its config's, and the
 * `<provider>.api_key_value` a tool linked from a DSL reads.
 */
export function difyApiCredentialVariables(config: DifyApiToolConfig): string[] {
  const written = [config.credentials.api_key_value ?? ""].flatMap((text) =>
    variablesIn(text).flatMap(({ name }) => (name.startsWith("$vars.") ? [name.slice(6)] : [])),
  );
  return [...written, `${config.provider}.api_key_value`];
}

/** The values of `key:value` lines whose key `isCredential` says is a credential's. */
function lineValues(text: string, isCredential: (name: string) => boolean): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(":");
    return colon > 0 && isCredential(line.slice(0, colon).trim()) ? [line.slice(colon + 1)] : [];
  });
}
