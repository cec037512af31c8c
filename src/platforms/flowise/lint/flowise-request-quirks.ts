import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { LintRule } from "../../../lint/rule.js";
import { isRequestTool } from "../../../lint/rules/rule-helpers.js";
import { flowiseSendsBody } from "./flowise-request-methods.js";

/** Rule 9a: Flowise ignores the LLM's body when a POST/PUT tool has no Body Schema. */
export const flowiseBodyIgnored: LintRule<RequestToolConfig> = {
  id: "flowise-body-ignored",
  severity: "warning",
  profiles: ["flowise"],
  explains: ["rejected-request"],
  description: "a POST/PUT tool without a Body Schema: Flowise drops the body the LLM writes",
  docs:
    "Without a Body Schema, Flowise 3.1 offers the LLM an optional free-form `body` and then sends only the " +
    "fixed Body (or `{}`), whatever the LLM wrote. Declare the fields in a Body Schema.",
  appliesTo: isRequestTool,
  check({ config }) {
    if (!flowiseSendsBody(config) || Object.keys(config.bodySchema ?? {}).length > 0) return [];
    return [
      {
        path: "bodySchema",
        message: `${config.method} tool has no Body Schema: Flowise sends ${config.body ? "only the fixed Body" : "{}"} and drops the LLM's body`,
        suggestion: "declare the body fields in a Body Schema",
      },
    ];
  },
};

/** Rule 9b: in Flowise the LLM's keys win over the fixed Body, contrary to the UI text. */
export const flowiseFixedBodyOverridden: LintRule<RequestToolConfig> = {
  id: "flowise-fixed-body-overridden",
  severity: "warning",
  profiles: ["flowise"],
  description: "fixed Body keys that the Body Schema also offers the LLM: the LLM's value wins in Flowise",
  docs:
    "Flowise's UI says the fixed Body overrides the LLM's body, but Flowise 3.1 merges `{...fixed, ...llm}`: " +
    "a key in both is whatever the LLM sends. Remove the key from the Body Schema to pin it.",
  appliesTo: isRequestTool,
  check({ config }) {
    const offered = new Set(Object.keys(config.bodySchema ?? {}));
    return Object.keys(config.body ?? {})
      .filter((key) => offered.has(key))
      .map((key) => ({
        path: `body.${key}`,
        message: `fixed Body key ${key} is also in the Body Schema: Flowise sends the LLM's value, not the fixed one`,
        suggestion: `remove ${key} from the Body Schema to keep the fixed value`,
      }));
  },
};

/** Rule 9d: Flowise's request tools never show the LLM the server's error body. */
export const flowiseErrorBodyHidden: LintRule<RequestToolConfig> = {
  id: "flowise-error-body-hidden",
  severity: "info",
  profiles: ["flowise"],
  description: "Flowise request tools hide the server's error message from the LLM",
  docs:
    "On a non-2xx answer Flowise 3.1 fails with `Failed to make <METHOD> request: HTTP Error <status>: <text>` " +
    "and discards the body, so the LLM cannot read validation messages and correct itself. The OpenAPI " +
    "toolkit returns error bodies; the standard profile shows them.",
  appliesTo: isRequestTool,
  check({ config }) {
    return [
      {
        path: "url",
        message: `on an error answer the LLM sees only "Failed to make ${config.method} request: HTTP Error <status>: <text>", not the server's message`,
        // Flowise's request tools all do this: one cause, said once for every tool of a run.
        cause: {
          key: "request-tools",
          summary: `on an error answer the LLM sees only "Failed to make <METHOD> request: HTTP Error <status>: <text>", not the server's message`,
        },
      },
    ];
  },
};

/** Rule 9g: Flowise spreads the headers over `{"Content-Type": …}`; another spelling is sent beside it. */
export const flowiseContentTypeCase: LintRule<RequestToolConfig> = {
  id: "flowise-content-type-case",
  severity: "warning",
  profiles: ["flowise"],
  description: "a Content-Type header spelt otherwise than `Content-Type` in a POST/PUT tool",
  docs:
    'Flowise 3.1\'s POST/PUT tools start from `{"Content-Type": "application/json"}` and spread the ' +
    "configured headers over it, so only that exact spelling replaces the default. A `content-type` header " +
    "is sent beside it, and the server receives `content-type: application/json, text/plain`.",
  appliesTo: isRequestTool,
  check({ config }) {
    if (!flowiseSendsBody(config)) return [];
    return Object.entries(config.headers)
      .filter(([name]) => name.toLowerCase() === "content-type" && name !== "Content-Type")
      .map(([name, value]) => ({
        path: `headers.${name}`,
        message: `header ${name} does not replace Flowise's Content-Type: the server receives "application/json, ${value}"`,
        suggestion: "spell it Content-Type",
      }));
  },
};
