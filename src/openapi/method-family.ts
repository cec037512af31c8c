/** What a method does to a resource, as an agent relies on it. */
export type MethodFamily = "read" | "create" | "update" | "delete";

const FAMILIES: Readonly<Record<string, MethodFamily>> = {
  GET: "read",
  HEAD: "read",
  OPTIONS: "read",
  POST: "create",
  PUT: "update",
  PATCH: "update",
  DELETE: "delete",
};

/**
 * The family of an HTTP method (`PUT` and `PATCH` both update), undefined for one outside them (`TRACE`).
 * @example
 * methodFamily("patch"); // "update"
 */
export function methodFamily(method: string | undefined): MethodFamily | undefined {
  return method === undefined ? undefined : FAMILIES[method.toUpperCase()];
}
