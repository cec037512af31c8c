import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { isPrivateAddress } from "../../runtime/host-policy.js";
import type { LintRule } from "../rule.js";
import { isRequestTool } from "./rule-helpers.js";

/** Rule 9c: Flowise 3.1 refuses loopback and private hosts unless HTTP_SECURITY_CHECK=false. */
export const flowisePrivateHost: LintRule<RequestToolConfig> = {
  id: "flowise-private-host",
  severity: "warning",
  profiles: ["flowise"],
  description: "a loopback or private host, refused by Flowise 3.1 by default",
  docs:
    'Since 3.1.0 Flowise refuses requests to loopback and private addresses with "Access to this host is ' +
    "denied by policy.\" unless the server runs with HTTP_SECURITY_CHECK=false. The tutorial's " +
    "http://localhost:5566 fails on a default Flowise 3.1.",
  appliesTo: isRequestTool,
  check({ config }) {
    const host = literalHost(config.url);
    if (!host || !(host === "localhost" || host.endsWith(".localhost") || isPrivateAddress(host))) return [];
    return [
      {
        path: "url",
        message: `${host} is a loopback/private host: Flowise 3.1 answers "Access to this host is denied by policy."`,
        suggestion: "run Flowise with HTTP_SECURITY_CHECK=false, or call the service on a public address",
      },
    ];
  },
};

/** The host of a URL written literally (not behind a `{{variable}}`). */
function literalHost(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return undefined;
  }
}
