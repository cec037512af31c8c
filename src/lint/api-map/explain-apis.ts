import type { LoadedTool } from "../../config/tool-config.js";
import { toolLabel } from "../diagnostic.js";
import { toolIdentity } from "../lint.js";
import type { ApiMap } from "./api.js";
import { matchTool } from "./match-tool.js";
import type { ApiMatch } from "./match-url.js";

/**
 * `--explain`: which description judged each tool's requests, and why, one line per tool and API
 * (`get_events (tools/request-tools.yaml): Event Management API, by host localhost:5566`), the tool named
 * as its findings name it (`Update_Event (node "Update Event")`).
 * @example
 * for (const line of explainApis(loaded.tools, map)) console.error(line);
 */
export function explainApis(tools: readonly LoadedTool[], map: ApiMap): string[] {
  return tools.flatMap((tool) => {
    const reasons = new Set(matchTool(map, tool).map(({ match }) => describeMatch(match)));
    const label = toolLabel(toolIdentity(tool));
    return [...reasons].map((reason) => `${label} (${tool.source.file}): ${reason}`);
  });
}

/** What a match says: the API and why, or why there is none. */
export function describeMatch(match: ApiMatch): string {
  switch (match.by) {
    case "host":
      return `${match.api.name}, by host ${match.host} (${match.api.from})`;
    case "base-url-var":
      return `${match.api.name}, by its base URL variable {{$vars.${match.variable}}} (${match.api.from})`;
    case "base-url":
      return `${match.api.name}, the only description in play, of the service --base-url sends every tool to`;
    case "single-spec":
      return `${match.api.name}, the only description in play (${unknownWhy(match.variable)})`;
    case "no-spec":
      return `not compared: no OpenAPI description for ${match.host}`;
    case "unknown-host":
      return `not compared: ${unknownWhy(match.variable)} and several descriptions are in play (name it as an API's baseUrlVar in apis:, or give --var)`;
  }
}

function unknownWhy(variable: string | undefined): string {
  return variable === undefined ? "the URL names no host" : `{{$vars.${variable}}} has no value`;
}
