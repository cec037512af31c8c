import { z } from "zod/v3";
import type { FlowiseNumberNode, FlowiseObjectNode, FlowiseSchemaNode } from "./flowise-schema-node.js";

/**
 * The zod v3 schema Flowise 3.1 builds for a tool's input, call for call: the type, `.describe()`,
 * then `.optional()`. Arguments are validated with it, so it also carries Flowise's error texts.
 *
 * @example
 * parseFlowiseArgs(toFlowiseZod(flowiseInputTree(operation)), { PathParameters: { id: "7" } });
 */
export function toFlowiseZod(root: FlowiseObjectNode): z.ZodObject<z.ZodRawShape> {
  return objectSchema(root);
}

function toZod(node: FlowiseSchemaNode): z.ZodTypeAny {
  const schema = typeOf(node);
  const described = node.description === undefined ? schema : schema.describe(node.description);
  return node.optional ? described.optional() : described;
}

function typeOf(node: FlowiseSchemaNode): z.ZodTypeAny {
  switch (node.kind) {
    case "object":
      return objectSchema(node);
    case "string":
      return node.requiredError === undefined ? z.string() : z.string({ required_error: node.requiredError });
    case "number":
      return numberSchema(node);
    case "boolean":
      return node.requiredError === undefined
        ? z.boolean()
        : z.boolean({ required_error: node.requiredError });
    case "enum":
      return z.enum(node.values as [string, ...string[]]);
    case "union":
      return z.union(node.members.map(toZod) as unknown as [z.ZodTypeAny, z.ZodTypeAny]);
    case "array":
      return z.array(toZod(node.items));
    case "null":
      return z.null();
    case "unknown":
      return z.unknown();
  }
}

function objectSchema(node: FlowiseObjectNode): z.ZodObject<z.ZodRawShape> {
  const shape: z.ZodRawShape = {};
  for (const [name, property] of node.shape) shape[name] = toZod(property);
  return z.object(shape);
}

function numberSchema(node: FlowiseNumberNode): z.ZodNumber {
  let number =
    node.requiredError === undefined ? z.number() : z.number({ required_error: node.requiredError });
  if (node.int) number = number.int();
  if (node.minimum !== undefined) number = number.min(node.minimum);
  if (node.maximum !== undefined) number = number.max(node.maximum);
  return number;
}
