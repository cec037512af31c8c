import { createTool } from "../../../../src/runtime/create-tools.js";
import type { ExecutableTool } from "../../../../src/runtime/tool-result.js";
import { AGENT_3, currentNode } from "./n8n-nodes.js";

/**
 * The agent tests' n8n tool: `get_item` (GET http://api.test/items/{id} from `$fromAI('id')`) serving
 * `agent`, its service answering `{"id": 42}` and recording the URLs it was sent.
 */
export async function itemTool(agent = AGENT_3): Promise<{ tool: ExecutableTool; urls: string[] }> {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    urls.push(String(input));
    return Response.json({ id: 42 });
  };
  const [tool] = await createTool(
    currentNode({ url: "=http://api.test/items/{{ $fromAI('id') }}" }, { name: "get_item", agent }),
    { fetch },
  );
  if (!tool) throw new Error("no tool was made");
  return { tool, urls };
}
