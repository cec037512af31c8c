import { ToolDeckError } from "../errors.js";

/**
 * An MCP server whose tools are listed for `tools`, `lint` and `check`: a command to spawn
 * (`mcp:<command…>`, stdio) or a Streamable HTTP endpoint (`mcp+http://…`, `mcp+https://…`).
 * Only ever made from a command-line argument the user typed (docs/mcp.md, docs/security.md).
 */
export type McpToolSource =
  | { kind: "stdio"; name: string; command: string; args: string[] }
  | { kind: "http"; name: string; url: string };

const HTTP_SOURCE = /^mcp\+(https?:\/\/.*)$/;

/** Whether a command-line argument names an MCP server rather than a config file or folder. */
export function isMcpToolSource(argument: string): boolean {
  return argument.startsWith("mcp:") || argument.startsWith("mcp+");
}

/**
 * The MCP server a command-line argument names: `mcp:node server.js --flag` (split like a shell would,
 * with '…' and "…" quoting and \ escapes, but run without one) or `mcp+http://127.0.0.1:4020/mcp`.
 * Throws a usage error for an empty command, unbalanced quotes or another scheme.
 */
export function parseMcpToolSource(argument: string): McpToolSource {
  if (argument.startsWith("mcp:")) {
    const [command, ...args] = splitCommandLine(argument.slice(4), argument);
    if (command === undefined)
      throw new ToolDeckError("usage", `'${argument}': name the command to run after mcp:`);
    return { kind: "stdio", name: argument, command, args };
  }
  const url = HTTP_SOURCE.exec(argument)?.[1];
  if (url === undefined || !URL.canParse(url))
    throw new ToolDeckError(
      "usage",
      `'${argument}': an MCP server is mcp:<command…> or mcp+http(s)://host/path`,
    );
  return { kind: "http", name: argument, url };
}

/** Words of a command line, as a POSIX shell splits them, without expansions of any kind. */
export function splitCommandLine(text: string, argument = text): string[] {
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
  if (quote) throw new ToolDeckError("usage", `'${argument}': unbalanced ${quote} quote`);
  if (word !== undefined) words.push(word);
  return words;
}
