import { ToolDeckError } from "../errors.js";

/**
 * An MCP server whose tools are listed for `tools`, `lint` and `check`: a command to spawn (stdio) or a
 * Streamable HTTP endpoint. Only ever made from a flag the user typed (`--mcp 'node server.js'`,
 * `--mcp-url http://127.0.0.1:4020/mcp`), never from a path: a file named `mcp:…` is a file
 * (docs/mcp.md, docs/security.md). `name` is how reports name it: the flag as typed.
 */
export type McpToolSource =
  | { kind: "stdio"; name: string; command: string; args: string[] }
  | { kind: "http"; name: string; url: string };

/**
 * The MCP server a command line starts (`--mcp`): split like a shell would, with '…' and "…" quoting
 * and \ escapes, but run without one (no variables, globs, pipes or `;`). Throws a usage error for an
 * empty command or unbalanced quotes.
 * @example
 * mcpCommandSource("node server.js --flag"); // { kind: "stdio", name: "--mcp node server.js --flag", command: "node", args: ["server.js", "--flag"] }
 */
export function mcpCommandSource(commandLine: string): McpToolSource {
  const name = `--mcp ${commandLine}`;
  const [command, ...args] = splitCommandLine(commandLine, name);
  if (command === undefined)
    throw new ToolDeckError("usage", "--mcp needs the command that starts an MCP server");
  return { kind: "stdio", name, command, args };
}

/**
 * The Streamable HTTP MCP server at an http(s) URL (`--mcp-url`). Throws a usage error for anything
 * else.
 * @example
 * mcpUrlSource("http://127.0.0.1:4020/mcp"); // { kind: "http", name: "--mcp-url http://127.0.0.1:4020/mcp", url: "http://127.0.0.1:4020/mcp" }
 */
export function mcpUrlSource(url: string): McpToolSource {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw new ToolDeckError("usage", `--mcp-url must be an http(s) URL, got '${url}'`);
  return { kind: "http", name: `--mcp-url ${url}`, url };
}

/**
 * Words of a command line, as a POSIX shell splits them, without expansions of any kind; `label`
 * names it in an error.
 */
export function splitCommandLine(text: string, label = text): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (
      char === "\\" &&
      i + 1 < text.length &&
      (quote === undefined || /["\\$`]/.test(text[i + 1] ?? ""))
    ) {
      word = (word ?? "") + text[++i];
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= "";
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (quote) throw new ToolDeckError("usage", `'${label}': unbalanced ${quote} quote`);
  if (word !== undefined) words.push(word);
  return words;
}
