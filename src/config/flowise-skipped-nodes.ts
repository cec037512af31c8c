/** Flowise nodes that call HTTP but are not request tools yet: kept in `skipped` for later loaders. */
export const SKIPPED_NODE_REASONS: Readonly<Record<string, string>> = {
  openAPIToolkit: "OpenAPI toolkit nodes are not modelled yet",
};

/** Why a node is skipped, or undefined when it is not one tooldeck keeps in `skipped`. */
export function skippedNodeReason(node: string): string | undefined {
  return Object.hasOwn(SKIPPED_NODE_REASONS, node) ? SKIPPED_NODE_REASONS[node] : undefined;
}
