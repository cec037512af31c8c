import type { Context } from "hono";
import { FlowiseApiError } from "./flowise-api-error.js";

/** `?page=P&limit=L` as Flowise reads it; -1 means "not given". Paginate only when both are > 0. */
export interface Pagination {
  page: number;
  limit: number;
}

/**
 * Flowise's `getPageAndLimitParams`: each value given is read with `parseInt` (so `2.5` is 2 and
 * `abc` is ignored); a negative one is 412 `Error: page cannot be negative!` (page checked first).
 */
export function readPagination(c: Context): Pagination {
  return { page: readNonNegative(c, "page"), limit: readNonNegative(c, "limit") };
}

/** The one page of `items`, with the total, when pagination is asked for. */
export function paginate<T>(
  items: readonly T[],
  { page, limit }: Pagination,
): { data: T[]; total: number } | T[] {
  if (!(page > 0 && limit > 0)) return [...items];
  return { data: items.slice((page - 1) * limit, page * limit), total: items.length };
}

function readNonNegative(c: Context, name: "page" | "limit"): number {
  const raw = c.req.query(name);
  if (!raw) return -1;
  const value = Number.parseInt(raw, 10);
  if (value < 0) throw new FlowiseApiError(412, `Error: ${name} cannot be negative!`);
  return value;
}
