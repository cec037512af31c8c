import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { Finding, LintRule } from "../rule.js";
import { isRequestTool } from "./rule-helpers.js";

const SECRET_HEADER =
  /^(authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|cookie)$/i;
const SECRET_QUERY =
  /^(api[_-]?key|apikey|key|token|access[_-]?token|secret|client[_-]?secret|password|sig|signature)$/i;
const VARIABLE = /\{\{[^}]*\}\}/;
/** `scheme://user:password@host`, with a password that is not a variable. */
const USERINFO_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/@:]*:(?!\{\{)[^/@]+@/i;

/** Rule 13: credentials written into headers or URLs, where they leak into exports, logs and cassettes. */
export const secretInConfig: LintRule<RequestToolConfig> = {
  id: "secret-in-config",
  severity: "warning",
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
  description: "a literal credential in a header or URL",
  docs:
    "A bearer token, API key or password written into a tool config travels with every export of the flow " +
    "and every log of its requests. Put it in a variable (`{{$vars.api_key}}`) and set the variable apart.",
  appliesTo: isRequestTool,
  check({ config }) {
    const findings: Finding[] = [];
    for (const [name, value] of Object.entries(config.headers)) {
      if (SECRET_HEADER.test(name) && value.trim() !== "" && !VARIABLE.test(value)) {
        findings.push(secret(`headers.${name}`, `header ${name} holds a literal credential`));
      }
    }
    const query = config.url.split("#")[0]?.split("?")[1] ?? "";
    for (const [key, value] of new URLSearchParams(query)) {
      if (SECRET_QUERY.test(key) && value !== "" && !VARIABLE.test(value)) {
        findings.push(secret("url", `the URL carries a literal ${key}`));
      }
    }
    if (USERINFO_PASSWORD.test(config.url)) findings.push(secret("url", "the URL carries a password"));
    return findings;
  },
};

function secret(path: string, message: string): Finding {
  return { path, message, suggestion: "use {{$vars.…}} and set the value with --var or a vars file" };
}
