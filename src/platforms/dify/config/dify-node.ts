/** One node of an app's `workflow.graph`, as `readDifyGraph` reads it. */
export interface DifyNode {
  /** Its place in `workflow.graph.nodes`, and the JSON path of it (`workflow.graph.nodes[3]`). */
  index: number;
  path: string;
  id: string;
  /** `data.type`: `http-request`, `tool`, `agent`, `llm`… */
  type: string;
  /** `data.title`, else the id: the name tooldeck lists it by. */
  title: string;
  data: Record<string, unknown>;
}
