import type { HttpNodeConfig } from "../config/http-node-config.js";
import type { ToolConfig } from "../config/tool-config.js";
import { platformToolKind } from "../platforms/registry.js";
import { variablesIn } from "../runtime/variables.js";
import { isCredentialName, isCredentialParam } from "./credential-names.js";

/**
 * The variables that configs use as credentials: in a header or query parameter whose name looks like
 * one (`Authorization: Bearer {{$vars.tok}}`, `?api_key={{$vars.k}}`), in a URL's user or password,
 * and in an HTTP node's credential. Their values are secrets whatever the variables are called.
 */
export function credentialVariables(configs: readonly ToolConfig[]): Set<string> {
  const names = new Set<string>();
  for (const text of configs.flatMap(credentialTexts))
    for (const { name } of variablesIn(text)) if (name.startsWith("$vars.")) names.add(name.slice(6));
  for (const config of configs)
    for (const name of platformToolKind(config.kind)?.credentialVariables?.(config) ?? []) names.add(name);
  return names;
}

/** The texts of a config that hold credentials. */
function credentialTexts(config: ToolConfig): string[] {
  switch (config.kind) {
    case "request":
      return [...credentialValues(Object.entries(config.headers)), ...urlCredentials(config.url)];
    case "openapi-toolkit":
      return credentialValues(Object.entries(config.headers));
    case "http":
      return [
        ...credentialValues(config.headers.map((row) => [row.key, row.value])),
        ...credentialValues(
          config.queryParams.map((row) => [row.key, row.value]),
          isCredentialParam,
        ),
        ...urlCredentials(config.url),
        ...httpCredentialValues(config.credential),
      ];
    default:
      // A platform's kind says its own (`ToolKind.credentialVariables`): a Custom Tool's are in its code
      // (secret-in-config reads them), an n8n node names its credentials.
      return [];
  }
}

/** The values of the entries (headers; query parameters with `isCredentialParam`) whose name is a credential's. */
function credentialValues(
  entries: readonly (readonly [string, string])[],
  isCredential: (name: string) => boolean = isCredentialName,
): string[] {
  return entries.filter(([name]) => isCredential(name)).map(([, value]) => value);
}

/**
 * A URL's credentials as written: the values of credential-named query parameters and the user-info.
 * Read as text, not parsed: a URL that still holds `{{…}}` is no valid URL yet.
 */
function urlCredentials(url: string): string[] {
  const userInfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(url)?.[1];
  const query = url.split("#")[0]?.split("?").slice(1).join("?") ?? "";
  const params = query.split("&").map((pair) => {
    const equals = pair.indexOf("=");
    return equals < 0
      ? ([decodedName(pair), ""] as const)
      : ([decodedName(pair.slice(0, equals)), pair.slice(equals + 1)] as const);
  });
  return [...(userInfo === undefined ? [] : [userInfo]), ...credentialValues(params, isCredentialParam)];
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

function httpCredentialValues(credential: HttpNodeConfig["credential"]): string[] {
  switch (credential?.type) {
    case undefined:
      return [];
    case "basic":
      return [credential.username, credential.password];
    case "bearer":
      return [credential.token];
    case "apiKey":
      return [credential.value];
  }
}
