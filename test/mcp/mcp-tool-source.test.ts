import { describe, expect, test } from "vitest";
import { mcpCommandSource, mcpUrlSource } from "../../src/mcp/mcp-tool-source.js";

describe("an MCP server named with --mcp (a command line, split as a shell would, run without one)", () => {
  test.each([
    ["node server.js", { command: "node", args: ["server.js"] }],
    ["  npx -y @scope/server  --flag ", { command: "npx", args: ["-y", "@scope/server", "--flag"] }],
    [`node -e 'console.log("a b")'`, { command: "node", args: ["-e", 'console.log("a b")'] }],
    [
      `cmd "two words" "say \\"hi\\"" a\\ b ''`,
      { command: "cmd", args: ["two words", 'say "hi"', "a b", ""] },
    ],
    ["run a;b $HOME `x`", { command: "run", args: ["a;b", "$HOME", "`x`"] }],
  ])("%s", (commandLine, expected) => {
    expect(mcpCommandSource(commandLine)).toEqual({
      kind: "stdio",
      name: `--mcp ${commandLine}`,
      ...expected,
    });
  });

  test.each([
    ["", "--mcp needs the command that starts an MCP server"],
    ["   ", "--mcp needs the command that starts an MCP server"],
    ["node 'open", "'--mcp node 'open': unbalanced ' quote"],
    ['node "open', `'--mcp node "open': unbalanced " quote`],
  ])("%j is a usage error", (commandLine, message) => {
    expect(() => mcpCommandSource(commandLine)).toThrow(expect.objectContaining({ code: "usage", message }));
  });
});

describe("an MCP server named with --mcp-url (Streamable HTTP)", () => {
  test.each(["http://127.0.0.1:4020/mcp", "https://mcp.example/v1"])("%s", (url) => {
    expect(mcpUrlSource(url)).toEqual({ kind: "http", name: `--mcp-url ${url}`, url });
  });

  test.each(["ftp://x/y", "http://", "mcp+http://127.0.0.1/mcp", "127.0.0.1:4020/mcp", "file:///etc/passwd"])(
    "%s is a usage error",
    (url) => {
      expect(() => mcpUrlSource(url)).toThrow(
        expect.objectContaining({ code: "usage", message: `--mcp-url must be an http(s) URL, got '${url}'` }),
      );
    },
  );
});
