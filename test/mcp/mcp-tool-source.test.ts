import { describe, expect, test } from "vitest";
import { isMcpToolSource, parseMcpToolSource } from "../../src/mcp/mcp-tool-source.js";

describe("an MCP tool source on the command line", () => {
  test.each([
    ["mcp:node server.js", { kind: "stdio", command: "node", args: ["server.js"] }],
    [
      "mcp:  npx -y @scope/server  --flag ",
      { kind: "stdio", command: "npx", args: ["-y", "@scope/server", "--flag"] },
    ],
    [
      `mcp:node -e 'console.log("a b")'`,
      { kind: "stdio", command: "node", args: ["-e", 'console.log("a b")'] },
    ],
    [
      `mcp:cmd "two words" "say \\"hi\\"" a\\ b ''`,
      { kind: "stdio", command: "cmd", args: ["two words", 'say "hi"', "a b", ""] },
    ],
    ["mcp:run a;b $HOME `x`", { kind: "stdio", command: "run", args: ["a;b", "$HOME", "`x`"] }],
    ["mcp+http://127.0.0.1:4020/mcp", { kind: "http", url: "http://127.0.0.1:4020/mcp" }],
    ["mcp+https://mcp.example/v1", { kind: "http", url: "https://mcp.example/v1" }],
  ])("%s", (argument, expected) => {
    expect(isMcpToolSource(argument)).toBe(true);
    expect(parseMcpToolSource(argument)).toEqual({ name: argument, ...expected });
  });

  test.each([
    ["mcp:", "'mcp:': name the command to run after mcp:"],
    ["mcp:   ", "'mcp:   ': name the command to run after mcp:"],
    ["mcp:node 'open", "'mcp:node 'open': unbalanced ' quote"],
    ['mcp:node "open', `'mcp:node "open': unbalanced " quote`],
    ["mcp+ftp://x/y", "'mcp+ftp://x/y': an MCP server is mcp:<command…> or mcp+http(s)://host/path"],
    ["mcp+http://", "'mcp+http://': an MCP server is mcp:<command…> or mcp+http(s)://host/path"],
  ])("%s is a usage error", (argument, message) => {
    expect(() => parseMcpToolSource(argument)).toThrow(message);
  });

  test.each([
    "tools/",
    "tools/mcp:x.yaml",
    "./mcp:node x",
    "MCP:node x",
    "MCP+http://x/",
    "flowise:chatflow",
  ])("%s is a path, not an MCP source", (argument) => expect(isMcpToolSource(argument)).toBe(false));
});
