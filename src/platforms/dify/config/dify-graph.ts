import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { DifyNode } from "./dify-node.js";

/** A node of an app's graph, as far as the loader reads it. */
/**
 * The nodes of `workflow.graph` (reference/dify-tools.md facts 7, 95), each checked as graphon's loader
 * checks it, with its messages: a node that is not a mapping, has no id, a duplicate id, or no
 * `data.type` is an error and is not read; `custom-note` nodes are skipped; the edges must name known
 * nodes. Nodes inside iterations and loops are in the same list (their `parentId` says where), so they
 * are read like the others.
 */
export function readDifyGraph(graph: Record<string, unknown>, path: string, sink: LoadSink): DifyNode[] {
  const nodes: DifyNode[] = [];
  const ids = new Set<string>();
  if (!Array.isArray(graph.nodes)) {
    sink.error(joinPath(path, "nodes"), "Graph nodes must be a list.");
    return nodes;
  }
  graph.nodes.forEach((value, index) => {
    const node = readNode(value, joinPath(path, "nodes", index), index, ids, sink);
    if (node) nodes.push(node);
  });
  checkEdges(graph.edges, joinPath(path, "edges"), ids, sink);
  return nodes;
}

function readNode(
  value: unknown,
  path: string,
  index: number,
  ids: Set<string>,
  sink: LoadSink,
): DifyNode | undefined {
  if (!isPlainObject(value)) {
    sink.error(path, "Graph node must be a mapping.");
    return undefined;
  }
  if (value.type === "custom-note") return undefined;
  const id = value.id;
  if (typeof id !== "string" || id === "") {
    sink.error(joinPath(path, "id"), "Graph node id must be a non-empty string.");
    return undefined;
  }
  if (ids.has(id)) {
    sink.error(joinPath(path, "id"), `Duplicate graph node id: ${id}`);
    return undefined;
  }
  ids.add(id);
  const data = value.data;
  if (!isPlainObject(data)) {
    sink.error(joinPath(path, "data"), "Graph node data must be a mapping.");
    return undefined;
  }
  if (typeof data.type !== "string" || data.type === "") {
    sink.error(joinPath(path, "data", "type"), "Graph node data.type must be a non-empty string.");
    return undefined;
  }
  const title = typeof data.title === "string" && data.title.trim() !== "" ? data.title : id;
  return { index, path, id, type: data.type, title, data };
}

/** graphon's checks of `edges` (fact 95): a list of mappings whose `source` and `target` are known nodes. */
function checkEdges(edges: unknown, path: string, ids: ReadonlySet<string>, sink: LoadSink): void {
  if (edges === undefined || edges === null) return;
  if (!Array.isArray(edges)) {
    sink.error(path, "Graph edges must be a list.");
    return;
  }
  edges.forEach((edge, index) => {
    const where = joinPath(path, index);
    if (!isPlainObject(edge)) sink.error(where, "Graph edge must be a mapping.");
    else if (typeof edge.source !== "string" || typeof edge.target !== "string")
      sink.error(where, "Graph edge source and target must be strings.");
    else if (!ids.has(edge.source) || !ids.has(edge.target))
      sink.error(where, "Graph edge references an unknown node.");
  });
}
