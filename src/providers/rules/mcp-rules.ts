import { duplicateNames } from "./anthropic-rules.js";
import { type ProviderRule, perTool, toolPath } from "./provider-rule.js";
import { typesOf } from "./schema-walk.js";

/**
 * The MCP specification's rules on the tools a server lists (2025-11-25): what a host may refuse. Its
 * words are SHOULDs and MUSTs of the spec, not an API's answer; each message quotes the spec.
 */

const TOOL_NAMES = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names";

export const MCP_NAME_FORMAT: ProviderRule = {
  id: "mcp/name-format",
  summary: "a tool name is not 1–128 ASCII letters, digits, `_`, `-` or `.`",
  source: TOOL_NAMES,
  confirmed: "2026-11-29",
  quoted: true,
  judge: perTool((tool, index) =>
    /^[A-Za-z0-9_.-]{1,128}$/.test(tool.name)
      ? []
      : [
          {
            path: toolPath(tool, "name"),
            tool: index,
            message:
              "Tool names SHOULD be between 1 and 128 characters in length (inclusive). The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)",
          },
        ],
  ),
};

export const MCP_UNIQUE_NAMES: ProviderRule = {
  id: "mcp/unique-names",
  summary: "two tools of one server share a name",
  source: TOOL_NAMES,
  confirmed: "2026-11-29",
  quoted: true,
  judge: (tools) => duplicateNames(tools, () => "Tool names SHOULD be unique within a server."),
};

export const MCP_INPUT_SCHEMA: ProviderRule = {
  id: "mcp/input-schema",
  summary: "`inputSchema` is missing, not an object, or typed other than `object`",
  source:
    "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.ts",
  confirmed: "2026-11-29",
  quoted: true,
  judge: perTool((tool, index, request) => {
    const schema = tool.parameters;
    const valid =
      typeof schema === "object" &&
      schema !== null &&
      !Array.isArray(schema) &&
      typesOf(schema as Record<string, unknown>).join() === "object";
    if (valid) return [];
    return [
      {
        path: toolPath(tool, request.schemaKey),
        tool: index,
        message: 'inputSchema MUST be a valid JSON Schema object (not null) of type: "object"',
      },
    ];
  }),
};

/** The rules of the `mcp` profile. */
export const MCP_RULES: readonly ProviderRule[] = [MCP_UNIQUE_NAMES, MCP_NAME_FORMAT, MCP_INPUT_SCHEMA];
