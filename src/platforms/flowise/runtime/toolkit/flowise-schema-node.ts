/**
 * What Flowise 3.1 builds for a tool's input, as plain data: one node per zod v3 schema it would
 * create. `description` is the text given to `.describe()` and `optional` means `.optional()` was
 * called after it; `requiredError` is the `required_error` Flowise passes to `z.string()`,
 * `z.number()` or `z.boolean()`. The zod schema and its JSON Schema are both derived from this tree.
 */
export type FlowiseSchemaNode =
  | FlowiseObjectNode
  | FlowiseStringNode
  | FlowiseNumberNode
  | FlowiseBooleanNode
  | FlowiseEnumNode
  | FlowiseUnionNode
  | FlowiseArrayNode
  | FlowiseNullNode
  | FlowiseUnknownNode;

interface NodeMeta {
  description?: string;
  optional?: true;
}

/** `shape` keeps the properties in the order Flowise adds them (a Map: cheaper to build than an object). */
export interface FlowiseObjectNode extends NodeMeta {
  kind: "object";
  shape: Map<string, FlowiseSchemaNode>;
}

export interface FlowiseStringNode extends NodeMeta {
  kind: "string";
  requiredError?: string;
}

export interface FlowiseNumberNode extends NodeMeta {
  kind: "number";
  requiredError?: string;
  int?: true;
  minimum?: number;
  maximum?: number;
}

export interface FlowiseBooleanNode extends NodeMeta {
  kind: "boolean";
  requiredError?: string;
}

/** `values` are the spec's `enum` as written: Flowise hands them to `z.enum` unchecked. */
export interface FlowiseEnumNode extends NodeMeta {
  kind: "enum";
  values: readonly unknown[];
}

export interface FlowiseUnionNode extends NodeMeta {
  kind: "union";
  members: FlowiseSchemaNode[];
}

export interface FlowiseArrayNode extends NodeMeta {
  kind: "array";
  items: FlowiseSchemaNode;
}

export interface FlowiseNullNode extends NodeMeta {
  kind: "null";
}

export interface FlowiseUnknownNode extends NodeMeta {
  kind: "unknown";
}
