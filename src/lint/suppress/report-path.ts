import { isAbsolute, relative, resolve, sep } from "node:path";

/**
 * A report's file name relative to `dir`, with `/`, so that a glob or a baseline entry means the same
 * file from any working directory (`cwd`: the folder report names are relative to). A name that is no
 * path (`flowise:<chatflow>`, an MCP server's `mcp:…`, `<stdin>`) is kept as it is.
 * @example
 * reportPath("./tools/x.yaml", "/repo", "/repo"); // "tools/x.yaml"
 */
export function reportPath(file: string, dir: string, cwd: string): string {
  if ((/^[a-z+]+:/i.test(file) && !isAbsolute(file)) || file.startsWith("<")) return file;
  return relative(dir, resolve(cwd, file)).split(sep).join("/");
}
