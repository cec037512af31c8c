/** An error the n8n node itself raises during a call: the model sees `[{"error":"<message>"}]` (current node). */
export class N8nNodeError extends Error {
  override readonly name = "N8nNodeError";
}

/**
 * A call tooldeck cannot make as n8n would: an expression it does not evaluate, an unknown variable, a
 * missing credential, a feature not modelled. Nothing is sent.
 */
export class NotReproducible extends Error {
  override readonly name = "NotReproducible";
}
