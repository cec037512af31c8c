import { PathTrie } from "../openapi/path-trie.js";
import { parseToolUrl, toUrlSegments } from "../openapi/tool-url.js";

/** A call a tool makes: its method and URL (a template such as `{{$vars.base_url}}/events/:id`, or a recorded URL). */
export interface ToolCallShape {
  name: string;
  method: string;
  url: string;
}

/**
 * Names the tool behind a method and path, from tool configs and the calls cassettes recorded: the path
 * is matched against each tool's URL path, wherever its origin points (an agent aimed at `tooldeck proxy`
 * calls it with the paths its tools are written with). Undefined when no tool makes such a call; several
 * tools are named together (`get_event, find_event`).
 * @example
 * const name = createToolNamer([{ name: "get_event", method: "GET", url: "{{$vars.base_url}}/events/:id" }]);
 * name("GET", "/events/7"); // "get_event"
 */
export function createToolNamer(
  shapes: readonly ToolCallShape[],
): (method: string, path: string) => string | undefined {
  const trie = new PathTrie<{ method: string; names: string[] }>();
  const byKey = new Map<string, { method: string; names: string[] }>();
  for (const shape of shapes) {
    const method = shape.method.toUpperCase();
    const template = templateOf(parseToolUrl(shape.url).path);
    const key = `${method} ${template}`;
    const entry = byKey.get(key);
    if (entry) {
      if (!entry.names.includes(shape.name)) entry.names.push(shape.name);
      continue;
    }
    const created = { method, names: [shape.name] };
    byKey.set(key, created);
    trie.add(template, created);
  }
  return (method, path) => {
    for (const node of trie.matches(toUrlSegments(path))) {
      const found = node.operations.get(method.toUpperCase());
      if (found) return found.names.join(", ");
    }
    return undefined;
  };
}

/** A tool's path as a trie template: `:id` and segments holding `{{…}}` become `{…}` parameters. */
function templateOf(path: string): string {
  return path
    .split("/")
    .map((segment) =>
      /^:[A-Za-z_][\w-]*$/.test(segment)
        ? `{${segment.slice(1)}}`
        : segment.includes("{{")
          ? "{value}"
          : segment,
    )
    .join("/");
}
