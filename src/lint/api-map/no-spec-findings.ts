import type { LoadedTool } from "../../config/tool-config.js";
import type { Diagnostic } from "../diagnostic.js";
import { toolIdentity } from "../lint.js";
import type { ApiMap } from "./api.js";
import { matchTool } from "./match-tool.js";

/** How many tools a `no-spec` finding names before it says "and N more". */
const NAMED = 5;

/**
 * One info per host that no API of the map describes, naming the tools whose requests go there: nothing
 * compared them with a description, which is said once rather than as an error per tool. Said only when
 * some description is in play (with none, the run's note says that the comparisons were skipped). It sits
 * on the file of the first tool calling the host.
 */
export function noSpecFindings(tools: readonly LoadedTool[], map: ApiMap): Diagnostic[] {
  if (map.apis.length === 0) return [];
  const byHost = new Map<string, LoadedTool[]>();
  for (const tool of tools) {
    const hosts = new Set(
      matchTool(map, tool).flatMap(({ match }) => (match.by === "no-spec" ? [match.host] : [])),
    );
    for (const host of hosts) {
      const calling = byHost.get(host);
      if (calling) calling.push(tool);
      else byHost.set(host, [tool]);
    }
  }
  return [...byHost].map(([host, calling]) => {
    const [first] = calling as [LoadedTool];
    const labelOf = labelsOf(calling);
    const names = [...new Set(calling.map(labelOf))];
    const listed =
      names.slice(0, NAMED).join(", ") + (names.length > NAMED ? `, and ${names.length - NAMED} more` : "");
    const count = calling.length === 1 ? "1 tool" : `${calling.length} tools`;
    return {
      code: "no-spec",
      severity: "info",
      tool: "",
      file: first.source.file,
      path: "",
      message: `no OpenAPI description for ${host}: ${count} not compared (${listed})`,
      suggestion: `give its description with --spec, or name ${host} under an API's hosts in apis: of tooldeck.config.yaml`,
    };
  });
}

/**
 * A tool as the finding lists it: the name its model sees, with its agent (its flow, or its file) when another agent's
 * tool of that name calls the host too (two flows' get_forecast), so the list names every tool it counts. The
 * agents of each name are gathered once, so a host called by thousands of tools is listed in linear time.
 */
function labelsOf(calling: readonly LoadedTool[]): (tool: LoadedTool) => string {
  const agentsOf = new Map<string, Set<string>>();
  for (const tool of calling) {
    const name = toolIdentity(tool).tool;
    const agents = agentsOf.get(name) ?? new Set<string>();
    agents.add(agentOf(tool));
    agentsOf.set(name, agents);
  }
  return (tool) => {
    const name = toolIdentity(tool).tool;
    const twin = (agentsOf.get(name)?.size ?? 0) > 1;
    return twin ? `${name} (${agentOf(tool)})` : name;
  };
}

function agentOf(tool: LoadedTool): string {
  return tool.source.agent?.label ?? tool.source.file;
}
