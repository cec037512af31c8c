import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";

/** How the credentials an operation takes changed, said in one line each way; undefined when what worked still does. */
export interface AuthChange {
  /** `apiKey in header X-API-Key`, `none`. */
  from: string;
  to: string;
  /** Security was dropped: nothing breaks, the tool may stop sending a credential. */
  loosened: boolean;
}

type Requirement = string[];

/**
 * Whether the new operation still accepts what the old one took: each way to authenticate (a security
 * requirement: its schemes, each by type and where its credential goes, not by its name) of the old one is
 * looked for among the new ones. The operation's `security`, else the document's, applies.
 * @example
 * authChange(before, oldOp, after, newOp); // { from: "apiKey in header X-API-Key", to: "http bearer", loosened: false }
 */
export function authChange(
  beforeSpec: OperationIndex,
  before: IndexedOperation,
  afterSpec: OperationIndex,
  after: IndexedOperation,
): AuthChange | undefined {
  const old = requirements(beforeSpec, before);
  const next = requirements(afterSpec, after);
  const nextKeys = new Set(next.map((requirement) => requirement.join(" and ")));
  const anonymous = (list: Requirement[]) =>
    list.length === 0 || list.some((requirement) => requirement.length === 0);
  if (anonymous(next)) {
    return anonymous(old) ? undefined : { from: describe(old), to: "none", loosened: true };
  }
  if (old.some((requirement) => nextKeys.has(requirement.join(" and ")))) return undefined;
  return { from: describe(old), to: describe(next), loosened: false };
}

/** Each way to authenticate, as its schemes' descriptions, sorted. */
function requirements(spec: OperationIndex, operation: IndexedOperation): Requirement[] {
  const own = (operation.operation as { security?: unknown }).security;
  const security = Array.isArray(own) ? own : (spec.spec.document as { security?: unknown }).security;
  if (!Array.isArray(security)) return [];
  const schemes = (spec.spec.document.components as { securitySchemes?: Record<string, unknown> } | undefined)
    ?.securitySchemes;
  return security.map((requirement) =>
    Object.keys(typeof requirement === "object" && requirement !== null ? requirement : {})
      .map((name) => schemeText(schemes?.[name], name))
      .sort(),
  );
}

function schemeText(scheme: unknown, name: string): string {
  if (typeof scheme !== "object" || scheme === null) return `undeclared scheme ${name}`;
  const { type, in: where, name: key, scheme: httpScheme } = scheme as Record<string, unknown>;
  if (type === "apiKey") return `apiKey in ${String(where)} ${String(key)}`;
  if (type === "http") return `http ${String(httpScheme ?? "").toLowerCase()}`;
  return String(type);
}

function describe(list: Requirement[]): string {
  if (list.length === 0) return "none";
  return list.map((requirement) => requirement.join(" and ") || "none").join(" or ");
}
