import { existsSync } from "node:fs";
import type { LoadedTool } from "../config/tool-config.js";
import { ToolDeckError } from "../errors.js";
import { inferSpec } from "../infer/infer-spec.js";
import { loadSpec } from "../openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../openapi/operation-index.js";
import type { Exchange } from "../traffic/exchange.js";
import { loadTraffic } from "../traffic/load-traffic.js";

/** Where `check` looks for recorded traffic when none is named: the scenarios' cassettes. */
export const DEFAULT_TRAFFIC = "scenarios/";

export interface TrafficSpecOptions {
  /** Files and folders of recorded traffic (`--traffic`); default `scenarios/` when it exists. */
  paths?: readonly string[] | undefined;
  /** `{{$vars.…}}` values the tools' URLs are read with. */
  vars: Record<string, string>;
  /** Folders the traffic may be read from (the project's). */
  roots: readonly string[];
  note: (message: string) => void;
}

/**
 * The description `check` uses when none is given or found, inferred from recorded traffic with the
 * tools' own host (docs/traffic.md): the exchanges under `paths` with the origin the most tools call and
 * traffic was recorded with. Undefined when no tool's host has any; `note` hears which host, and from
 * how many exchanges (`spec inferred from 214 recorded exchanges with https://api.mycompany.com`).
 * A folder named that cannot be read is a `load` error; the default one is read only when it is there.
 */
export async function trafficSpec(
  tools: readonly LoadedTool[],
  options: TrafficSpecOptions,
): Promise<OperationIndex | undefined> {
  const named = options.paths !== undefined && options.paths.length > 0;
  const paths = named ? (options.paths as readonly string[]) : [DEFAULT_TRAFFIC];
  if (!named && !existsSync(DEFAULT_TRAFFIC)) return undefined;
  const traffic = loadTraffic(paths, { roots: options.roots });
  const origin = busiestToolOrigin(toolOrigins(tools, options.vars), traffic.exchanges);
  if (origin === undefined) return undefined;
  const inferred = inferSpec(traffic.exchanges, { origin });
  if (!inferred) return undefined;
  options.note(
    `spec inferred from ${inferred.exchanges} recorded exchanges with ${origin} (${paths.join(", ")}): the tools are linted and probed against what the traffic showed`,
  );
  try {
    return createOperationIndex(await loadSpec(inferred.document, { label: `traffic with ${origin}` }));
  } catch (cause) {
    throw new ToolDeckError(
      "internal",
      `the description inferred from traffic does not load: ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
}

/** The origins the tools call, with how many tools call each: `{{$vars.x}}` read from the variables. */
function toolOrigins(tools: readonly LoadedTool[], vars: Record<string, string>): Map<string, number> {
  const origins = new Map<string, number>();
  for (const { config } of tools) {
    if (!("url" in config) || typeof config.url !== "string") continue;
    const url = config.url.replace(
      /\{\{\s*\$vars\.([\w-]+)\s*\}\}/g,
      (whole, name: string) => vars[name] ?? whole,
    );
    const origin = originOf(url);
    if (origin !== undefined) origins.set(origin, (origins.get(origin) ?? 0) + 1);
  }
  return origins;
}

/** Of the tools' origins with recorded traffic, the one most tools call (then the most exchanges). */
function busiestToolOrigin(origins: Map<string, number>, exchanges: readonly Exchange[]): string | undefined {
  const recorded = new Map<string, number>();
  for (const { request } of exchanges) {
    const origin = originOf(request.url);
    if (origin !== undefined && origins.has(origin)) recorded.set(origin, (recorded.get(origin) ?? 0) + 1);
  }
  const ranked = [...recorded].sort(
    ([a, aCount], [b, bCount]) => (origins.get(b) ?? 0) - (origins.get(a) ?? 0) || bCount - aCount,
  );
  return ranked[0]?.[0];
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
