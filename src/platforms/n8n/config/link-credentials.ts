import { joinPath } from "../../../config/json-path.js";
import type { LoadResult } from "../../../config/load-result.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { isPlainObject } from "../../../json/json-value.js";
import { authenticationPlan } from "../runtime/credential-auth.js";
import { credentialTypeOf, credentialVariable } from "./credential-variables.js";
import type { N8nCredentialRef, N8nHttpToolConfig } from "./n8n-http-tool-config.js";
import type { GivenCredential } from "./workflow-load-options.js";

/**
 * Gives each loaded n8n tool the credential it authenticates with: the fields it sends, from the given
 * credentials, become the `n8n_credential_<type>_<name>_<field>` variables its calls read
 * (`result.vars`). The credential is the one of the node's id, else of its type and name, as n8n picks it.
 * One that is not given, or lacks a field the tool sends, is a load error.
 */
export function linkCredentials(
  result: LoadResult,
  credentials: readonly GivenCredential[],
  sink: LoadSink,
): void {
  for (const tool of result.tools) {
    if (tool.config.kind !== "n8n-http-tool") continue;
    const config = tool.config as N8nHttpToolConfig;
    const type = credentialTypeOf(config);
    const ref = type === undefined ? undefined : config.credentials[type];
    if (type === undefined || ref === undefined) continue;
    const credential = findCredential(credentials, type, ref);
    if (credential === undefined) {
      sink.error(
        joinPath(tool.source.path, "credentials", type),
        `the ${type} credential "${ref.name}"${ref.id === undefined ? "" : ` (id ${ref.id})`} is not among options.credentials`,
      );
      continue;
    }
    copyFields(config, type, ref.name, credential, sink);
  }
}

function findCredential(
  credentials: readonly GivenCredential[],
  type: string,
  ref: N8nCredentialRef,
): GivenCredential | undefined {
  const ofType = credentials.filter((credential) => credential.type === type);
  const byId = ref.id === undefined ? undefined : ofType.find((credential) => credential.id === ref.id);
  return byId ?? ofType.find((credential) => credential.name === ref.name);
}

/** The fields the tool's authentication sends, as the variables its runtime reads (named by the node's ref). */
function copyFields(
  config: N8nHttpToolConfig,
  type: string,
  name: string,
  credential: GivenCredential,
  sink: LoadSink,
): void {
  const plan = authenticationPlan(config);
  // A type tooldeck does not model: the call says so, whatever the credential holds.
  if (!plan.ok) return;
  for (const field of plan.fields) {
    const value = fieldOf(credential.data, field);
    if (typeof value === "string") sink.variable(credentialVariable(type, name, field), value);
    else
      sink.error(
        joinPath(credential.path, "data", field),
        `the ${type} credential "${credential.name}" has no text field "${field}", which "${config.name}" sends`,
      );
  }
}

/** A field of a credential's data; an OAuth2 credential keeps its token in `oauthTokenData`, as n8n stores it. */
function fieldOf(data: Record<string, unknown>, field: string): unknown {
  if (Object.hasOwn(data, field)) return data[field];
  const token = data.oauthTokenData;
  if (field === "access_token" && isPlainObject(token) && Object.hasOwn(token, field)) return token[field];
  return undefined;
}
