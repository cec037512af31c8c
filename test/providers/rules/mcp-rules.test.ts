import { describe, test } from "vitest";
import { expectRuleCase, type RuleCase, wire } from "./rule-cases.js";

const CASES: RuleCase[] = [
  {
    rule: "mcp/name-format",
    provider: "mcp",
    accepted: [wire("mcp", "admin.tools.list")],
    rejected: [wire("mcp", "Dockerfile problems scanner")],
    message:
      "Tool names SHOULD be between 1 and 128 characters in length (inclusive). The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)",
    path: "tools[0].name",
  },
  {
    rule: "mcp/unique-names",
    provider: "mcp",
    accepted: [wire("mcp", "a"), wire("mcp", "b", undefined, {}, 1)],
    rejected: [wire("mcp", "a"), wire("mcp", "a", undefined, {}, 1)],
    message: "Tool names SHOULD be unique within a server.",
    path: "tools[1].name",
  },
  {
    rule: "mcp/input-schema",
    provider: "mcp",
    accepted: [wire("mcp", "ping", { type: "object", additionalProperties: false })],
    rejected: [wire("mcp", "ping", { anyOf: [{ type: "object" }] })],
    message: 'inputSchema MUST be a valid JSON Schema object (not null) of type: "object"',
    path: "tools[0].inputSchema",
  },
];

describe("the MCP specification's rules, each quoting the spec", () => {
  test.each(CASES)("$rule: $message", (row) => expectRuleCase(row));
});
