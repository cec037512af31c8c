import type { CallExpression, Expression, Property } from "acorn";

/** `<object>.<method>(…)` with both names written out: `JSON.stringify(x)`, `z.object({…})`. */
export function isMethodCall(node: Expression, object: string, method: string): node is CallExpression {
  return (
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    !node.callee.computed &&
    node.callee.object.type === "Identifier" &&
    node.callee.object.name === object &&
    node.callee.property.type === "Identifier" &&
    node.callee.property.name === method
  );
}

/** An object literal's key as written: `a`, `'a'`, `"content-type"`, `1`; undefined when computed. */
export function propertyKey(property: Property): string | undefined {
  if (property.computed) return undefined;
  if (property.key.type === "Identifier") return property.key.name;
  const value = property.key.type === "Literal" ? property.key.value : undefined;
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}
