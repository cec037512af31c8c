import type { FetchLike } from "../../../../../src/net/fetch-like.js";
import { markNeverResolves } from "../../../../../src/net/resolve-host.js";
import type {
  CustomToolRow,
  CustomToolSchemaRow,
} from "../../../../../src/platforms/flowise/custom-tool/custom-tool-row.js";
import {
  type CustomToolSettings,
  createCustomToolExecutable,
} from "../../../../../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import type { ToolRuntimeOptions } from "../../../../../src/runtime/runtime-options.js";
import type { ExecutableTool } from "../../../../../src/runtime/tool-result.js";

/** One request the capture service got. */
export interface Captured {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The capture service of the differential cases, in-process at `http://api.test` (and any other host):
 * `/echo` answers what it got as JSON, `/loop` redirects to itself, `/redirect/<status>` redirects to
 * `http://other.test/echo`, `/status/<n>` answers that status.
 */
export function createCaptureService(): { fetch: FetchLike; seen: Captured[] } {
  const seen: Captured[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const body = await request.text();
    const captured = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
    };
    seen.push(captured);
    const { pathname } = new URL(request.url);
    if (pathname === "/loop") return new Response(null, { status: 302, headers: { location: "/loop" } });
    const redirect = /^\/redirect\/(\d+)$/.exec(pathname);
    if (redirect)
      return new Response(null, {
        status: Number(redirect[1]),
        headers: { location: "http://other.test/echo" },
      });
    const status = /^\/status\/(\d+)$/.exec(pathname);
    if (status)
      return new Response(`status ${status[1]}`, { status: Number(status[1]), statusText: "Failed" });
    return Response.json(captured);
  };
  return { fetch, seen };
}

/** A resolver that never resolves: only IP literals and `localhost` meet Flowise's deny list. */
export const NO_DNS = markNeverResolves(
  async () => undefined,
  () => true,
);

/** A Custom Tool of the cases: code allowed, the flowise profile, the capture service behind it. */
export function customTool(
  func: string,
  schema: CustomToolSchemaRow[] = [],
  options: ToolRuntimeOptions = {},
  settings: CustomToolSettings = {},
): ExecutableTool {
  const row: CustomToolRow = { name: "case_tool", description: "a case", schema, func };
  return createCustomToolExecutable(
    row,
    {
      profile: "flowise",
      allowCode: true,
      fetch: createCaptureService().fetch,
      resolveHost: NO_DNS,
      ...options,
    },
    { ids: { chatflowId: "cf-1", sessionId: "s-1", chatId: "c-1" }, ...settings },
  );
}

/** The output the model sees for one call. */
export async function outputOf(
  func: string,
  args: Record<string, unknown> = {},
  schema: CustomToolSchemaRow[] = [],
  options: ToolRuntimeOptions = {},
  settings: CustomToolSettings = {},
): Promise<string> {
  return (await customTool(func, schema, options, settings).invoke(args)).output;
}
