import type { OpenApiToolkitConfig } from "../../../config/openapi-toolkit-config.js";
import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { ToolConfig } from "../../../config/tool-config.js";
import type { Finding, LintContext, LintRule } from "../../../lint/rule.js";
import { hostOf } from "../../../net/host-of.js";
import { FLOWISE_DENIED, flowiseRefusalText, literalPrivateAddress } from "../../../runtime/host-policy.js";

type Checked = RequestToolConfig | OpenApiToolkitConfig;

/**
 * Rule 9c: Flowise 3.1 refuses loopback and private hosts unless HTTP_SECURITY_CHECK=false, for request
 * tools and, as Flowise 3.1.4 was seen to do, for the OpenAPI toolkit's server. Silent when tooldeck runs
 * with HTTP_SECURITY_CHECK=false, as the Flowise it stands for does.
 */
export const flowisePrivateHost: LintRule<Checked> = {
  id: "flowise-private-host",
  severity: "warning",
  profiles: ["flowise"],
  // A probe refused by the same policy is the finding's evidence, not a second finding.
  explainsFailure: (message) => message.includes(FLOWISE_DENIED),
  description: "a loopback or private host, refused by Flowise 3.1 by default",
  docs:
    'Since 3.1.0 Flowise refuses requests to loopback and private addresses with "Access to this host is ' +
    "denied by policy.\" unless the server runs with HTTP_SECURITY_CHECK=false. The tutorial's " +
    "http://localhost:5566 fails on a default Flowise 3.1. An OpenAPI toolkit whose server is such a host " +
    'is refused too, and its default code then returns "" to the LLM. When tooldeck itself runs with ' +
    "HTTP_SECURITY_CHECK=false (the setting of the Flowise it stands for, as its probes read it), the rule " +
    "is silent: there is nothing to advise.",
  appliesTo: (config: ToolConfig): config is Checked =>
    config.kind === "request" || config.kind === "openapi-toolkit",
  check({ config }, context) {
    // The advice is to turn the policy off: when it is off, Flowise calls the host and there is nothing to say.
    if (context.flowiseSecurityCheckOff) return [];
    if (config.kind === "openapi-toolkit") return toolkitFindings(config, context);
    const found = privateHost(config.url);
    if (!found) return [];
    const message = `${found.host} is a loopback/private host: Flowise 3.1 answers "${flowiseRefusalText(found.address)}"`;
    return [advise({ path: "url", message }, found)];
  },
};

function toolkitFindings(config: OpenApiToolkitConfig, context: LintContext): Finding[] {
  const server =
    config.selectedServer ?? context.toolkitSpecs?.get(config.spec)?.spec.document.servers?.[0]?.url;
  const found = server === undefined ? undefined : privateHost(server);
  if (!found) return [];
  const path = config.selectedServer ? "selectedServer" : "spec";
  const message = `the toolkit's server ${found.host} is a loopback/private host: Flowise 3.1 refuses every call and its default code returns ""`;
  return [advise({ path, message }, found)];
}

/** The advice, and the cause every tool calling the host shares: Flowise's policy on that host. */
function advise(finding: Finding, { host, address }: { host: string; address: string }): Finding {
  return {
    ...finding,
    suggestion: "run Flowise with HTTP_SECURITY_CHECK=false, or call the service on a public address",
    cause: {
      key: host,
      summary: `${host} is a loopback/private host: Flowise 3.1 refuses every call to it ("${flowiseRefusalText(address)}")`,
    },
  };
}

/** The host of a URL written literally (not behind a `{{variable}}`), and its address when private. */
function privateHost(url: string): { host: string; address: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const address = literalPrivateAddress(parsed);
  return address === undefined ? undefined : { host: hostOf(parsed), address };
}
