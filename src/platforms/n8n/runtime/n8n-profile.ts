import { STANDARD_PROFILE } from "../../../runtime/profiles/standard.js";
import type { ToolProfile } from "../../../runtime/profiles/tool-profile.js";
import { toolNameOf } from "../schema/tool-name.js";

/**
 * The `n8n` profile. An n8n HTTP tool node (`kind: n8n-http-tool`) always runs as n8n runs it, whatever
 * the profile: its executor is n8n's (reference/n8n-tools.md). tooldeck's own kinds (request tools,
 * OpenAPI toolkits, HTTP nodes) have no n8n counterpart to reproduce; under this profile they are what
 * their config says, as under `standard`, named by n8n's rule (fact 2) and sent with their names as
 * they are, since n8n does not tell two tools of one name apart.
 */
export const N8N_PROFILE: ToolProfile = {
  ...STANDARD_PROFILE,
  name: "n8n",
  toolName: (name) => toolNameOf(name),
  deduplicatesNames: false,
};
