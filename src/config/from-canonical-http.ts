import { type HttpNodeConfig, HttpNodeConfigSchema } from "./http-node-config.js";
import type { LoadSink } from "./load-sink.js";
import { reportZodIssues } from "./report-zod-issues.js";

/** An HTTP node in tooldeck's format (`kind: http`), method in any case; undefined when it has errors. */
export function fromCanonicalHttp(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): HttpNodeConfig | undefined {
  const draft = { ...value };
  if (typeof draft.method === "string") draft.method = draft.method.toUpperCase();
  const parsed = HttpNodeConfigSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  reportZodIssues(parsed.error, path, sink.error);
  return undefined;
}
